/**
 * The DOM ladder's rows: every price on the market's tick in a window around the touch, empty
 * levels included, highest first. Exact decimals (src/shared/decimal) so a 0.001 tick never
 * drifts. Pure functions: the ladder and its tests share them.
 */
import { formatDecimal, parseDecimal, tryParseDecimal } from '../../../shared/decimal';
import type { OrderBookView } from '../../../shared/viewModels';

export interface LadderPrice {
  /** `priceKey` form ("0.45"), the key book levels and open orders are indexed by. */
  key: string;
}

/**
 * `rows` prices one tick apart, highest first, centred on `centre` (snapped to the tick) and
 * shifted to stay inside [tick, 1 − tick]; fewer when the market has fewer ticks than rows.
 */
export function ladderPrices(centre: string, tickSize: string, rows: number): string[] {
  const tick = tryParseDecimal(tickSize);
  const middle = tryParseDecimal(centre);
  if (tick === null || tick <= 0n || middle === null || rows < 1) return [];
  const one = parseDecimal('1');
  const lowest = tick;
  const highest = one - tick;
  const ticks = Number((highest - lowest) / tick) + 1;
  const count = Math.min(rows, ticks);
  const snapped = ((middle + tick / 2n) / tick) * tick;
  let top = snapped + BigInt(Math.floor(count / 2)) * tick;
  if (top > highest) top = highest;
  if (top - BigInt(count - 1) * tick < lowest) top = lowest + BigInt(count - 1) * tick;
  return Array.from({ length: count }, (_, i) => formatDecimal(top - BigInt(i) * tick));
}

/** Where the ladder centres: the middle of the touch, else the one side there is, else the last trade, else 0.5. */
export function touchCentre(book: Pick<OrderBookView, 'bestBid' | 'bestAsk' | 'lastTradePrice'> | undefined): string {
  const bid = tryParseDecimal(book?.bestBid ?? null);
  const ask = tryParseDecimal(book?.bestAsk ?? null);
  if (bid !== null && ask !== null) return formatDecimal((bid + ask) / 2n);
  if (bid !== null) return formatDecimal(bid);
  if (ask !== null) return formatDecimal(ask);
  return tryParseDecimal(book?.lastTradePrice ?? null) !== null ? formatDecimal(parseDecimal(book!.lastTradePrice!)) : '0.5';
}

/** Whether the best bid or best ask has moved off the rows shown (the ladder then recentres). */
export function touchLeftWindow(prices: readonly string[], book: Pick<OrderBookView, 'bestBid' | 'bestAsk'> | undefined): boolean {
  if (prices.length === 0 || !book) return false;
  const top = parseDecimal(prices[0]!);
  const bottom = parseDecimal(prices[prices.length - 1]!);
  return [book.bestBid, book.bestAsk].some((price) => {
    const units = tryParseDecimal(price ?? null);
    return units !== null && (units > top || units < bottom);
  });
}

/** The centre one tick up (positive) or down, for scrolling the window with the keyboard. */
export function shiftCentre(prices: readonly string[], tickSize: string, ticks: number): string | null {
  const tick = tryParseDecimal(tickSize);
  if (tick === null || prices.length === 0) return null;
  const middle = parseDecimal(prices[Math.floor(prices.length / 2)]!);
  return formatDecimal(middle + BigInt(ticks) * tick);
}
