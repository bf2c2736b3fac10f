/**
 * Order-book service reads (see wire-formats.md, "Paths of the order-book service", and the
 * spec's Reads error table). Unknown tokens inside a batch are left out of the answer rather
 * than failing the batch: the spec lists only payload errors for batch reads.
 */
import type { ClobSide } from '../../shared/protocol/clob';
import { ok, type Reply } from '../http/reply';
import { Router, type RequestContext } from '../http/router';
import { bookJson, lastTradeOf, midpointOf, priceOf, spreadOf } from './bookWire';
import { CLOB_MESSAGES, clobError } from './clobErrors';
import type { Exchange, TokenEntry } from './exchange';
import { addMarketRoutes } from './marketRoutes';
import { isSide, isTokenId, parseBatch, type BatchItem } from './readParams';

type TokenLookup = { ok: true; token: TokenEntry } | { ok: false; reply: Reply };

function lookup(exchange: Exchange, ctx: RequestContext, needsBook: boolean): TokenLookup {
  const tokenId = ctx.query.get('token_id');
  if (!isTokenId(tokenId)) return { ok: false, reply: clobError(400, CLOB_MESSAGES.invalidTokenId) };
  const token = exchange.token(tokenId);
  if (!token) {
    const message = needsBook ? CLOB_MESSAGES.noOrderbook : CLOB_MESSAGES.marketNotFound;
    return { ok: false, reply: clobError(404, message) };
  }
  if (needsBook && !token.entry.book) return { ok: false, reply: clobError(404, CLOB_MESSAGES.noOrderbook) };
  return { ok: true, token };
}

/** Runs a batch read: payload errors fail the call, unknown or book-less tokens are skipped. */
function batch(exchange: Exchange, ctx: RequestContext, sideRequired: boolean, each: (token: TokenEntry, item: BatchItem) => void): Reply | null {
  const parsed = parseBatch(ctx.body, sideRequired);
  if (!parsed.ok) return clobError(400, parsed.message);
  for (const item of parsed.items) {
    const token = exchange.token(item.tokenId);
    if (token?.entry.book) each(token, item);
  }
  return null;
}

export function clobRouter(exchange: Exchange, now: () => number = Date.now): Router {
  const router = new Router();
  const single = (needsBook: boolean, answer: (token: TokenEntry, ctx: RequestContext) => Reply) => (ctx: RequestContext) => {
    const found = lookup(exchange, ctx, needsBook);
    return found.ok ? answer(found.token, ctx) : found.reply;
  };

  router
    .on('GET', '/ok', () => ok('OK'))
    .on('GET', '/time', () => ok(Math.floor(now() / 1000)))
    .on('GET', '/book', single(true, (token) => ok(bookJson(token))))
    .on('GET', '/price', (ctx) => {
      if (!isTokenId(ctx.query.get('token_id'))) return clobError(400, CLOB_MESSAGES.invalidTokenId);
      const side = ctx.query.get('side');
      if (!isSide(side)) return clobError(400, CLOB_MESSAGES.invalidSide);
      const found = lookup(exchange, ctx, true);
      return found.ok ? ok({ price: priceOf(found.token, side) ?? '0' }) : found.reply;
    })
    .on('GET', '/midpoint', single(true, (token) => ok({ mid: midpointOf(token) ?? '0' })))
    .on('GET', '/spread', single(true, (token) => ok({ spread: spreadOf(token) ?? '0' })))
    .on('GET', '/last-trade-price', (ctx) => {
      const tokenId = ctx.query.get('token_id');
      if (!isTokenId(tokenId)) return clobError(400, CLOB_MESSAGES.invalidTokenId);
      const token = exchange.token(tokenId);
      // Documented: a token without trades answers 0.5 and an empty side rather than 404.
      return ok(token ? lastTradeOf(token) : { price: '0.5', side: '' });
    })
    .on('GET', '/tick-size', single(false, (token) => ok({ minimum_tick_size: Number(token.entry.market.tickSize) })))
    .on('GET', '/neg-risk', single(false, (token) => ok({ neg_risk: token.entry.market.negRisk })));

  router
    .on('POST', '/books', (ctx) => {
      const books: unknown[] = [];
      return batch(exchange, ctx, false, (token) => books.push(bookJson(token))) ?? ok(books);
    })
    .on('POST', '/prices', (ctx) => {
      const prices: Record<string, Partial<Record<ClobSide, string>>> = {};
      return batch(exchange, ctx, true, (token, item) => {
        const side = item.side as ClobSide;
        const price = priceOf(token, side);
        if (price !== null) prices[item.tokenId] = { ...prices[item.tokenId], [side]: price };
      }) ?? ok(prices);
    })
    .on('POST', '/midpoints', (ctx) => {
      const mids: Record<string, string> = {};
      return batch(exchange, ctx, false, (token, item) => {
        const mid = midpointOf(token);
        if (mid !== null) mids[item.tokenId] = mid;
      }) ?? ok(mids);
    })
    .on('POST', '/spreads', (ctx) => {
      const spreads: Record<string, string> = {};
      return batch(exchange, ctx, false, (token, item) => {
        const spread = spreadOf(token);
        if (spread !== null) spreads[item.tokenId] = spread;
      }) ?? ok(spreads);
    })
    .on('POST', '/last-trades-prices', (ctx) => {
      const trades: Array<{ token_id: string; price: string; side: string }> = [];
      return batch(exchange, ctx, false, (token, item) => trades.push({ token_id: item.tokenId, ...lastTradeOf(token) })) ?? ok(trades);
    });
  return addMarketRoutes(router, exchange);
}
