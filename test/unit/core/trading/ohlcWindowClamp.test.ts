/**
 * Finding 6, client side: the app never asks for an unbounded OHLC window. Whatever start the
 * renderer sends (0 included), the request reaches back at most `limit` buckets from now.
 */
import { describe, expect, it } from 'vitest';
import { clampOhlcStart } from '../../../../src/main/core/trading/marketData';

const NOW_MS = Date.UTC(2026, 10, 26, 10, 7, 30);
const NOW_S = NOW_MS / 1000;

describe('clampOhlcStart', () => {
  it.each([
    ['1m', 60],
    ['1h', 3_600],
    ['1w', 604_800],
  ])('startTs=0 at %s becomes at most limit buckets back', (fidelity, bucket) => {
    const start = clampOhlcStart(0, fidelity, 500, NOW_MS);
    expect(start).toBeGreaterThan(0);
    expect(NOW_S - start).toBeLessThanOrEqual(501 * bucket);
    expect(NOW_S - start).toBeGreaterThanOrEqual(500 * bucket);
  });

  it('keeps a start that is already inside the span', () => {
    const recent = NOW_S - 3_600;
    expect(clampOhlcStart(recent, '1m', 500, NOW_MS)).toBe(recent);
  });

  it('keeps the asked start for a fidelity it does not know (the exchange answers 400 to it)', () => {
    expect(clampOhlcStart(0, '2m', 500, NOW_MS)).toBe(0);
  });
});
