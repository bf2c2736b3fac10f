/**
 * Analytics data service (`/v2`): health plus the data routes, each in its own file under
 * src/sandbox/analytics. Every route answers GET only; the gated router counts and throttles
 * every request on the analytics edge windows and words failures as the spec's error body.
 */
import { ok } from '../http/reply';
import type { Router } from '../http/router';
import { activityHandler } from '../analytics/activityRoute';
import { approvalsHandler } from '../analytics/approvalsRoute';
import { combosHandler } from '../analytics/combosRoute';
import type { AnalyticsContext } from '../analytics/context';
import { GatedAnalyticsRouter, type GateConfig } from '../analytics/gatedRouter';
import { positionHandlers } from '../analytics/positionsRoute';
import { tradesHandler } from '../analytics/tradesRoute';

export function analyticsRouter(ctx: AnalyticsContext, gate: GateConfig | null = null): Router {
  const positions = positionHandlers(ctx);
  return new GatedAnalyticsRouter(gate)
    .on('GET', '/v2/health', () => ok({ data: { status: 'ok' } }))
    .on('GET', '/v2/activity', activityHandler(ctx))
    .on('GET', '/v2/activity/combos', combosHandler(ctx))
    .on('GET', '/v2/approvals', approvalsHandler(ctx))
    .on('GET', '/v2/trades', tradesHandler(ctx))
    .on('GET', '/v2/positions', positions.open)
    .on('GET', '/v2/closed-positions', positions.closed);
}
