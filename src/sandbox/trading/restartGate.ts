/**
 * While the matching engine restarts, every authenticated route of the order book answers 425
 * with `Retry-After` (spec: 425 is listed under "any authenticated endpoint"), before its
 * authentication is checked and before its body is read. Public reads (book, prices, market
 * data, the health check) keep answering: their error tables list no 425, and the public
 * service keeps serving market data while orders are held (docs/decisions/38-sandbox-spec-rules/).
 *
 * The list below is every route of the order-book server that needs credentials: L1 (create or
 * derive a key), L2 (orders, cancels, the account's reads, notifications, heartbeats, key
 * management) and the builder headers. The conformance test checks it against the routes that
 * answer 401 without credentials, so a new authenticated route cannot be left off silently.
 */
import type { Reply } from '../http/reply';
import { Router } from '../http/router';
import type { ExchangeMode } from './exchangeMode';

export const AUTHENTICATED_ROUTES: ReadonlyArray<readonly [method: string, pattern: string]> = [
  // L1
  ['POST', '/auth/api-key'],
  ['GET', '/auth/derive-api-key'],
  // L2
  ['DELETE', '/auth/api-key'],
  ['GET', '/auth/api-keys'],
  ['POST', '/auth/builder-api-key'],
  ['GET', '/auth/builder-api-key'],
  ['POST', '/order'],
  ['POST', '/orders'],
  ['DELETE', '/order'],
  ['DELETE', '/orders'],
  ['DELETE', '/cancel-all'],
  ['DELETE', '/cancel-market-orders'],
  ['GET', '/data/order/:id'],
  ['GET', '/data/orders'],
  ['GET', '/data/trades'],
  ['GET', '/balance-allowance'],
  ['GET', '/balance-allowance/update'],
  ['GET', '/notifications'],
  ['DELETE', '/notifications'],
  ['POST', '/v1/heartbeats'],
  // Builder headers
  ['DELETE', '/auth/builder-api-key'],
  ['GET', '/builder/trades'],
];

const routes = AUTHENTICATED_ROUTES.reduce((router, [method, pattern]) => router.on(method, pattern, () => ({ status: 425, body: null })), new Router());

export const isAuthenticatedRoute = (method: string, path: string): boolean => routes.match(method, path).kind === 'found';

/** The 425 a request gets while the engine restarts, or null (another mode, or a public route). */
export function restartRefusal(mode: ExchangeMode, method: string, path: string): Reply | null {
  return isAuthenticatedRoute(method, path) ? mode.tradingGate() : null;
}
