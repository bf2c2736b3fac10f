/**
 * What the price chart draws over the price: the account's fills as markers, its working orders
 * as price lines, the traded volume as bars, and the line's live end. Pure functions of the
 * data, so each rule is tested on its own (test/unit/renderer/chartOverlays.test.ts).
 */
import type { AutoscaleInfo, HistogramData, LineData, UTCTimestamp } from 'lightweight-charts';
import type { OrderSide, OhlcBar } from '../../../shared/tradingViews';
import { formatPrice } from '../../lib/format';

/**
 * The chart's price axis for a market: as many decimals as its tick, moving by one tick; in the
 * cents style the labels are the app's own cents ("55.5¢"), so the axis reads like the ladder.
 */
export function chartPriceFormat(
  tickSize: string,
  decimals: number,
  priceStyle: 'decimal' | 'cents' = 'decimal',
): { type: 'price'; precision: number; minMove: number } | { type: 'custom'; formatter: (price: number) => string; minMove: number } {
  const tick = Number(tickSize);
  const minMove = Number.isFinite(tick) && tick > 0 ? tick : 0.01;
  if (priceStyle === 'cents') return { type: 'custom', formatter: (price) => formatPrice(String(price), tickSize), minMove };
  return { type: 'price', precision: decimals, minMove };
}

/** Volume bars under the price, coloured by whether the bar closed up or down. */
export function toVolumeBars(bars: readonly OhlcBar[], up: string, down: string): HistogramData[] {
  const byTime = new Map<number, OhlcBar>();
  for (const bar of bars) if (Number.isFinite(bar.t) && Number.isFinite(bar.volume)) byTime.set(Math.floor(bar.t), bar);
  return [...byTime.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([time, bar]) => ({ time: time as UTCTimestamp, value: Math.max(0, bar.volume), color: bar.close >= bar.open ? up : down }));
}

/** One fill of the account, from either the trades list or a live fill notification. */
export interface ChartFill {
  assetId: string;
  side: OrderSide;
  price: string;
  size: string;
  atMs: number;
}

export interface FillMarker {
  time: UTCTimestamp;
  position: 'belowBar' | 'aboveBar';
  shape: 'arrowUp' | 'arrowDown';
  side: OrderSide;
  /** Shares bought or sold in that bar. */
  size: number;
}

/** The last bar time at or before `seconds` (markers must sit on a bar), or null before the first. */
function barAtOrBefore(times: readonly number[], seconds: number): number | null {
  let lo = 0;
  let hi = times.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((times[mid] as number) <= seconds) lo = mid + 1;
    else hi = mid;
  }
  return lo === 0 ? null : (times[lo - 1] as number);
}

/**
 * Fills of this outcome as arrows on the bar they happened in: buys below, sells above, one
 * marker per bar and side (their sizes summed) so a busy minute does not stack arrows. The same
 * fill reported twice (trades list and notification) counts once. Fills outside the loaded bars
 * are left out rather than piled on the edge.
 */
export function fillMarkers(fills: readonly ChartFill[], tokenId: string, barTimes: readonly number[]): FillMarker[] {
  if (barTimes.length === 0) return [];
  const lastBar = barTimes[barTimes.length - 1] as number;
  const span = barTimes.length > 1 ? lastBar - (barTimes[barTimes.length - 2] as number) : 60;
  const seen = new Set<string>();
  const byBar = new Map<string, FillMarker>();
  for (const fill of fills) {
    if (fill.assetId !== tokenId) continue;
    const seconds = Math.floor(fill.atMs / 1000);
    const identity = `${seconds}|${fill.side}|${fill.price}|${fill.size}`;
    if (seen.has(identity)) continue;
    seen.add(identity);
    if (seconds > lastBar + span) continue;
    const time = barAtOrBefore(barTimes, seconds);
    if (time === null) continue;
    const key = `${time}|${fill.side}`;
    const size = Number(fill.size) || 0;
    const held = byBar.get(key);
    if (held) held.size += size;
    else byBar.set(key, { time: time as UTCTimestamp, side: fill.side, size, ...(fill.side === 'BUY' ? { position: 'belowBar', shape: 'arrowUp' } : { position: 'aboveBar', shape: 'arrowDown' }) } as FillMarker);
  }
  return [...byBar.values()].sort((a, b) => a.time - b.time || (a.side < b.side ? -1 : 1));
}

export interface WorkingOrder {
  assetId: string;
  side: OrderSide;
  price: string;
  /** Shares still open. */
  remaining: number;
}

export interface OrderLine {
  price: number;
  side: OrderSide;
  /** Shares still open at this price and side, over all of the account's orders there. */
  size: number;
  orders: number;
}

/** The account's working orders of this outcome, one line per price and side. */
export function orderLines(orders: readonly WorkingOrder[], tokenId: string): OrderLine[] {
  const byLevel = new Map<string, OrderLine>();
  for (const order of orders) {
    const price = Number(order.price);
    if (order.assetId !== tokenId || !Number.isFinite(price) || !(order.remaining > 0)) continue;
    const key = `${order.side}|${price}`;
    const held = byLevel.get(key);
    if (held) {
      held.size += order.remaining;
      held.orders += 1;
    } else byLevel.set(key, { price, side: order.side, size: order.remaining, orders: 1 });
  }
  return [...byLevel.values()].sort((a, b) => b.price - a.price);
}

/** Above this spread a midpoint says little: the public site shows the last trade instead. */
export const WIDE_SPREAD = 0.1;

export interface BookTouch {
  bestBid: string | null;
  bestAsk: string | null;
  lastTradePrice: string | null;
}

/** The price a trader reads as "the price" now: the midpoint of a tight book, else the last trade. */
export function displayPrice(book: BookTouch | undefined): number | null {
  if (!book) return null;
  const bid = Number(book.bestBid);
  const ask = Number(book.bestAsk);
  if (book.bestBid !== null && book.bestAsk !== null && Number.isFinite(bid) && Number.isFinite(ask) && ask - bid <= WIDE_SPREAD + 1e-9) {
    return Math.round(((bid + ask) / 2) * 10_000) / 10_000;
  }
  const last = Number(book.lastTradePrice);
  return book.lastTradePrice !== null && Number.isFinite(last) ? last : null;
}

/**
 * The line as it should read in a thin market: the history (trade prices, held until the next
 * trade — drawn as steps) carried to now at the current price, so the line does not stop at a
 * trade hours old nor jump with each trade between bid and ask.
 */
export function readableLine(history: readonly LineData[], current: number | null, nowSeconds: number): LineData[] {
  const last = history[history.length - 1];
  if (current === null || !last || (last.time as number) >= nowSeconds) return [...history];
  return [...history, { time: nowSeconds as UTCTimestamp, value: current }];
}

/**
 * The price axis' range widened to the account's order prices, so a working order away from the
 * recent prices is still on screen rather than a line above or below the pane.
 */
export function withOrderPrices(info: AutoscaleInfo | null, prices: readonly number[]): AutoscaleInfo | null {
  if (!info?.priceRange || prices.length === 0) return info;
  const { minValue, maxValue } = info.priceRange;
  return { ...info, priceRange: { minValue: Math.min(minValue, ...prices), maxValue: Math.max(maxValue, ...prices) } };
}
