/**
 * The account's reads and housekeeping (all L2; 401 `Unauthorized/Invalid api key`):
 *   GET /balance-allowance?asset_type=COLLATERAL|CONDITIONAL&token_id=&signature_type=
 *       → {balance, allowance} as base-unit integer strings (6 decimals, like the public service);
 *       400 `Invalid asset type` | `Invalid signature_type` | `Invalid token id` (CONDITIONAL
 *       without a decimal token_id). `balance` is the whole balance (open orders not deducted);
 *       `allowance` is max uint256 (approvals are unlimited). signature_type: 0–3 or EOA,
 *       SVC_PROXY, SAFE_WALLET or 0–2 (absent = EOA); for 1 and 2 the balance read is the funder's
 *       — learned from the address's first accepted order of that type or set with
 *       POST /sandbox/funder; SAFE_WALLET also finds a deposit wallet (type 3) — and the key's own
 *       address until one is known.
 *   GET /balance-allowance/update (same query) → the same object, re-read.
 *   GET /data/order/{id} → open-order shape (any status) | 400 `Invalid orderID` | 404 `order not found`
 *   GET /data/orders?id=&market=&asset_id=&next_cursor= → paged open orders (LIVE), oldest first
 *       | 400 `invalid order params payload`
 *   GET /data/trades?id=&market=&asset_id=&maker_address=&before=&after=&next_cursor= → paged
 *       trades the address took part in, newest first | 400 `Invalid trade params payload`
 *   GET /notifications → [{id, owner, type, timestamp, payload}] (type 1 canceled by the exchange, 2 filled)
 *   DELETE /notifications?ids=1,2 → "OK" (no ids: all) | 400 `invalid notification ids`
 *   POST /v1/heartbeats {heartbeat_id} → {heartbeat_id} (400 `invalid heartbeat payload`); see
 *       deadManSwitch.ts.
 * While the engine restarts, every route here answers 425 first (restartGate.ts).
 */
import { isAddress } from 'viem';
import type { TickSize } from '../../shared/protocol/clob';
import { CLOB_MESSAGES, clobError } from '../clob/clobErrors';
import { isTokenId } from '../clob/readParams';
import { parseJson } from '../http/body';
import { ok, type Reply } from '../http/reply';
import type { RequestContext, Router } from '../http/router';
import { UNLIMITED_ALLOWANCE } from './amounts';
import { ORDER_ID } from './cancelRoutes';
import { decodeCursor, pageOf } from './paging';
import { COLLATERAL } from './paperLedger';
import { authenticate, type TradingDeps } from './tradingDeps';
import { TRADING_MESSAGES } from './tradingMessages';
import { notificationJson, openOrderJson, tradeJson } from './tradingWire';

/**
 * The spec allows `EOA`, `SVC_PROXY` and `SAFE_WALLET` on balance-allowance; the reference
 * clients send the same three as their numbers. Anything else (the deposit wallet's `SVC_1271`
 * or 3 included) is `Invalid signature_type`: a deposit-wallet account reads with `SAFE_WALLET`
 * (docs/decisions/), which finds its wallet through `balanceAddress`.
 */
const SIGNATURE_TYPES: Readonly<Record<string, 0 | 1 | 2>> = {
  0: 0, 1: 1, 2: 2, EOA: 0, SVC_PROXY: 1, SAFE_WALLET: 2,
};
const SECONDS = /^\d{1,12}$/;

function balanceReply(ctx: RequestContext, deps: TradingDeps, address: string): Reply {
  const assetType = ctx.query.get('asset_type');
  if (assetType !== 'COLLATERAL' && assetType !== 'CONDITIONAL') return clobError(400, TRADING_MESSAGES.invalidAssetType);
  const typeText = ctx.query.get('signature_type');
  const signatureType = typeText === null || typeText === '' ? 0 : SIGNATURE_TYPES[typeText];
  if (signatureType === undefined) return clobError(400, TRADING_MESSAGES.invalidSignatureType);
  let asset = COLLATERAL;
  if (assetType === 'CONDITIONAL') {
    const tokenId = ctx.query.get('token_id');
    if (!isTokenId(tokenId)) return clobError(400, CLOB_MESSAGES.invalidTokenId);
    asset = tokenId;
  }
  const holder = deps.desk.balanceAddress(address, signatureType);
  return ok({ balance: deps.desk.ledger.balance(holder, asset).toString(), allowance: UNLIMITED_ALLOWANCE.toString() });
}

/** Optional query filters; `bad` when one is present but malformed. */
function filtersOf(ctx: RequestContext, names: readonly string[]): Record<string, string> | 'bad' {
  const out: Record<string, string> = {};
  for (const name of names) {
    const value = ctx.query.get(name);
    if (value === null || value === '') continue;
    if ((name === 'before' || name === 'after') && !SECONDS.test(value)) return 'bad';
    if (name === 'maker_address' && !isAddress(value, { strict: false })) return 'bad';
    out[name] = name === 'maker_address' || name === 'id' ? value.toLowerCase() : value;
  }
  return out;
}

export function addAccountRoutes(router: Router, deps: TradingDeps): Router {
  const { desk } = deps;
  const tickOf = (conditionId: string): TickSize => deps.exchange.market(conditionId)?.market.tickSize ?? '0.01';
  const authed = (handler: (ctx: RequestContext, address: string, apiKey: string) => Reply) => (ctx: RequestContext): Reply => {
    const auth = authenticate(ctx, deps);
    return auth.ok ? handler(ctx, auth.identity.address, auth.identity.key.apiKey) : auth.reply;
  };

  return router
    .on('GET', '/balance-allowance', authed((ctx, address) => balanceReply(ctx, deps, address)))
    .on('GET', '/balance-allowance/update', authed((ctx, address) => balanceReply(ctx, deps, address)))
    .on('GET', '/data/order/:id', authed((ctx, address) => {
      const id = ctx.params.id as string;
      if (!ORDER_ID.test(id)) return clobError(400, TRADING_MESSAGES.invalidOrderId);
      desk.expireDue();
      const order = desk.orders.get(id.toLowerCase());
      if (!order || order.signer !== address) return clobError(404, TRADING_MESSAGES.orderNotFound);
      return ok(openOrderJson(order, tickOf(order.market)));
    }))
    .on('GET', '/data/orders', authed((ctx, address) => {
      const filters = filtersOf(ctx, ['id', 'market', 'asset_id']);
      const offset = decodeCursor(ctx.query.get('next_cursor'));
      if (filters === 'bad' || offset === null) return clobError(400, TRADING_MESSAGES.invalidOrderParams);
      const orders = desk.openOrders(address).filter((o) =>
        (filters.id === undefined || o.id === filters.id) && (filters.market === undefined || o.market === filters.market)
        && (filters.asset_id === undefined || o.tokenId === filters.asset_id));
      const page = pageOf(orders, offset, deps.pageSize);
      return ok({ ...page, data: page.data.map((o) => openOrderJson(o, tickOf(o.market))) });
    }))
    .on('GET', '/data/trades', authed((ctx, address) => {
      const f = filtersOf(ctx, ['id', 'market', 'asset_id', 'maker_address', 'before', 'after']);
      const offset = decodeCursor(ctx.query.get('next_cursor'));
      if (f === 'bad' || offset === null) return clobError(400, TRADING_MESSAGES.invalidTradeParams);
      const trades = desk.trades.forAddress(address).filter((t) => {
        const at = Math.floor(t.matchTimeMs / 1000);
        return (f.id === undefined || t.id === f.id) && (f.market === undefined || t.market === f.market)
          && (f.asset_id === undefined || t.tokenId === f.asset_id || t.makers.some((m) => m.tokenId === f.asset_id))
          && (f.maker_address === undefined || t.takerAddress === f.maker_address || t.makers.some((m) => m.makerAddress === f.maker_address))
          && (f.before === undefined || at < Number(f.before)) && (f.after === undefined || at > Number(f.after));
      });
      const page = pageOf(trades, offset, deps.pageSize);
      return ok({ ...page, data: page.data.map((t) => tradeJson(t, address, tickOf(t.market))) });
    }))
    .on('GET', '/notifications', authed((_ctx, address, apiKey) => ok(desk.notifications.list(address).map((n) => notificationJson(n, apiKey)))))
    .on('DELETE', '/notifications', authed((ctx, address) => {
      const text = ctx.query.get('ids');
      if (text === null || text === '') {
        desk.notifications.drop(address, null);
        return ok('OK');
      }
      const parts = text.split(',');
      if (!parts.every((p) => /^[1-9]\d{0,15}$/.test(p))) return clobError(400, TRADING_MESSAGES.invalidNotificationIds);
      desk.notifications.drop(address, new Set(parts.map(Number)));
      return ok('OK');
    }))
    .on('POST', '/v1/heartbeats', authed((ctx, address) => {
      const body = ctx.body.trim() === '' ? {} : parseJson(ctx.body);
      if (typeof body !== 'object' || body === null || Array.isArray(body)) return clobError(400, TRADING_MESSAGES.invalidHeartbeat);
      const id = (body as Record<string, unknown>).heartbeat_id ?? '';
      if (typeof id !== 'string') return clobError(400, TRADING_MESSAGES.invalidHeartbeat);
      return ok({ heartbeat_id: deps.heartbeats.beat(address, id) });
    }));
}
