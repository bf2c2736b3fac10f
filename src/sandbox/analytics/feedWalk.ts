/**
 * One page of a keyset walk over a wallet feed: seek to the window and the cursor's anchor by
 * binary search, then step in the walk's direction collecting rows whose packed kind passes the
 * filter. One row beyond the page is looked for, so `has_more` is exact.
 */
import type { WalletFeed } from './walletFeed';
import type { TimeWindowS } from './window';

export type Direction = 'ASC' | 'DESC';

export interface Anchor {
  ts: number;
  seq: number;
}

export interface FeedPage {
  positions: number[];
  hasMore: boolean;
}

export function walkFeed(
  feed: WalletFeed,
  window: TimeWindowS,
  direction: Direction,
  anchor: Anchor | null,
  limit: number,
  accepts: ((kind: number) => boolean) | null,
): FeedPage {
  const lo = feed.firstAtOrAfter(window.start);
  const hi = feed.lastAtOrBefore(window.end);
  const positions: number[] = [];
  let hasMore = false;
  if (direction === 'DESC') {
    const from = Math.min(hi, anchor ? feed.before(anchor.ts, anchor.seq) : hi);
    for (let p = from; p >= lo; p -= 1) {
      if (accepts && !accepts(feed.kind(p))) continue;
      if (positions.length === limit) { hasMore = true; break; }
      positions.push(p);
    }
  } else {
    const from = Math.max(lo, anchor ? feed.after(anchor.ts, anchor.seq) : lo);
    for (let p = from; p <= hi; p += 1) {
      if (accepts && !accepts(feed.kind(p))) continue;
      if (positions.length === limit) { hasMore = true; break; }
      positions.push(p);
    }
  }
  return { positions, hasMore };
}
