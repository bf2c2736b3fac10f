/**
 * Opening prices, tick sizes and volumes of the world's markets. Weights from templates are
 * floats; they are turned into on-tick integer pips once, here, and never touched as floats
 * again.
 */
import type { Prng } from '../random/prng';
import type { TickSize } from '../../shared/protocol/clob';
import { PIPS_PER_UNIT, tickPips } from '../clob/units';
import type { Volumes } from './records/market';

/**
 * Tick sizes in a fixed cycle of 25 slots: mostly 0.01 like the public exchange, and every
 * other documented tick at least once per 25 markets, so each seed's world has them all.
 * The seed picks where in the cycle a world starts.
 */
const TICK_CYCLE: readonly TickSize[] = [
  '0.01', '0.01', '0.001', '0.01', '0.01', '0.0001', '0.01', '0.01', '0.01', '0.005',
  '0.01', '0.01', '0.001', '0.01', '0.01', '0.1', '0.01', '0.01', '0.0025', '0.01',
  '0.01', '0.001', '0.01', '0.0001', '0.01',
];

export class TickCycle {
  private slot: number;

  constructor(rng: Prng) {
    this.slot = rng.int(0, TICK_CYCLE.length - 1);
  }

  /** `fine` skips 0.1: a field of candidates cannot be priced in steps of ten percent. */
  next(fine = false): TickSize {
    let tick = TICK_CYCLE[this.slot % TICK_CYCLE.length] as TickSize;
    this.slot += 1;
    if (fine && tick === '0.1') tick = this.next(true);
    return tick;
  }
}

/**
 * Where a fair value may sit: inside [tick, 1 - tick] and at least 0.01 from either end, so
 * the market maker always has room for a bid at or above `tick` and an ask above it.
 */
export function fairBounds(tick: number): { lo: number; hi: number } {
  const lo = Math.max(tick, Math.ceil(100 / tick) * tick);
  return { lo, hi: PIPS_PER_UNIT - lo };
}

export function clampFair(pips: number, tick: number): number {
  const { lo, hi } = fairBounds(tick);
  const onTick = Math.round(pips / tick) * tick;
  return Math.min(hi, Math.max(lo, onTick));
}

/** Opening fair values in pips: neg-risk weights are normalised so the field sums to ~1. */
export function openingFairs(weights: readonly number[], negRisk: boolean, tick: TickSize): number[] {
  const t = tickPips(tick);
  const total = weights.reduce((s, w) => s + Math.max(w, 0.001), 0);
  return weights.map((w) => {
    const p = negRisk ? Math.max(w, 0.001) / total : Math.min(0.99, Math.max(0.01, w));
    return clampFair(Math.round(p * PIPS_PER_UNIT), t);
  });
}

/** Index of the winner of a resolved neg-risk event, drawn by weight. */
export function drawWinner(rng: Prng, weights: readonly number[]): number {
  return rng.weighted(weights.map((w, i) => [i, Math.max(w, 0.001)] as const));
}

/** Whole-cent volumes built from integers, so the catalog JSON is identical on every machine. */
export function drawVolumes(rng: Prng, trading: boolean): Volumes {
  const scale = [1_000, 10_000, 100_000][rng.int(0, 2)] as number;
  const dayCents = trading ? rng.int(5, 95) * scale * 100 + rng.int(0, 99) : 0;
  const weekCents = (dayCents || rng.int(50, 500) * 10_000) * rng.int(5, 9);
  const monthCents = weekCents * rng.int(3, 5);
  const yearCents = monthCents * rng.int(2, 8);
  const totalCents = yearCents + rng.int(0, 99_999);
  return {
    day: dayCents / 100,
    week: weekCents / 100,
    month: monthCents / 100,
    year: yearCents / 100,
    total: totalCents / 100,
  };
}

export function drawLiquidity(rng: Prng): number {
  return (rng.int(2_000, 250_000) * 100 + rng.int(0, 99)) / 100;
}
