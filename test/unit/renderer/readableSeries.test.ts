import type { LineData, UTCTimestamp } from 'lightweight-charts';
import { describe, expect, it } from 'vitest';
import { readableSeries } from '../../../src/renderer/views/trade/chartData';

const at = (time: number, value: number): LineData => ({ time: time as UTCTimestamp, value });

describe('readableSeries: a dense history as a line, not a bid/ask barcode', () => {
  it('leaves a history of few points as it is', () => {
    const few = [at(1, 0.4), at(2, 0.5), at(3, 0.45)];
    expect(readableSeries(few, 10)).toEqual(few);
  });

  it('averages trades alternating between bid (0.29) and ask (0.31) to the mid, at most maxPoints points, ending at the last price', () => {
    const dense = Array.from({ length: 1_440 }, (_, i) => at(1_000 + i * 60, i % 2 === 0 ? 0.29 : 0.31));
    dense.push(at(1_000 + 1_440 * 60, 0.33));
    const line = readableSeries(dense, 240);
    expect(line.length).toBeLessThanOrEqual(240);
    expect(line.at(-1)).toEqual(at(1_000 + 1_440 * 60, 0.33));
    for (const point of line.slice(0, -1)) expect(point.value).toBeCloseTo(0.3, 2);
    const times = line.map((p) => p.time as number);
    expect(times.every((t, i) => i === 0 || t > times[i - 1]!)).toBe(true);
  });
});
