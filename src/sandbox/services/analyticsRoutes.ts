/**
 * Analytics data service (`/v2`): health plus the data routes, each in its own file under
 * src/sandbox/analytics. Every route answers GET only; the gated router counts and throttles
 * every request on the analytics edge windows and words failures as the spec's error body.
 */
import { ok } from '../http/reply';
import type { Router } from '../http/router';
import { activityHandler } from '../analytics/activityRoute';
import type { AnalyticsContext } from '../analytics/context';
import { GatedAnalyticsRouter, type GateConfig } from '../analytics/gatedRouter';

export function analyticsRouter(ctx: AnalyticsContext, gate: GateConfig | null = null): Router {
  return new GatedAnalyticsRouter(gate)
    .on('GET', '/v2/health', () => ok({ data: { status: 'ok' } }))
    .on('GET', '/v2/activity', activityHandler(ctx));
}
