/**
 * The current price of an outcome token: the live book's midpoint (one side alone, or the last
 * trade, when the book is one-sided or empty); the payout (1 or 0) once the market resolved; null
 * when there is no price (a market not yet trading).
 */
import type { Exchange } from '../clob/exchange';
import type { IndexedMarket } from './marketIndex';

export function currentPrice(exchange: Exchange, entry: IndexedMarket, outcome: 0 | 1): number | null {
  const resolved = entry.market.resolvedOutcome;
  if (resolved !== null) return resolved === outcome ? 1 : 0;
  const book = exchange.market(entry.market.conditionId)?.book;
  if (!book) return null;
  const view = book.view(outcome);
  const bid = view.bids[0]?.price;
  const ask = view.asks[0]?.price;
  const pips = bid !== undefined && ask !== undefined ? (bid + ask) / 2 : bid ?? ask ?? view.lastTrade?.price;
  return pips === undefined ? null : Math.round(pips) / 10_000;
}
