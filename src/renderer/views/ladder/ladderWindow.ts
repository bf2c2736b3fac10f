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
export function touchLeftWindow(rows: ReadonlyArray<string | null>, book: Pick<OrderBookView, 'bestBid' | 'bestAsk'> | undefined): boolean {
  const prices = rows.filter((row): row is string => row !== null);
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

/** Rows of the ladder: a price, or null for the fold inside a spread too wide to show (see `spreadFold`). */
export type LadderRow = string | null;

/** Levels each side of the touch the ladder always shows, however wide the spread. */
export const MIN_LEVELS_EACH_SIDE = 4;

/**
 * When the spread is too wide for the window to show the touch with a few levels on each side
 * (a 0.001-tick market 26 ticks wide in 21 rows), the empty ticks between the best bid and the
 * best ask fold into one row; the asks above and the bids below stay tick by tick. Null when the
 * spread fits (the ordinary window is used).
 */
export function spreadFold(bestBid: string | null, bestAsk: string | null, tickSize: string, rows: number): LadderRow[] | null {
  const tick = tryParseDecimal(tickSize);
  const bid = tryParseDecimal(bestBid);
  const ask = tryParseDecimal(bestAsk);
  if (tick === null || tick <= 0n || bid === null || ask === null || ask <= bid) return null;
  const touchRows = Number((ask - bid) / tick) + 1;
  if (touchRows + 2 * MIN_LEVELS_EACH_SIDE <= rows) return null;
  const each = Math.floor((rows - 1) / 2);
  const one = parseDecimal('1');
  const asks: string[] = [];
  for (let i = each - 1; i >= 0; i -= 1) {
    const units = ask + BigInt(i) * tick;
    if (units <= one - tick) asks.push(formatDecimal(units));
  }
  const bids: string[] = [];
  for (let i = 0; i < each; i += 1) {
    const units = bid - BigInt(i) * tick;
    if (units >= tick) bids.push(formatDecimal(units));
  }
  return [...asks, null, ...bids];
}

/** Empty ticks a fold stands for. */
export function foldedTicks(rows: readonly LadderRow[], tickSize: string): number {
  const at = rows.indexOf(null);
  const tick = tryParseDecimal(tickSize);
  if (at <= 0 || at >= rows.length - 1 || tick === null || tick <= 0n) return 0;
  return Number((parseDecimal(rows[at - 1]!) - parseDecimal(rows[at + 1]!)) / tick) - 1;
}
