/**
 * Public market data of the trading half (no authentication):
 *   GET /version → {version: 2} (1 with the `orderVersion` option): the order schema accepted.
 *   GET /prices-history?market=<token id>&startTs=&endTs=&interval=&fidelity=
 *       → {history: [{t, p}]}: t unix seconds (bucket start), p the last price in the bucket
 *       (a number). startTs (unix s) wins over interval (1h, 6h, 1d, 1w, 1m = a month, max,
 *       all); one of them is required; endTs defaults to now; fidelity is the bucket in minutes
 *       (default: 1 up to a day, 5 up to a week, 60 up to a month, else 1440). At most 5000
 *       points (the newest). 400 `invalid filters: market|startTs|endTs|interval|fidelity`.
 *       A well-formed token nobody issued answers an empty history.
 *   GET /ohlc?asset_id=&startTs=&endTs=&fidelity=&limit=
 *       → {asset_id, fidelity, candles: [{t, open, high, low, close, volume}]}: buckets from
 *       startTs (aligned down to the fidelity) up to endTs or now, at most `limit` (default
 *       100); prices as numbers, volume in shares. 400 `startTs is required`, `asset_id is
 *       required`, `invalid fidelity: {val}` (1m 5m 15m 30m 1h 4h 1d 1w; default 1h),
 *       `limit cannot exceed 1000`, `invalid limit: {val}`, `Invalid token id`.
 *   GET /trades/recent?asset_id=&limit= → [{market, asset_id, side, price, size, outcome,
 *       match_time}] newest first (simulated and user trades; side is the taker's), limit
 *       default 50, at most 200. 400 `Invalid token id` | `invalid limit: {val}`,
 *       404 `No orderbook exists for the requested token id`.
 * History comes from priceSeries.ts: a seeded past of 30 days and live trades since start.
 */
import type { TokenEntry } from '../clob/exchange';
import { CLOB_MESSAGES, clobError } from '../clob/clobErrors';
import { complementPips, formatPrice, formatSize, pipsToNumber } from '../clob/units';
import { isTokenId } from '../clob/readParams';
import { ok, type Reply } from '../http/reply';
import type { RequestContext, Router } from '../http/router';
import { ohlcCandles } from './ohlcCandles';
import { TRADING_MESSAGES } from './tradingMessages';
import type { TradingDeps } from './tradingDeps';
import { outcomeName } from './tradingWire';

const SECONDS = /^\d{1,12}$/;
const MINUTES = /^[1-9]\d{0,5}$/;
const HOUR = 60;
const DAY = 24 * HOUR;
const INTERVAL_MINUTES: Readonly<Record<string, number | 'all'>> = {
  '1h': HOUR, '6h': 6 * HOUR, '1d': DAY, '1w': 7 * DAY, '1m': 30 * DAY, max: 'all', all: 'all',
};
const OHLC_FIDELITY: Readonly<Record<string, number>> = {
  '1m': 1, '5m': 5, '15m': 15, '30m': 30, '1h': HOUR, '4h': 4 * HOUR, '1d': DAY, '1w': 7 * DAY,
};
const MAX_HISTORY_POINTS = 5000;
const MAX_OHLC_LIMIT = 1000;

/** A price of the series as seen from the token's outcome. */
const seen = (token: TokenEntry, pips: number) => pipsToNumber(token.outcome === 0 ? pips : complementPips(pips));

function defaultFidelity(spanMinutes: number): number {
  if (spanMinutes <= DAY) return 1;
  if (spanMinutes <= 7 * DAY) return 5;
  if (spanMinutes <= 31 * DAY) return HOUR;
  return DAY;
}

function pricesHistory(ctx: RequestContext, deps: TradingDeps): Reply {
  const bad = (name: string) => clobError(400, TRADING_MESSAGES.invalidHistoryFilter(name));
  const q = (name: string) => {
    const value = ctx.query.get(name);
    return value === null || value === '' ? null : value;
  };
  const market = q('market');
  if (!isTokenId(market)) return bad('market');
  const [startText, endText, intervalText, fidelityText] = [q('startTs'), q('endTs'), q('interval'), q('fidelity')];
  if (startText !== null && !SECONDS.test(startText)) return bad('startTs');
  if (endText !== null && !SECONDS.test(endText)) return bad('endTs');
  const interval = intervalText === null ? undefined : INTERVAL_MINUTES[intervalText];
  if (intervalText !== null && interval === undefined) return bad('interval');
  if (fidelityText !== null && !MINUTES.test(fidelityText)) return bad('fidelity');
  if (startText === null && interval === undefined) return bad('startTs');
  const token = deps.exchange.token(market);
  if (!token) return ok({ history: [] });
  const series = deps.desk.activity.seriesOf(token.entry);
  const nowMinute = Math.floor(deps.now() / 60_000);
  const endMinute = Math.min(nowMinute, endText === null ? nowMinute : Math.floor(Number(endText) / 60));
  let startMinute: number;
  if (startText !== null) startMinute = Math.floor(Number(startText) / 60);
  else startMinute = interval === 'all' ? series.startMinute : endMinute - (interval as number);
  if (endText !== null && startMinute > Math.floor(Number(endText) / 60)) return bad('endTs');
  const fidelity = fidelityText === null ? defaultFidelity(endMinute - startMinute) : Number(fidelityText);
  // Buckets before the series' first minute hold nothing: start at the later of the asked start,
  // the history's start and the newest MAX_HISTORY_POINTS buckets, so the walk is bounded by the answer.
  let first = Math.floor(Math.max(startMinute, series.startMinute) / fidelity) * fidelity;
  first = Math.max(first, Math.floor(endMinute / fidelity) * fidelity - (MAX_HISTORY_POINTS - 1) * fidelity);
  const history: Array<{ t: number; p: number }> = [];
  for (let bucket = first; bucket <= endMinute; bucket += fidelity) {
    const price = series.priceAt(Math.min(bucket + fidelity - 1, endMinute));
    if (price !== null) history.push({ t: bucket * 60, p: seen(token, price) });
  }
  return ok({ history });
}

function ohlc(ctx: RequestContext, deps: TradingDeps): Reply {
  const startTs = ctx.query.get('startTs');
  if (startTs === null || !SECONDS.test(startTs)) return clobError(400, TRADING_MESSAGES.startTsRequired);
  const assetId = ctx.query.get('asset_id');
  if (assetId === null || assetId === '') return clobError(400, TRADING_MESSAGES.assetIdRequired);
  if (!isTokenId(assetId)) return clobError(400, CLOB_MESSAGES.invalidTokenId);
  const fidelity = ctx.query.get('fidelity') ?? '1h';
  const size = OHLC_FIDELITY[fidelity];
  if (size === undefined) return clobError(400, TRADING_MESSAGES.invalidFidelity(fidelity));
  const limitText = ctx.query.get('limit');
  const limit = limitText === null ? 100 : Number(limitText);
  if (limitText !== null && (!/^\d{1,9}$/.test(limitText) || limit < 1)) return clobError(400, TRADING_MESSAGES.invalidLimit(limitText));
  if (limit > MAX_OHLC_LIMIT) return clobError(400, TRADING_MESSAGES.limitTooLarge);
  const endTs = ctx.query.get('endTs');
  if (endTs !== null && !SECONDS.test(endTs)) return clobError(400, TRADING_MESSAGES.invalidHistoryFilter('endTs'));
  const token = deps.exchange.token(assetId);
  if (!token) return ok({ asset_id: assetId, fidelity, candles: [] });
  const nowMinute = Math.floor(deps.now() / 60_000);
  const toMinute = endTs === null ? nowMinute : Math.min(nowMinute, Math.floor(Number(endTs) / 60));
  const series = deps.desk.activity.seriesOf(token.entry);
  return ok({ asset_id: assetId, fidelity, candles: ohlcCandles(token, series, Number(startTs), toMinute, size, limit) });
}

function recentTrades(ctx: RequestContext, deps: TradingDeps): Reply {
  const assetId = ctx.query.get('asset_id');
  if (!isTokenId(assetId)) return clobError(400, CLOB_MESSAGES.invalidTokenId);
  const limitText = ctx.query.get('limit');
  const limit = limitText === null ? 50 : Number(limitText);
  if (limitText !== null && (!/^\d{1,3}$/.test(limitText) || limit < 1 || limit > 200)) return clobError(400, TRADING_MESSAGES.invalidLimit(limitText));
  const token = deps.exchange.token(assetId);
  if (!token?.entry.book) return clobError(404, CLOB_MESSAGES.noOrderbook);
  const { market } = token.entry;
  return ok(deps.desk.activity.recentTrades(token, limit).map((t) => ({
    market: market.conditionId, asset_id: assetId, side: t.side, price: formatPrice(t.price, market.tickSize),
    size: formatSize(t.size), outcome: outcomeName(token.outcome), match_time: String(Math.floor(t.timeMs / 1000)),
  })));
}

export function addMarketDataRoutes(router: Router, deps: TradingDeps): Router {
  return router
    .on('GET', '/version', () => ok({ version: deps.orderVersion }))
    .on('GET', '/prices-history', (ctx) => pricesHistory(ctx, deps))
    .on('GET', '/ohlc', (ctx) => ohlc(ctx, deps))
    .on('GET', '/trades/recent', (ctx) => recentTrades(ctx, deps));
}
