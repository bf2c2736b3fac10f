/**
 * Order-book wire objects → the view the renderer draws. The public service lists bids
 * ascending and asks descending (best last); the view is best-first on both sides, and
 * spread and midpoint are computed exactly from the best levels.
 */
import type { ClobBook, ClobBookLevel } from '../../../shared/protocol/clob';
import { formatDecimal, tryParseDecimal } from '../../../shared/decimal';
import type { BookLevel, OrderBookView } from '../../../shared/viewModels';

interface PricedLevel extends BookLevel {
  units: bigint;
}

function pricedLevels(levels: unknown): PricedLevel[] {
  if (!Array.isArray(levels)) return [];
  const result: PricedLevel[] = [];
  for (const level of levels as ClobBookLevel[]) {
    const units = tryParseDecimal(level?.price);
    if (units === null || tryParseDecimal(level?.size) === null) continue;
    result.push({ price: level.price, size: level.size, units });
  }
  return result;
}

const strip = ({ price, size }: PricedLevel): BookLevel => ({ price, size });

export function toOrderBookView(book: ClobBook): OrderBookView {
  const bids = pricedLevels(book.bids).sort((a, b) => (a.units === b.units ? 0 : a.units > b.units ? -1 : 1));
  const asks = pricedLevels(book.asks).sort((a, b) => (a.units === b.units ? 0 : a.units < b.units ? -1 : 1));
  const bestBid = bids[0];
  const bestAsk = asks[0];
  const both = bestBid && bestAsk;
  return {
    tokenId: String(book.asset_id ?? ''),
    market: String(book.market ?? ''),
    timestamp: Number(book.timestamp) || 0,
    hash: String(book.hash ?? ''),
    bids: bids.map(strip),
    asks: asks.map(strip),
    bestBid: bestBid?.price ?? null,
    bestAsk: bestAsk?.price ?? null,
    spread: both ? formatDecimal(bestAsk.units - bestBid.units) : null,
    midpoint: both ? formatDecimal((bestAsk.units + bestBid.units) / 2n) : null,
    lastTradePrice: typeof book.last_trade_price === 'string' && book.last_trade_price ? book.last_trade_price : null,
    tickSize: String(book.tick_size ?? ''),
    minOrderSize: String(book.min_order_size ?? ''),
    negRisk: book.neg_risk === true,
  };
}
