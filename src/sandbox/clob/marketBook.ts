/**
 * One binary market's order book, kept once, in Yes terms. The No token's book is its exact
 * mirror (a No bid at p is a Yes ask at 1 - p), which is how a binary exchange matches both
 * outcomes against one pool of liquidity — and it makes the two books complementary by
 * construction instead of by a simulation that might drift. The same mirror gives the
 * complementary matching of user orders for free: a BUY of No at q rests as a Yes ask at 1 - q,
 * so it meets a BUY of Yes at p >= 1 - q (a mint) like any other ask.
 *
 * Two layers of liquidity: the simulated makers' aggregated levels (`replace`, `resize`) and the
 * users' resting orders (restingOrders.ts). The public ladder is their sum. The book is never
 * crossed between the layers: when a simulated maker re-quotes through a resting user order,
 * the maker is the later arrival, so it takes the user's order at the user's price (`uncross`),
 * and a simulated taker sweeps both layers by price, users first at an equal price (the
 * simulated makers re-quote all the time, so a user's order is the older one). Fills that a
 * simulated participant starts are reported to `onHouseFills` so the trading layer settles the
 * users' side of them; fills of a user's own order come back from `sweep` to its caller.
 */
import { RestingOrders, type RestingSide } from './restingOrders';
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

/** One match: `side` is the taker's side in Yes terms (BUY lifted an ask, SELL hit a bid). */
export interface BookFill extends Trade {
  /** The user order that rested (the maker); null when a simulated maker's level was hit. */
  makerOrderId: string | null;
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

/** True when a taker on `side` prefers price `a` to `b` (a buyer wants the lower ask). */
const takerPrefers = (side: BookSide, a: number, b: number) => (side === 'BUY' ? a < b : a > b);

/** Sums two best-first ladders of one side into one (equal prices add up). */
function mergeLevels(a: readonly Level[], b: readonly Level[], descending: boolean): Level[] {
  const out: Level[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    const x = a[i];
    const y = b[j];
    let next: Level;
    if (x && y && x.price === y.price) {
      next = { price: x.price, size: x.size + y.size };
      i += 1;
      j += 1;
    } else if (x && (!y || (descending ? x.price > y.price : x.price < y.price))) {
      next = x;
      i += 1;
    } else {
      next = y as Level;
      j += 1;
    }
    out.push(next);
  }
  return out;
}

export class MarketBook {
  /** Best first, strictly descending prices. */
  private bids: Level[] = [];
  /** Best first, strictly ascending prices. */
  private asks: Level[] = [];
  private lastTrade: Trade | null = null;
  /** The users' orders; change them only through `addResting` / `removeResting` / `sweep`. */
  readonly resting = new RestingOrders();
  /** Receives the fills a simulated participant started (a taker sweep or a re-quote). */
  onHouseFills: ((fills: readonly BookFill[]) => void) | null = null;
  private merged: { version: number; bids: readonly Level[]; asks: readonly Level[] } | null = null;
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

  /** The public book (both layers) as seen from outcome 0 (Yes) or 1 (No). */
  view(outcome: 0 | 1): OutcomeView {
    const { bids, asks } = this.ladder();
    if (outcome === 0) return { bids, asks, lastTrade: this.lastTrade };
    const last = this.lastTrade;
    return {
      bids: mirrorLevels(asks),
      asks: mirrorLevels(bids),
      lastTrade: last && { price: complementPips(last.price), size: last.size, side: last.side === 'BUY' ? 'SELL' : 'BUY' },
    };
  }

  /** Both layers summed, cached per version (the simulation reads only its own layer). */
  private ladder(): { bids: readonly Level[]; asks: readonly Level[] } {
    if (this.resting.count === 0) return { bids: this.bids, asks: this.asks };
    if (this.merged?.version !== this.version) {
      this.merged = {
        version: this.version,
        bids: mergeLevels(this.bids, this.resting.levels('bids'), true),
        asks: mergeLevels(this.asks, this.resting.levels('asks'), false),
      };
    }
    return this.merged;
  }

  /** The simulated makers' best bid (their own layer: that is what they quote around). */
  bestBid(): Level | undefined {
    return this.bids[0];
  }

  /** The simulated makers' best ask. */
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
    this.uncross();
  }

  /** Changes the size of one resting level (index counted from the best). */
  resize(side: 'bids' | 'asks', index: number, size: number): void {
    const level = this[side][index];
    if (!level || size <= 0 || !Number.isSafeInteger(size)) return;
    this[side][index] = { price: level.price, size };
    this.touch();
  }

  /**
   * A simulated taker order that sweeps the book: BUY lifts asks, SELL hits bids, best price
   * first, until `size` is filled or the book side is empty. Returns the fills (and reports
   * them to `onHouseFills`, since resting user orders may be among the makers).
   */
  take(side: BookSide, size: number): Trade[] {
    const fills = this.sweep(side, size, null);
    if (fills.length > 0) this.onHouseFills?.(fills);
    return fills.map(({ price, size: filled, side: taker }) => ({ price, size: filled, side: taker }));
  }

  /**
   * Matches a taker on `side` for up to `size` against both layers, best price first and, at
   * an equal price, user orders before the simulated makers. `limit` (Yes pips) bounds the
   * prices: at most `limit` for a BUY, at least for a SELL; null sweeps without a limit.
   */
  sweep(side: BookSide, size: number, limit: number | null): BookFill[] {
    const house = side === 'BUY' ? this.asks : this.bids;
    const restingSide: RestingSide = side === 'BUY' ? 'asks' : 'bids';
    const fills: BookFill[] = [];
    let remaining = size;
    while (remaining > 0) {
      const user = this.resting.best(restingSide);
      const level = house[0];
      const fromUser = user !== undefined && (level === undefined || !takerPrefers(side, level.price, user.price));
      const price = fromUser ? user.price : level?.price;
      if (price === undefined || (limit !== null && takerPrefers(side, limit, price))) break;
      if (fromUser) {
        const filled = Math.min(remaining, user.size);
        const makerOrderId = user.id;
        this.resting.fillBest(restingSide, filled);
        fills.push({ price, size: filled, side, makerOrderId });
        remaining -= filled;
      } else {
        const top = level as Level;
        const filled = Math.min(top.size, remaining);
        if (filled === top.size) house.shift();
        else house[0] = { price, size: top.size - filled };
        fills.push({ price, size: filled, side, makerOrderId: null });
        remaining -= filled;
      }
    }
    const last = fills[fills.length - 1];
    if (last) {
      this.lastTrade = { price: last.price, size: last.size, side: last.side };
      this.touch();
    }
    return fills;
  }

  /** How much of `size` a taker on `side` within `limit` would get now (nothing changes). */
  fillable(side: BookSide, size: number, limit: number | null): number {
    const ok = (price: number) => limit === null || !takerPrefers(side, limit, price);
    const restingSide: RestingSide = side === 'BUY' ? 'asks' : 'bids';
    let total = 0;
    for (const level of side === 'BUY' ? this.asks : this.bids) {
      if (!ok(level.price) || total >= size) break;
      total += level.size;
    }
    for (const entry of this.resting.entries(restingSide)) {
      if (!ok(entry.price) || total >= size) break;
      total += entry.size;
    }
    return Math.min(total, size);
  }

  /** Whether a taker on `side` at `limit` would match anything (the post-only test). */
  crosses(side: BookSide, limit: number): boolean {
    return this.fillable(side, 1, limit) > 0;
  }

  /** Rests a user order (its Yes-terms side and price); it must not cross the book (a bid would meet an ask). */
  addResting(side: RestingSide, id: string, price: number, size: number): void {
    if (this.crosses(side === 'bids' ? 'BUY' : 'SELL', price)) throw new Error(`order ${id} would rest crossed`);
    this.resting.add(side, id, price, size);
    this.touch();
  }

  /** Puts a saved order back after a restart; today's quotes may cross it, so they trade at once. */
  restoreResting(side: RestingSide, id: string, price: number, size: number): void {
    this.resting.add(side, id, price, size);
    this.touch();
    this.uncross();
  }

  removeResting(id: string): boolean {
    const removed = this.resting.remove(id) !== undefined;
    if (removed) this.touch();
    return removed;
  }

  /**
   * Resolves crosses between a fresh simulated quote and resting user orders: the simulated
   * maker arrived later, so it is the taker and trades at the user's price.
   */
  private uncross(): void {
    const fills: BookFill[] = [];
    for (;;) {
      const bid = this.resting.best('bids');
      const ask = this.asks[0];
      if (bid && ask && ask.price <= bid.price) {
        fills.push(this.houseTakes('asks', bid.id, bid.price, Math.min(ask.size, bid.size)));
        continue;
      }
      const userAsk = this.resting.best('asks');
      const houseBid = this.bids[0];
      if (userAsk && houseBid && houseBid.price >= userAsk.price) {
        fills.push(this.houseTakes('bids', userAsk.id, userAsk.price, Math.min(houseBid.size, userAsk.size)));
        continue;
      }
      break;
    }
    const last = fills[fills.length - 1];
    if (!last) return;
    this.lastTrade = { price: last.price, size: last.size, side: last.side };
    this.touch();
    this.onHouseFills?.(fills);
  }

  /** One uncross step: the house level on `houseSide` fills the best opposite user order. */
  private houseTakes(houseSide: 'bids' | 'asks', makerOrderId: string, price: number, size: number): BookFill {
    const house = this[houseSide];
    const level = house[0] as Level;
    if (size === level.size) house.shift();
    else house[0] = { price: level.price, size: level.size - size };
    this.resting.fillBest(houseSide === 'asks' ? 'bids' : 'asks', size);
    return { price, size, side: houseSide === 'asks' ? 'SELL' : 'BUY', makerOrderId };
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
