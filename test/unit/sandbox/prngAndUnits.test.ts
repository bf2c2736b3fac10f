import { describe, expect, it } from 'vitest';
import { Prng } from '../../../src/sandbox/random/prng';
import {
  complementPips, formatDerivedPips, formatMidpointFromSum, formatPrice, formatScaled, formatSize, tickPips,
} from '../../../src/sandbox/clob/units';
import { TICK_SIZES } from '../../../src/shared/protocol/clob';

const draw = (rng: Prng, n: number) => Array.from({ length: n }, () => rng.next());

describe('the seeded PRNG', () => {
  it('repeats its sequence for a seed and stream, and differs across seeds and streams', () => {
    expect(draw(new Prng(7, 'world'), 50)).toEqual(draw(new Prng(7, 'world'), 50));
    expect(draw(new Prng(7, 'world'), 50)).not.toEqual(draw(new Prng(8, 'world'), 50));
    expect(draw(new Prng(7, 'world'), 50)).not.toEqual(draw(new Prng(7, 'simulation'), 50));
  });

  it('stays inside its ranges and covers them', () => {
    const rng = new Prng(1);
    const seen = new Set<number>();
    for (let i = 0; i < 5_000; i += 1) {
      const x = rng.next();
      expect(x >= 0 && x < 1).toBe(true);
      const n = rng.int(-3, 3);
      expect(n >= -3 && n <= 3 && Number.isInteger(n)).toBe(true);
      seen.add(n);
    }
    expect(seen.size).toBe(7);
  });

  it('draws hex and uint256 decimal strings of the right shape', () => {
    const rng = new Prng(3);
    expect(rng.hex(32)).toMatch(/^[0-9a-f]{64}$/);
    const id = rng.uint256Decimal();
    expect(id).toMatch(/^[0-9]{1,78}$/);
    expect(BigInt(id) < 2n ** 256n).toBe(true);
  });

  it('samples distinct items and honours weights', () => {
    const rng = new Prng(9);
    const sample = rng.sample(['a', 'b', 'c', 'd'], 3);
    expect(new Set(sample).size).toBe(3);
    const counts = { heavy: 0, light: 0 };
    for (let i = 0; i < 2_000; i += 1) counts[rng.weighted([['heavy', 9], ['light', 1]] as const)] += 1;
    expect(counts.heavy).toBeGreaterThan(counts.light * 5);
  });
});

describe('integer price and size units', () => {
  it('maps every documented tick to whole pips that divide 1.0', () => {
    for (const tick of TICK_SIZES) {
      expect(Number.isInteger(tickPips(tick))).toBe(true);
      expect(10_000 % tickPips(tick)).toBe(0);
    }
  });

  it('writes prices on their tick, and derived prices without trailing zeros', () => {
    expect(formatPrice(5_600, '0.01')).toBe('0.56');
    expect(formatPrice(560, '0.001')).toBe('0.056');
    expect(formatPrice(56, '0.0001')).toBe('0.0056');
    expect(formatPrice(5_000, '0.1')).toBe('0.5');
    expect(formatPrice(10_000, '0.01')).toBe('1.00');
    expect(formatDerivedPips(200)).toBe('0.02');
    expect(formatDerivedPips(10_000)).toBe('1');
    expect(formatMidpointFromSum(4_500 + 4_600)).toBe('0.455');
    expect(formatMidpointFromSum(1_234 + 1_235)).toBe('0.12345');
    expect(formatSize(12_550)).toBe('125.50');
    expect(formatSize(7)).toBe('0.07');
    expect(formatScaled(-150, 2)).toBe('-1.5');
    expect(complementPips(3_700)).toBe(6_300);
    expect(() => formatScaled(0.5, 2)).toThrow();
  });
});
