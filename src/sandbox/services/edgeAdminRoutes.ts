/**
 * Sandbox admin routes on the order-book server: the edge counters tests read to prove a
 * client stayed inside the documented windows. Loopback-only even if the sandbox is ever
 * bound wider, because resetting counters remotely would let anyone hide a budget breach.
 */
import type { EdgeGate } from '../edge/edgeGate';
import { isLoopback } from '../http/adminGuard';
import { ok, reply } from '../http/reply';
import type { RequestContext, Router } from '../http/router';

// Host, Origin and Content-Type are checked for every `/sandbox/` path by http/adminGuard.ts.
export { ADMIN_PREFIX, isLoopback } from '../http/adminGuard';

function loopbackOnly(handler: (ctx: RequestContext) => ReturnType<typeof ok>) {
  return (ctx: RequestContext) =>
    isLoopback(ctx.remoteAddress) ? handler(ctx) : reply(403, { error: 'sandbox admin routes are loopback-only' });
}

export function addEdgeAdminRoutes(router: Router, gate: EdgeGate): Router {
  return router
    .on('GET', '/sandbox/edge-stats', loopbackOnly(() => ok({ scopes: gate.stats() })))
    .on('POST', '/sandbox/edge-stats/reset', loopbackOnly(() => {
      gate.resetStats();
      return ok({ reset: true });
    }));
}
