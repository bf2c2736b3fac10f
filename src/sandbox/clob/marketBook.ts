/**
 * One binary market's order book, kept once, in Yes terms. The No token's book is its exact
 * mirror (a No bid at p is a Yes ask at 1 - p), which is how a binary exchange matches both
 * outcomes against one pool of liquidity — and it makes the two books complementary by
 * construction instead of by a simulation that might drift.
 */
import { complementPips } from './units';

export type BookSide = 'BUY' | 'SELL';

export interface Level {
  /** Integer pips (0.0001). */
  price: number;
  /** Integer hundredths of a share. */
  size: number;
}

export interface Trade {
  price: number;
  size: number;
  side: BookSide;
}

export interface OutcomeView {
  /** Best first: highest bid first. */
  bids: readonly Level[];
  /** Best first: lowest ask first. */
  asks: readonly Level[];
  lastTrade: Trade | null;
}

const mirrorLevels = (levels: readonly Level[]): Level[] =>
  levels.map((l) => ({ price: complementPips(l.price), size: l.size }));

export class MarketBook {
  /** Best first, strictly descending prices. */
  private bids: Level[] = [];
  /** Best first, strictly ascending prices. */
  private asks: Level[] = [];
  private lastTrade: Trade | null = null;
  /** Bumped on every change; readers cache the wire form per version. */
  version = 0;
  /** Wall-clock ms of the last change, served as the book's `timestamp`. */
  updatedAtMs: number;

  constructor(
    readonly tickPips: number,
    private readonly now: () => number = Date.now,
  ) {
    this.updatedAtMs = now();
  }

  /** The book as seen from outcome 0 (Yes) or 1 (No). */
  view(outcome: 0 | 1): OutcomeView {
    if (outcome === 0) return { bids: this.bids, asks: this.asks, lastTrade: this.lastTrade };
    const last = this.lastTrade;
    return {
      bids: mirrorLevels(this.asks),
      asks: mirrorLevels(this.bids),
      lastTrade: last && { price: complementPips(last.price), size: last.size, side: last.side === 'BUY' ? 'SELL' : 'BUY' },
    };
  }

  bestBid(): Level | undefined {
    return this.bids[0];
  }

  bestAsk(): Level | undefined {
    return this.asks[0];
  }

  depth(): { bids: number; asks: number } {
    return { bids: this.bids.length, asks: this.asks.length };
  }

  /**
   * Replaces the resting liquidity (a market maker re-quoting). Rejects a ladder that is
   * unsorted, off tick, out of (0, 1) or crossed, so no caller can corrupt the book.
   */
  replace(bids: Level[], asks: Level[]): void {
    assertLadder(bids, -1, this.tickPips);
    assertLadder(asks, 1, this.tickPips);
    const bestBid = bids[0];
    const bestAsk = asks[0];
    if (bestBid && bestAsk && bestBid.price >= bestAsk.price) throw new Error('crossed ladder');
    this.bids = bids;
    this.asks = asks;
    this.touch();
  }

  /** Changes the size of one resting level (index counted from the best). */
  resize(side: 'bids' | 'asks', index: number, size: number): void {
    const level = this[side][index];
    if (!level || size <= 0 || !Number.isSafeInteger(size)) return;
    this[side][index] = { price: level.price, size };
    this.touch();
  }

  /**
   * A taker order that sweeps the book: BUY lifts asks, SELL hits bids, best price first,
   * until `size` is filled or the book side is empty. Returns the fills.
   */
  take(side: BookSide, size: number): Trade[] {
    const book = side === 'BUY' ? this.asks : this.bids;
    const fills: Trade[] = [];
    let remaining = size;
    while (remaining > 0 && book.length > 0) {
      const level = book[0] as Level;
      const filled = Math.min(level.size, remaining);
      fills.push({ price: level.price, size: filled, side });
      remaining -= filled;
      if (filled === level.size) book.shift();
      else book[0] = { price: level.price, size: level.size - filled };
    }
    const last = fills[fills.length - 1];
    if (last) {
      this.lastTrade = last;
      this.touch();
    }
    return fills;
  }

  /** Sets the last trade directly (opening state, resolved markets). */
  setLastTrade(trade: Trade): void {
    this.lastTrade = trade;
    this.touch();
  }

  private touch(): void {
    this.version += 1;
    this.updatedAtMs = this.now();
  }
}

function assertLadder(levels: readonly Level[], direction: 1 | -1, tick: number): void {
  let previous: number | null = null;
  for (const { price, size } of levels) {
    if (!Number.isSafeInteger(price) || price % tick !== 0 || price < tick || price > 10_000 - tick) {
      throw new Error(`price ${price} is off tick ${tick} or outside [tick, 1 - tick]`);
    }
    if (!Number.isSafeInteger(size) || size <= 0) throw new Error(`bad size ${size}`);
    if (previous !== null && (price - previous) * direction <= 0) throw new Error('ladder not sorted best first');
    previous = price;
  }
}
