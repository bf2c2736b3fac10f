/**
 * How a market's trade list takes a fresh newest page while older pages are loaded: the new
 * rows go on top, down to the first row already held. When the fresh page does not reach any
 * held row (more trades came than a page holds), the list starts over from that page, so it never
 * shows a silent gap.
 */
import type { MarketTradeView } from '../../shared/marketDataViews';

export interface TradeList {
  rows: MarketTradeView[];
  /** The service's cursor past the oldest row held; null when the oldest row is the feed's end. */
  nextCursor: string | null;
}

export function takeNewestPage(held: TradeList, page: TradeList): TradeList {
  const known = new Set(held.rows.map((r) => r.key));
  const overlap = page.rows.findIndex((r) => known.has(r.key));
  if (overlap === -1) return { rows: page.rows, nextCursor: page.nextCursor };
  return { rows: [...page.rows.slice(0, overlap), ...held.rows], nextCursor: held.nextCursor };
}

/** An older page goes below, without a row the list already holds (a page boundary can repeat one). */
export function appendOlderPage(held: TradeList, page: TradeList): TradeList {
  const known = new Set(held.rows.map((r) => r.key));
  return { rows: [...held.rows, ...page.rows.filter((r) => !known.has(r.key))], nextCursor: page.nextCursor };
}
