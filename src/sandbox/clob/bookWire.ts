/**
 * The order-book service's read shapes, built from the integer book. Wire order follows the
 * public service: `bids` ascending and `asks` descending by price, i.e. the best level is the
 * LAST element of each array. Clients that want best-first must reverse (Marketdesk's core
 * does); the sandbox keeps the public order so the app is tested against the real shape.
 */
import { createHash } from 'node:crypto';
import type { ClobBook, ClobBookLevel, ClobSide } from '../../shared/protocol/clob';
import type { TokenEntry } from './exchange';
import type { Level, OutcomeView } from './marketBook';
import { formatDerivedPips, formatMidpointFromSum, formatPrice, formatSize, PIPS_PER_UNIT } from './units';

/** Last-trade answer when a token has never traded, as the public service documents it. */
export const NO_TRADE = { price: '0.5', side: '' } as const;

const cache = new WeakMap<TokenEntry, { version: number; book: ClobBook }>();

function levels(list: readonly Level[], token: TokenEntry, reverse: boolean): ClobBookLevel[] {
  const tick = token.entry.market.tickSize;
  const out = list.map((l) => ({ price: formatPrice(l.price, tick), size: formatSize(l.size) }));
  return reverse ? out.reverse() : out;
}

export function viewOf(token: TokenEntry): OutcomeView | null {
  return token.entry.book ? token.entry.book.view(token.outcome) : null;
}

export function lastTradeOf(token: TokenEntry): { price: string; side: ClobSide | '' } {
  const { market, book } = token.entry;
  if (market.resolvedOutcome !== null) {
    return { price: market.resolvedOutcome === token.outcome ? '1' : '0', side: '' };
  }
  const last = book?.view(token.outcome).lastTrade;
  return last ? { price: formatPrice(last.price, market.tickSize), side: last.side } : { ...NO_TRADE };
}

/** The `GET /book` object; cached per book version because polling clients ask often. */
export function bookJson(token: TokenEntry): ClobBook | null {
  const book = token.entry.book;
  const view = viewOf(token);
  if (!book || !view) return null;
  const cached = cache.get(token);
  if (cached && cached.version === book.version) return cached.book;
  const { market } = token.entry;
  const content = {
    market: market.conditionId,
    asset_id: market.tokenIds[token.outcome] as string,
    bids: levels(view.bids, token, true),
    asks: levels(view.asks, token, true),
    min_order_size: String(market.minOrderSize),
    tick_size: market.tickSize,
    neg_risk: market.negRisk,
    last_trade_price: lastTradeOf(token).price,
  };
  // The hash covers the content, not the timestamp, so an unchanged book keeps its hash.
  const hash = `0x${createHash('sha1').update(JSON.stringify(content)).digest('hex')}`;
  const result: ClobBook = {
    market: content.market,
    asset_id: content.asset_id,
    timestamp: String(book.updatedAtMs),
    hash,
    bids: content.bids,
    asks: content.asks,
    min_order_size: content.min_order_size,
    tick_size: content.tick_size,
    neg_risk: content.neg_risk,
    last_trade_price: content.last_trade_price,
  };
  cache.set(token, { version: book.version, book: result });
  return result;
}

/** `GET /price`: BUY is the best bid, SELL the best ask (the public service's convention). */
export function priceOf(token: TokenEntry, side: ClobSide): string | null {
  const view = viewOf(token);
  const level = side === 'BUY' ? view?.bids[0] : view?.asks[0];
  return level ? formatPrice(level.price, token.entry.market.tickSize) : null;
}

export function midpointOf(token: TokenEntry): string | null {
  const view = viewOf(token);
  const bid = view?.bids[0];
  const ask = view?.asks[0];
  if (bid && ask) return formatMidpointFromSum(bid.price + ask.price);
  const one = bid ?? ask;
  return one ? formatDerivedPips(one.price) : null;
}

export function spreadOf(token: TokenEntry): string | null {
  const view = viewOf(token);
  const bid = view?.bids[0];
  const ask = view?.asks[0];
  if (bid && ask) return formatDerivedPips(ask.price - bid.price);
  return view ? formatDerivedPips(PIPS_PER_UNIT) : null;
}
