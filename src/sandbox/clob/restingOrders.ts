/**
 * The users' resting orders of one binary market, in Yes terms like the rest of the book (a BUY
 * of No at p rests as a Yes ask at 1 - p). Kept apart from the simulated makers' aggregated
 * levels because each user order has an identity, a time of arrival and an owner to settle with;
 * marketBook.ts merges both layers into the public ladder.
 *
 * Price-time priority: bids best (highest) first, asks best (lowest) first, and among equal
 * prices the earlier arrival first. Integer pips and hundredths of a share, as in units.ts.
 */
import type { Level } from './marketBook';

export type RestingSide = 'bids' | 'asks';

export interface RestingEntry {
  /** The order id (its EIP-712 hash). */
  readonly id: string;
  /** Yes-terms price in pips. */
  readonly price: number;
  /** Unfilled size in hundredths of a share. */
  size: number;
  /** Arrival order, for time priority. */
  readonly seq: number;
}

/** True when `a` is strictly better than `b` on that side. */
const better = (side: RestingSide, a: number, b: number) => (side === 'bids' ? a > b : a < b);

export class RestingOrders {
  private readonly lists: Record<RestingSide, RestingEntry[]> = { bids: [], asks: [] };
  private readonly sideOf = new Map<string, RestingSide>();
  private nextSeq = 0;

  get count(): number {
    return this.sideOf.size;
  }

  has(id: string): boolean {
    return this.sideOf.has(id);
  }

  /** Inserts behind every entry at an equal or better price (time priority). */
  add(side: RestingSide, id: string, price: number, size: number): void {
    if (this.sideOf.has(id)) throw new Error(`order ${id} already rests`);
    const list = this.lists[side];
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (better(side, price, (list[mid] as RestingEntry).price)) hi = mid;
      else lo = mid + 1;
    }
    list.splice(lo, 0, { id, price, size, seq: this.nextSeq++ });
    this.sideOf.set(id, side);
  }

  remove(id: string): RestingEntry | undefined {
    const side = this.sideOf.get(id);
    if (!side) return undefined;
    this.sideOf.delete(id);
    const list = this.lists[side];
    const index = list.findIndex((e) => e.id === id);
    return index < 0 ? undefined : list.splice(index, 1)[0];
  }

  entries(side: RestingSide): readonly RestingEntry[] {
    return this.lists[side];
  }

  best(side: RestingSide): RestingEntry | undefined {
    return this.lists[side][0];
  }

  /** Takes `size` from the best entry (the caller never asks for more than it holds). */
  fillBest(side: RestingSide, size: number): RestingEntry {
    const list = this.lists[side];
    const entry = list[0];
    if (!entry || size <= 0 || size > entry.size) throw new Error('fill exceeds the resting order');
    entry.size -= size;
    if (entry.size === 0) {
      list.shift();
      this.sideOf.delete(entry.id);
    }
    return entry;
  }

  /** Aggregated levels, best first. */
  levels(side: RestingSide): Level[] {
    const out: Level[] = [];
    for (const entry of this.lists[side]) {
      const last = out[out.length - 1];
      if (last && last.price === entry.price) last.size += entry.size;
      else out.push({ price: entry.price, size: entry.size });
    }
    return out;
  }
}
