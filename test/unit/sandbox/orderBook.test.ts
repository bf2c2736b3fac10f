import { describe, expect, it } from 'vitest';
import { MarketBook, type Level } from '../../../src/sandbox/clob/marketBook';
import { Prng } from '../../../src/sandbox/random/prng';
import { quoteLadder, type QuoteParams } from '../../../src/sandbox/simulation/marketMaker';
import { fairBounds } from '../../../src/sandbox/world/pricing';

const L = (price: number, size: number): Level => ({ price, size });

/** Problems with a best-first ladder (plain checks: thousands of levels, one assertion each). */
function ladderProblems(levels: readonly Level[], direction: 1 | -1, tick: number): string[] {
  const problems: string[] = [];
  levels.forEach((level, i) => {
    if (level.price % tick !== 0) problems.push(`${level.price} off tick ${tick}`);
    if (level.price < tick || level.price > 10_000 - tick) problems.push(`${level.price} outside [tick, 1 - tick]`);
    if (!Number.isInteger(level.size) || level.size <= 0) problems.push(`bad size ${level.size}`);
    const next = levels[i + 1];
    if (next && (next.price - level.price) * direction <= 0) problems.push(`not sorted at ${i}`);
  });
  return problems;
}

describe('MarketBook', () => {
  it('mirrors the Yes book into an exactly complementary No book', () => {
    const book = new MarketBook(100, () => 1);
    book.replace([L(4_500, 1_000), L(4_400, 2_000)], [L(4_700, 500), L(4_800, 900)]);
    const no = book.view(1);
    expect(no.bids).toEqual([L(5_300, 500), L(5_200, 900)]);
    expect(no.asks).toEqual([L(5_500, 1_000), L(5_600, 2_000)]);
  });

  it('refuses ladders that are crossed, unsorted, off tick or outside [tick, 1 - tick]', () => {
    const book = new MarketBook(100);
    expect(() => book.replace([L(5_000, 1)], [L(5_000, 1)])).toThrow(/crossed/);
    expect(() => book.replace([L(4_000, 1), L(4_100, 1)], [])).toThrow(/sorted/);
    expect(() => book.replace([L(4_050, 1)], [])).toThrow(/tick/);
    expect(() => book.replace([], [L(10_000, 1)])).toThrow(/tick/);
    expect(() => book.replace([L(0, 1)], [])).toThrow(/tick/);
    expect(() => book.replace([L(4_000, 0)], [])).toThrow(/size/);
  });

  it('sweeps levels best first for a taker and records the last trade', () => {
    const book = new MarketBook(100);
    book.replace([L(4_500, 1_000)], [L(4_700, 500), L(4_800, 900)]);
    const version = book.version;
    const fills = book.take('BUY', 800);
    expect(fills).toEqual([{ price: 4_700, size: 500, side: 'BUY' }, { price: 4_800, size: 300, side: 'BUY' }]);
    expect(book.view(0).asks).toEqual([L(4_800, 600)]);
    expect(book.view(0).lastTrade).toEqual({ price: 4_800, size: 300, side: 'BUY' });
    expect(book.view(1).lastTrade).toEqual({ price: 5_200, size: 300, side: 'SELL' });
    expect(book.version).toBeGreaterThan(version);
    expect(book.take('SELL', 5_000)).toHaveLength(1);
    expect(book.view(0).bids).toEqual([]);
  });
});

describe('the market maker ladder', () => {
  it('is two-sided, sorted, on tick and inside bounds for every tick and fair value', () => {
    const rng = new Prng(11);
    for (const tick of [1_000, 100, 50, 25, 10, 1]) {
      const { lo, hi } = fairBounds(tick);
      for (let i = 0; i < 150; i += 1) {
        const params: QuoteParams = {
          tick,
          fair: lo + Math.floor(rng.int(0, (hi - lo) / tick)) * tick,
          halfSpread: tick * rng.int(1, 3),
          step: tick * rng.int(1, 5),
          levels: rng.int(5, 15),
          minSize: 500,
          depth: rng.int(100, 40_000),
        };
        const { bids, asks } = quoteLadder(rng, params);
        expect(bids.length).toBeGreaterThan(0);
        expect(asks.length).toBeGreaterThan(0);
        expect(bids.length).toBeLessThanOrEqual(params.levels);
        expect([...ladderProblems(bids, -1, tick), ...ladderProblems(asks, 1, tick)]).toEqual([]);
        expect((bids[0] as Level).price).toBeLessThan((asks[0] as Level).price);
        expect(Math.min(...[...bids, ...asks].map((l) => l.size))).toBeGreaterThanOrEqual(params.minSize);
        // Away from the ends of the price range the maker shows its full depth.
        if (params.fair >= 2_000 && params.fair <= 8_000 && tick <= 100) {
          expect(bids.length).toBe(params.levels);
          expect(asks.length).toBe(params.levels);
        }
      }
    }
  });
});
