/**
 * GET /orderbook-history?startTs=&endTs=&market=|asset_id=&limit= (public)
 *   → {data: [book snapshot], count}: the `GET /book` objects recorded by bookHistory.ts whose
 *   `timestamp` (ms) lies in [startTs, endTs] (unix seconds, like /ohlc and /prices-history;
 *   endTs defaults to now), oldest first, at most `limit` (default 100). `market` (a condition
 *   id) returns both of its tokens' snapshots; `asset_id` one token's. Unknown but well-formed
 *   ids answer an empty list, as /ohlc does.
 * Errors, in this order (spec, Reads): 400 `startTs is required`; `either market or asset_id must
 * be provided`; `limit cannot exceed 1000`; and the sandbox's `invalid filters: startTs|endTs`,
 * `invalid limit: {val}`, `Invalid market`, `Invalid token id` for malformed values.
 */
import { CLOB_MESSAGES, clobError } from '../clob/clobErrors';
import { isTokenId } from '../clob/readParams';
import { ok, type Reply } from '../http/reply';
import type { RequestContext, Router } from '../http/router';
import type { BookHistory } from './bookHistory';
import { TRADING_MESSAGES } from './tradingMessages';
import type { TradingDeps } from './tradingDeps';

const SECONDS = /^\d{1,12}$/;
const CONDITION_ID = /^0x[0-9a-fA-F]{64}$/;
const MAX_LIMIT = 1000;
const DEFAULT_LIMIT = 100;

function orderbookHistory(ctx: RequestContext, deps: TradingDeps, history: BookHistory): Reply {
  const q = (name: string) => {
    const value = ctx.query.get(name);
    return value === null || value === '' ? null : value;
  };
  const startTs = q('startTs');
  if (startTs === null) return clobError(400, TRADING_MESSAGES.startTsRequired);
  if (!SECONDS.test(startTs)) return clobError(400, TRADING_MESSAGES.invalidHistoryFilter('startTs'));
  const market = q('market');
  const assetId = q('asset_id');
  if (market === null && assetId === null) return clobError(400, TRADING_MESSAGES.marketOrAssetRequired);
  const limitText = q('limit');
  if (limitText !== null && !/^\d{1,9}$/.test(limitText)) return clobError(400, TRADING_MESSAGES.invalidLimit(limitText));
  const limit = limitText === null ? DEFAULT_LIMIT : Number(limitText);
  if (limit > MAX_LIMIT) return clobError(400, TRADING_MESSAGES.limitTooLarge);
  if (limit < 1) return clobError(400, TRADING_MESSAGES.invalidLimit(limitText as string));
  const endTs = q('endTs');
  if (endTs !== null && !SECONDS.test(endTs)) return clobError(400, TRADING_MESSAGES.invalidHistoryFilter('endTs'));
  if (market !== null && !CONDITION_ID.test(market)) return clobError(400, CLOB_MESSAGES.invalidMarket);
  if (assetId !== null && !isTokenId(assetId)) return clobError(400, CLOB_MESSAGES.invalidTokenId);

  let tokenIds: string[] = [];
  if (assetId !== null) {
    const token = deps.exchange.token(assetId);
    // Both given: the asset must belong to the market, or nothing matches.
    if (token && (market === null || token.entry.market.conditionId === market.toLowerCase())) tokenIds = [assetId];
  } else {
    tokenIds = [...(deps.exchange.market((market as string).toLowerCase())?.market.tokenIds ?? [])];
  }
  const toMs = endTs === null ? deps.now() : Number(endTs) * 1000 + 999;
  const data = history.between(tokenIds, Number(startTs) * 1000, toMs, limit);
  return ok({ data, count: data.length });
}

export function addOrderbookHistoryRoute(router: Router, deps: TradingDeps, history: BookHistory): Router {
  return router.on('GET', '/orderbook-history', (ctx) => orderbookHistory(ctx, deps, history));
}
