/**
 * Analytics data service (`/v2`): health plus the data routes, each in its own file under
 * src/sandbox/analytics. Every route answers GET only; the gated router counts and throttles
 * every request on the analytics edge windows and words failures as the spec's error body.
 * Heavy queries (cross-wallet aggregations and position books) take a capacity slot first.
 */
import { ok, type Reply } from '../http/reply';
import type { Handler, RequestContext } from '../http/router';
import { activityHandler } from '../analytics/activityRoute';
import { approvalsHandler } from '../analytics/approvalsRoute';
import { builderHandlers } from '../analytics/buildersRoutes';
import { comboPositionsHandler } from '../analytics/comboPositionsRoute';
import { ComboHistories, combosHandler } from '../analytics/combosRoute';
import type { AnalyticsContext } from '../analytics/context';
import { GatedAnalyticsRouter, type GateConfig } from '../analytics/gatedRouter';
import { leaderboardHandler } from '../analytics/leaderboardRoute';
import { marketHandlers } from '../analytics/marketRoutes';
import { positionHandlers } from '../analytics/positionsRoute';
import { tradesHandler } from '../analytics/tradesRoute';
import { winnersHandler } from '../analytics/winnersRoute';

export function analyticsRouter(ctx: AnalyticsContext, gate: GateConfig | null = null): GatedAnalyticsRouter {
  const heavy = (handler: (req: RequestContext) => Reply): Handler => (req) => ctx.heavy.run(() => handler(req));
  const positions = positionHandlers(ctx);
  const markets = marketHandlers(ctx, positions.book);
  const builders = builderHandlers(ctx);
  const trades = tradesHandler(ctx);
  const combos = new ComboHistories(ctx);
  const health = () => ok({ data: { status: 'ok' } });
  return new GatedAnalyticsRouter(gate)
    .on('GET', '/v2/health', health)
    // The edge's health-check window (100 per 10 s) names `/ok`.
    .on('GET', '/ok', health)
    .on('GET', '/v2/ok', health)
    .on('GET', '/v2/activity', activityHandler(ctx))
    .on('GET', '/v2/activity/combos', combosHandler(ctx, combos))
    .on('GET', '/v2/approvals', approvalsHandler(ctx))
    // A wallet's trades are a keyset seek like activity; the market and bare feeds merge wallets.
    .on('GET', '/v2/trades', (req) => (req.query.has('user') ? trades(req) : heavy(trades)(req)))
    .on('GET', '/v2/positions', heavy(positions.open))
    .on('GET', '/v2/closed-positions', heavy(positions.closed))
    .on('GET', '/v2/positions/combos', heavy(comboPositionsHandler(ctx, combos)))
    .on('GET', '/v2/biggest-winners', heavy(winnersHandler(ctx)))
    .on('GET', '/v2/builders/leaderboard', heavy(builders.leaderboard))
    .on('GET', '/v2/builders/volume', heavy(builders.volume))
    .on('GET', '/v2/leaderboard', heavy(leaderboardHandler(ctx)))
    .on('GET', '/v2/oi', heavy(markets.oi))
    .on('GET', '/v2/holders', heavy(markets.holders))
    .on('GET', '/v2/prices-history', markets.pricesHistory);
}
