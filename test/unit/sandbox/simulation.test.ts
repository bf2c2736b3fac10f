import { describe, expect, it } from 'vitest';
import { bookJson, midpointOf, priceOf, spreadOf } from '../../../src/sandbox/clob/bookWire';
import { Exchange, type TokenEntry } from '../../../src/sandbox/clob/exchange';
import { tickPips } from '../../../src/sandbox/clob/units';
import { Simulator } from '../../../src/sandbox/simulation/simulator';
import { buildWorld } from '../../../src/sandbox/world/buildWorld';
import type { ClobBook } from '../../../src/shared/protocol/clob';

function boot(seed: number) {
  const world = buildWorld(seed);
  const exchange = new Exchange(world, () => 1_000);
  const simulator = new Simulator(exchange, seed);
  const tokens = world.markets.flatMap((m) => m.tokenIds.map((id) => exchange.token(id) as TokenEntry));
  return { world, exchange, simulator, tokens };
}

const withoutTime = (book: ClobBook | null) => book && { ...book, timestamp: '' };
const pips = (price: string) => Math.round(Number(price) * 10_000);

/** Every invariant a served book must keep; returns what is wrong (empty when all hold). */
function bookProblems(token: TokenEntry): string[] {
  const book = bookJson(token);
  if (!book) return [];
  const problems: string[] = [];
  const tick = tickPips(token.entry.market.tickSize);
  const bids = book.bids.map((l) => pips(l.price));
  const asks = book.asks.map((l) => pips(l.price));
  if (bids.length === 0 || asks.length === 0) problems.push('one-sided');
  // Wire order: bids ascending and asks descending, best level last.
  if (bids.some((p, i) => i > 0 && p <= (bids[i - 1] as number))) problems.push('bids not ascending');
  if (asks.some((p, i) => i > 0 && p >= (asks[i - 1] as number))) problems.push('asks not descending');
  if ([...bids, ...asks].some((p) => p % tick !== 0 || p < tick || p > 10_000 - tick)) problems.push('off tick or range');
  if (bids.at(-1)! >= asks.at(-1)!) problems.push('crossed');
  if ([...book.bids, ...book.asks].some((l) => !/^\d+\.\d{2}$/.test(l.size))) problems.push('size format');
  return problems;
}

describe('the market simulation', () => {
  it('opens every live book two-sided, on tick and complementary between Yes and No', () => {
    const { tokens, exchange } = boot(7);
    expect(exchange.liveMarkets().length * 2).toBeGreaterThanOrEqual(300);
    for (const token of tokens) expect(bookProblems(token), token.entry.market.question).toEqual([]);
  });

  it('keeps the invariants through many steps, with Yes bid = 1 - No ask exactly', () => {
    const { tokens, simulator, exchange } = boot(3);
    for (let i = 0; i < 400; i += 1) simulator.step();
    const problems = tokens.flatMap((t) => bookProblems(t).map((p) => `${t.entry.market.id}: ${p}`));
    expect(problems).toEqual([]);
    for (const { market } of exchange.liveMarkets()) {
      const yes = exchange.token(market.tokenIds[0]) as TokenEntry;
      const no = exchange.token(market.tokenIds[1]) as TokenEntry;
      expect(pips(priceOf(yes, 'BUY')!) + pips(priceOf(no, 'SELL')!)).toBe(10_000);
      expect(pips(priceOf(yes, 'SELL')!) + pips(priceOf(no, 'BUY')!)).toBe(10_000);
      expect(Number(midpointOf(yes)) + Number(midpointOf(no))).toBeCloseTo(1, 9);
      expect(spreadOf(yes)).toBe(spreadOf(no));
      const depth = exchange.market(market.conditionId)!.book!.depth();
      expect(depth.bids).toBeLessThanOrEqual(15);
      expect(depth.asks).toBeLessThanOrEqual(15);
    }
  });

  it('is deterministic for a seed and a number of steps', () => {
    const a = boot(5);
    const b = boot(5);
    for (let i = 0; i < 120; i += 1) {
      a.simulator.step();
      b.simulator.step();
    }
    expect(a.tokens.map((t) => withoutTime(bookJson(t)))).toEqual(b.tokens.map((t) => withoutTime(bookJson(t))));
  });

  it('moves prices, levels and last trades over time', () => {
    const { tokens, simulator } = boot(7);
    const live = tokens.filter((t) => t.entry.book);
    const before = live.map((t) => bookJson(t)!);
    for (let i = 0; i < 40; i += 1) simulator.step();
    const after = live.map((t) => bookJson(t)!);
    const changedHash = after.filter((b, i) => b.hash !== before[i]!.hash).length;
    const changedLast = after.filter((b, i) => b.last_trade_price !== before[i]!.last_trade_price).length;
    expect(changedHash).toBeGreaterThan(live.length * 0.9);
    expect(changedLast).toBeGreaterThan(live.length * 0.2);
  });

  it('steps 300+ books cheaply (one step well under a millisecond budget per book)', () => {
    const { simulator, exchange } = boot(7);
    for (let i = 0; i < 50; i += 1) simulator.step(); // warm up the JIT
    const started = performance.now();
    const steps = 400;
    for (let i = 0; i < steps; i += 1) simulator.step();
    const perStep = (performance.now() - started) / steps;
    console.info(`simulation step: ${perStep.toFixed(3)} ms for ${exchange.liveMarkets().length} markets (${exchange.liveMarkets().length * 2} books)`);
    // 4 steps/s at this cost is far below 1% of one core; the bound is loose for slow CI machines.
    expect(perStep).toBeLessThan(10);
    expect(simulator.snapshot().steps).toBe(steps + 50);
  });
});
