/**
 * Market reads of the order-book service (no authentication):
 *   GET /markets/{condition_id}      → the market (snake_case, as the public order book writes it)
 *       400 `Invalid market` (not 0x + 64 hex digits) | 404 `market not found`
 *   GET /markets-by-token/{token_id} → {condition_id, primary_token_id, secondary_token_id}
 *       400 `Invalid token id` | 404 `market not found`
 *   GET /fee-rate?token_id=          → {base_fee}: the market's taker fee in basis points, the
 *       value a version-1 order signs as `feeRateBps` (wire-formats.md "Paths")
 *       400 `Invalid token id` | 404 `market not found`
 *   GET /clob-markets/{condition_id} → the reference client's compact market info
 *       {c, t: [{t, o}], mts, nr, fd: {r, e, to}, mbf, tbf, r, ao, mos, sd} (its market orders
 *       read it after /markets-by-token); errors as /markets/{condition_id}.
 * The spec shows neither shape; the fields follow the public reference client and are listed in
 * docs/decisions/. Fees come from the world's catalog record (`takerBaseFee`, `feeSchedule`).
 */
import { ok, type Reply } from '../http/reply';
import type { RequestContext, Router } from '../http/router';
import { lastTradeOf, midpointOf } from './bookWire';
import { CLOB_MESSAGES, clobError } from './clobErrors';
import type { Exchange, MarketEntry, TokenEntry } from './exchange';
import { isTokenId } from './readParams';

const CONDITION_ID = /^0x[0-9a-fA-F]{64}$/;
const OUTCOMES = ['Yes', 'No'] as const;

const numberField = (record: Record<string, unknown>, key: string): number => {
  const value = record[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
};

/** The market's taker fee in basis points (the `/fee-rate` answer). */
export function baseFeeOf(entry: MarketEntry): number {
  return numberField(entry.market.record, 'takerBaseFee');
}

function tokenPrice(exchange: Exchange, tokenId: string): number {
  const token = exchange.token(tokenId) as TokenEntry;
  return Number(midpointOf(token) ?? lastTradeOf(token).price);
}

function marketJson(exchange: Exchange, entry: MarketEntry): Record<string, unknown> {
  const { market } = entry;
  const record = market.record;
  const text = (key: string) => (typeof record[key] === 'string' ? (record[key] as string) : '');
  return {
    condition_id: market.conditionId,
    question_id: text('questionID'),
    question: market.question,
    description: text('description'),
    market_slug: market.slug,
    active: market.active,
    closed: market.closed,
    archived: false,
    accepting_orders: market.acceptingOrders,
    enable_order_book: entry.book !== null,
    minimum_order_size: market.minOrderSize,
    minimum_tick_size: Number(market.tickSize),
    end_date_iso: text('endDate'),
    game_start_time: text('gameStartTime') || null,
    seconds_delay: numberField(record, 'secondsDelay'),
    maker_base_fee: numberField(record, 'makerBaseFee'),
    taker_base_fee: baseFeeOf(entry),
    neg_risk: market.negRisk,
    neg_risk_market_id: text('negRiskMarketID'),
    tokens: market.tokenIds.map((tokenId, outcome) => ({
      token_id: tokenId,
      outcome: OUTCOMES[outcome],
      price: market.resolvedOutcome === null ? tokenPrice(exchange, tokenId) : market.resolvedOutcome === outcome ? 1 : 0,
      winner: market.resolvedOutcome === outcome,
    })),
  };
}

function compactJson(entry: MarketEntry): Record<string, unknown> {
  const { market, book } = entry;
  const record = market.record;
  const schedule = (record.feeSchedule ?? {}) as Record<string, unknown>;
  return {
    c: market.conditionId,
    t: market.tokenIds.map((tokenId, outcome) => ({ t: tokenId, o: OUTCOMES[outcome] })),
    mts: Number(market.tickSize),
    nr: market.negRisk,
    fd: { r: numberField(schedule, 'rate'), e: numberField(schedule, 'exponent'), to: schedule.takerOnly === true },
    mbf: numberField(record, 'makerBaseFee'),
    tbf: baseFeeOf(entry),
    r: null,
    ao: market.acceptingOrders && book !== null,
    mos: market.minOrderSize,
    sd: numberField(record, 'secondsDelay'),
  };
}

type Found<T> = { ok: true; value: T } | { ok: false; reply: Reply };

function byCondition(exchange: Exchange, conditionId: string | undefined): Found<MarketEntry> {
  if (conditionId === undefined || !CONDITION_ID.test(conditionId)) return { ok: false, reply: clobError(400, CLOB_MESSAGES.invalidMarket) };
  const entry = exchange.market(conditionId.toLowerCase()) ?? exchange.market(conditionId);
  return entry ? { ok: true, value: entry } : { ok: false, reply: clobError(404, CLOB_MESSAGES.marketNotFound) };
}

function byToken(exchange: Exchange, tokenId: string | null | undefined): Found<TokenEntry> {
  if (!isTokenId(tokenId)) return { ok: false, reply: clobError(400, CLOB_MESSAGES.invalidTokenId) };
  const token = exchange.token(tokenId);
  return token ? { ok: true, value: token } : { ok: false, reply: clobError(404, CLOB_MESSAGES.marketNotFound) };
}

export function addMarketRoutes(router: Router, exchange: Exchange): Router {
  const answer = <T>(found: Found<T>, body: (value: T) => unknown): Reply => (found.ok ? ok(body(found.value)) : found.reply);
  return router
    .on('GET', '/markets/:condition_id', (ctx: RequestContext) => answer(byCondition(exchange, ctx.params.condition_id), (entry) => marketJson(exchange, entry)))
    .on('GET', '/clob-markets/:condition_id', (ctx) => answer(byCondition(exchange, ctx.params.condition_id), compactJson))
    .on('GET', '/markets-by-token/:token_id', (ctx) =>
      answer(byToken(exchange, ctx.params.token_id), ({ entry }) => ({
        condition_id: entry.market.conditionId,
        primary_token_id: entry.market.tokenIds[0],
        secondary_token_id: entry.market.tokenIds[1],
      })))
    .on('GET', '/fee-rate', (ctx) => answer(byToken(exchange, ctx.query.get('token_id')), ({ entry }) => ({ base_fee: baseFeeOf(entry) })));
}
