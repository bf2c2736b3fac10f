/**
 * Cancels (L2). Every answer is `{ canceled: [ids], not_canceled: { id: reason } }`:
 *   DELETE /order                 {orderID}           400 `Invalid order payload` | `Invalid orderID`
 *   DELETE /orders                [orderID] (≤ 3000)  400 `Invalid order payload` | `Invalid orderID` |
 *                                                     `Too many orders in payload, max allowed: 3000`
 *   DELETE /cancel-all            (no body)
 *   DELETE /cancel-market-orders  {market?, asset_id?} (at least one) 400 `Invalid order payload`
 * Before the payload: 425 engine restarting (restartGate.ts, first), 401 L2 auth, 429 the signer's cancel bucket; after
 * it: 503 `Trading is currently disabled…` (cancel-only and post-only modes allow cancels, as do
 * closed-only and banned addresses). Reasons in `not_canceled`: `Order not found or already
 * canceled` (unknown, someone else's, or canceled) and `Order already matched`.
 */
import { MAX_CANCELS_PER_BATCH } from '../../shared/orders/orderSchema';
import { clobError } from '../clob/clobErrors';
import { parseJson } from '../http/body';
import { ok, type Reply } from '../http/reply';
import type { RequestContext, Router } from '../http/router';
import type { CancelResult } from './tradingDesk';
import { admitTrading, type TradingDeps } from './tradingDeps';
import { TRADING_MESSAGES } from './tradingMessages';

export const ORDER_ID = /^0x[0-9a-fA-F]{64}$/;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A cancel route: the head checks, then `run` answers a refusal (Reply) or the cancel result. */
function cancelRoute(deps: TradingDeps, run: (ctx: RequestContext, address: string) => Reply | CancelResult) {
  return (ctx: RequestContext): Reply => {
    const admitted = admitTrading(ctx, deps, deps.cancelBuckets, 1);
    if (!admitted.ok) return admitted.reply;
    const result = run(ctx, admitted.identity.address);
    return 'status' in result ? result : ok(result);
  };
}

const invalidPayload = () => clobError(400, TRADING_MESSAGES.invalidOrderPayload);
const invalidId = () => clobError(400, TRADING_MESSAGES.invalidOrderId);

export function addCancelRoutes(router: Router, deps: TradingDeps): Router {
  const { desk, mode } = deps;
  return router
    .on('DELETE', '/order', cancelRoute(deps, (ctx, address) => {
      const body = parseJson(ctx.body);
      if (!isObject(body) || typeof body.orderID !== 'string') return invalidPayload();
      if (!ORDER_ID.test(body.orderID)) return invalidId();
      return mode.cancelGate() ?? desk.cancel(address, [body.orderID.toLowerCase()]);
    }))
    .on('DELETE', '/orders', cancelRoute(deps, (ctx, address) => {
      const body = parseJson(ctx.body);
      if (!Array.isArray(body)) return invalidPayload();
      if (body.length > MAX_CANCELS_PER_BATCH) return clobError(400, TRADING_MESSAGES.tooManyCancels(MAX_CANCELS_PER_BATCH));
      if (!body.every((id): id is string => typeof id === 'string' && ORDER_ID.test(id))) return invalidId();
      return mode.cancelGate() ?? desk.cancel(address, body.map((id) => id.toLowerCase()));
    }))
    .on('DELETE', '/cancel-all', cancelRoute(deps, (_ctx, address) => mode.cancelGate() ?? desk.cancelWhere(address)))
    .on('DELETE', '/cancel-market-orders', cancelRoute(deps, (ctx, address) => {
      const body = parseJson(ctx.body);
      if (!isObject(body)) return invalidPayload();
      const { market, asset_id: assetId } = body;
      const given = (value: unknown) => typeof value === 'string' && value !== '';
      if ((market !== undefined && !given(market)) || (assetId !== undefined && !given(assetId)) || (!given(market) && !given(assetId))) {
        return invalidPayload();
      }
      return mode.cancelGate() ?? desk.cancelWhere(address, (o) => (market === undefined || o.market === market) && (assetId === undefined || o.tokenId === assetId));
    }));
}
