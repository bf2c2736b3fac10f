/**
 * One market's price over time, in Yes pips on one-minute resolution, for `/prices-history`
 * and `/ohlc` (the No token reads the mirror).
 *
 * Two parts meet at the anchor (the minute the sandbox started):
 * - before it, a seeded past of SEEDED_DAYS: an hourly bounded random walk that ends at the
 *   market's opening fair value, with minutes interpolated between the hours plus a small
 *   hashed jitter. Pure functions of (seed, market, minute) apart from the 721 hourly points,
 *   computed on first use — so charts have history and two runs with a seed draw the same one;
 * - from it, live candles built from every fill on the book (simulated and user trades),
 *   at most MAX_LIVE_MINUTES of them (the oldest are forgotten; their minutes then read the
 *   price carried from the last one kept).
 * A minute without a trade carries the last price forward.
 */
import { Prng } from '../random/prng';
import { clampFair, fairBounds } from '../world/pricing';

export const SEEDED_DAYS = 30;
const SEEDED_HOURS = SEEDED_DAYS * 24;
export const MAX_LIVE_MINUTES = 14 * 24 * 60;
const MINUTE_MS = 60_000;

export interface Candle {
  /** Minute index (unix ms / 60 000). */
  minute: number;
  open: number;
  high: number;
  low: number;
  close: number;
  /** Hundredths of a share traded. */
  volume: number;
}

export interface SeriesParams {
  /** Mixed into every hash so each market (and seed) draws its own past. */
  key: string;
  seed: number;
  fairPips: number;
  tickPips: number;
  /** Typical size of one trade, hundredths of a share (seeded volume scale). */
  minSizeCents: number;
  anchorMinute: number;
}

/** A 32-bit integer hash (splitmix32 finaliser) of two numbers. */
function hash2(a: number, b: number): number {
  let z = (Math.imul(a ^ 0x9e3779b9, 0x85ebca6b) ^ b) >>> 0;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
  return (z ^ (z >>> 16)) >>> 0;
}

export class PriceSeries {
  private hourly: Int32Array | null = null;
  private readonly live: Candle[] = [];
  private readonly salt: number;
  readonly startMinute: number;

  constructor(private readonly params: SeriesParams) {
    this.salt = new Prng(params.seed, `history:${params.key}`).int(0, 0x7fff_ffff);
    this.startMinute = params.anchorMinute - SEEDED_HOURS * 60;
  }

  /** Adds a fill at `price` (Yes pips) of `size` hundredths of a share. */
  record(timeMs: number, price: number, size: number): void {
    const last = this.live[this.live.length - 1];
    // A clock that steps back lands in the newest candle rather than reordering the series.
    const minute = Math.max(Math.floor(timeMs / MINUTE_MS), last?.minute ?? this.params.anchorMinute);
    if (last && last.minute === minute) {
      last.high = Math.max(last.high, price);
      last.low = Math.min(last.low, price);
      last.close = price;
      last.volume += size;
      return;
    }
    this.live.push({ minute, open: price, high: price, low: price, close: price, volume: size });
    if (this.live.length > MAX_LIVE_MINUTES) this.live.shift();
  }

  /** The price at the end of `minute`, or null before the history starts. */
  priceAt(minute: number): number | null {
    if (minute < this.startMinute) return null;
    if (minute < this.params.anchorMinute) return this.seeded(minute);
    const index = this.lastLiveAtOrBefore(minute);
    return index < 0 ? this.params.fairPips : (this.live[index] as Candle).close;
  }

  /** The candle over minutes [from, to), or null when the range holds no history. */
  candle(from: number, to: number): Omit<Candle, 'minute'> | null {
    const start = Math.max(from, this.startMinute);
    if (start >= to) return null;
    const acc = { open: -1, high: -Infinity, low: Infinity, close: -1, volume: 0 };
    const take = (open: number, high: number, low: number, close: number, volume: number) => {
      if (acc.open < 0) acc.open = open;
      acc.high = Math.max(acc.high, high);
      acc.low = Math.min(acc.low, low);
      acc.close = close;
      acc.volume += volume;
    };
    const seededEnd = Math.min(to, this.params.anchorMinute);
    if (start < seededEnd) {
      // Long ranges are sampled (about 60 points), so a weekly candle stays cheap.
      const step = Math.max(1, Math.floor((seededEnd - start) / 60));
      for (let m = start; m < seededEnd; m += step) {
        const p = this.seeded(m);
        take(p, p, p, p, this.seededVolume(m) * step);
      }
      const last = this.seeded(seededEnd - 1);
      take(last, last, last, last, 0);
    }
    const liveStart = Math.max(start, this.params.anchorMinute);
    if (liveStart < to) {
      const carried = this.priceAt(liveStart - 1) ?? this.params.fairPips;
      let index = this.lastLiveAtOrBefore(liveStart - 1) + 1;
      let any = false;
      for (; index < this.live.length && (this.live[index] as Candle).minute < to; index += 1) {
        const c = this.live[index] as Candle;
        if (!any && acc.open < 0) take(carried, carried, carried, carried, 0);
        any = true;
        take(c.open, c.high, c.low, c.close, c.volume);
      }
      if (!any) take(carried, carried, carried, carried, 0);
    }
    return { open: acc.open, high: acc.high, low: acc.low, close: acc.close, volume: acc.volume };
  }

  /** Index of the newest live candle at or before `minute`; -1 when none. */
  private lastLiveAtOrBefore(minute: number): number {
    let lo = 0;
    let hi = this.live.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.live[mid] as Candle).minute <= minute) lo = mid + 1;
      else hi = mid;
    }
    return lo - 1;
  }

  private seeded(minute: number): number {
    const hourly = this.hourlyPoints();
    const back = this.params.anchorMinute - minute;
    const hour = Math.floor(back / 60);
    const within = back - hour * 60;
    const a = hourly[hour] as number;
    const b = hourly[Math.min(hour + 1, SEEDED_HOURS)] as number;
    const h = hash2(this.salt, minute);
    const jitter = ((h % 3) - 1) * this.params.tickPips;
    return clampFair(a + Math.round(((b - a) * within) / 60) + jitter, this.params.tickPips);
  }

  private seededVolume(minute: number): number {
    const h = hash2(this.salt ^ 0x5bd1e995, minute);
    // About a third of the minutes trade, each a few typical sizes.
    return h % 3 === 0 ? ((h >>> 8) % 6 + 1) * this.params.minSizeCents : 0;
  }

  /** hourly[k] is the price k hours before the anchor; hourly[0] is the opening fair value. */
  private hourlyPoints(): Int32Array {
    if (this.hourly) return this.hourly;
    const { tickPips } = this.params;
    const { lo, hi } = fairBounds(tickPips);
    const rng = new Prng(this.params.seed, `history-walk:${this.params.key}`);
    const unit = tickPips * Math.max(1, Math.round(50 / tickPips));
    const points = new Int32Array(SEEDED_HOURS + 1);
    let price = clampFair(this.params.fairPips, tickPips);
    points[0] = price;
    for (let k = 1; k <= SEEDED_HOURS; k += 1) {
      if (rng.chance(0.6)) {
        let next = price + rng.int(-2, 2) * unit;
        if (next < lo) next = 2 * lo - next;
        if (next > hi) next = 2 * hi - next;
        price = Math.min(hi, Math.max(lo, next));
      }
      points[k] = price;
    }
    this.hourly = points;
    return points;
  }
}
