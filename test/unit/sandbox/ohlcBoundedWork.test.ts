/**
 * Finding 6: `GET /ohlc?startTs=0&fidelity=1m` walked every empty minute since 1970 (about 29
 * million buckets, 0.3–0.75 s of CPU each request). The walk now starts where the history does and
 * stops at `limit` candles; a step counter proves the bound without timing anything.
 */
import { describe, expect, it } from 'vitest';
import type { TokenEntry } from '../../../src/sandbox/clob/exchange';
import { firstBucket, ohlcCandles, type WorkMeter } from '../../../src/sandbox/trading/ohlcCandles';
import { PriceSeries, SEEDED_DAYS } from '../../../src/sandbox/trading/priceSeries';

const ANCHOR_MINUTE = Math.floor(Date.UTC(2026, 10, 1) / 60_000);
const series = new PriceSeries({ key: 'm1', seed: 7, fairPips: 5_000, tickPips: 100, minSizeCents: 500, anchorMinute: ANCHOR_MINUTE });
// The candle walk reads only `outcome` from the token.
const yes = { outcome: 0 } as TokenEntry;
const NOW_MINUTE = ANCHOR_MINUTE + 90;

describe('ohlc work is bounded by the answer', () => {
  it.each([
    ['1m', 1, 100],
    ['1m', 1, 1_000],
    ['1h', 60, 1_000],
    ['1w', 7 * 24 * 60, 1_000],
  ])('startTs=0 at fidelity %s, limit %i: at most limit buckets visited, the first at the start of history', (_name, size, limit) => {
    const meter: WorkMeter = { steps: 0 };
    const candles = ohlcCandles(yes, series, 0, NOW_MINUTE, size, limit, meter);
    expect(candles.length).toBeGreaterThan(0);
    expect(candles.length).toBeLessThanOrEqual(limit);
    expect(meter.steps).toBeLessThanOrEqual(limit + 1);
    expect(candles[0]?.t).toBe(Math.floor(series.startMinute / size) * size * 60);
  });

  it('a window entirely before the history visits nothing', () => {
    const meter: WorkMeter = { steps: 0 };
    expect(ohlcCandles(yes, series, 0, series.startMinute - 1, 1, 1_000, meter)).toEqual([]);
    expect(meter.steps).toBe(0);
  });

  it('a start inside the history is kept as asked (aligned down to the bucket)', () => {
    const from = (series.startMinute + 10 * 60 + 7) * 60;
    expect(firstBucket(from, series.startMinute, 60)).toBe(series.startMinute + 10 * 60);
    const candles = ohlcCandles(yes, series, from, NOW_MINUTE, 60, 5);
    expect(candles.map((c) => c.t)).toEqual([0, 1, 2, 3, 4].map((k) => (series.startMinute + (10 + k) * 60) * 60));
  });

  it('the seeded history is SEEDED_DAYS long, so a full 1m walk from 0 answers the limit at once', () => {
    expect(ANCHOR_MINUTE - series.startMinute).toBe(SEEDED_DAYS * 24 * 60);
  });
});
