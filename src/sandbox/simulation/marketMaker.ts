/**
 * The market-maker agent: quotes a ladder of bids and asks around a fair value. Everything is
 * integer pips and hundredths of a share, and every price is on the market's tick and inside
 * [tick, 1 - tick], so a quote can never be rejected by the book's own checks.
 */
import type { Prng } from '../random/prng';
import type { Level } from '../clob/marketBook';
import { ceilToTick, floorToTick, PIPS_PER_UNIT } from '../clob/units';

export interface QuoteParams {
  tick: number;
  /** Fair value in pips, on tick. */
  fair: number;
  /** Distance from fair to the best bid/ask, a whole number of ticks. */
  halfSpread: number;
  /** Preferred distance between levels, a whole number of ticks. */
  step: number;
  /** Levels per side (5–15), fewer only where the price range runs out. */
  levels: number;
  /** Smallest level size, hundredths of a share (the market's minimum order). */
  minSize: number;
  /** Typical extra size per level, hundredths of a share. */
  depth: number;
}

/** Shrinks the level spacing near 0 or 1 so the ladder still has its levels where possible. */
function spacing(room: number, params: QuoteParams): number {
  if (params.levels <= 1) return params.step;
  return Math.max(params.tick, Math.min(params.step, floorToTick(Math.floor(room / (params.levels - 1)), params.tick)));
}

function size(rng: Prng, params: QuoteParams, level: number): number {
  // Deeper levels hold more, like real books; the cents part keeps sizes from looking synthetic.
  const whole = params.minSize + rng.int(0, params.depth) + Math.floor((level * params.depth) / 4);
  return Math.floor(whole / 100) * 100 + (rng.chance(0.3) ? rng.int(1, 99) : 0);
}

export function quoteLadder(rng: Prng, params: QuoteParams): { bids: Level[]; asks: Level[] } {
  const { tick } = params;
  const top = PIPS_PER_UNIT - tick;
  const bestBid = Math.max(tick, Math.min(floorToTick(params.fair - params.halfSpread, tick), top - tick));
  const bestAsk = Math.min(top, Math.max(ceilToTick(params.fair + params.halfSpread, tick), bestBid + tick));
  const bidStep = spacing(bestBid - tick, params);
  const askStep = spacing(top - bestAsk, params);
  const bids: Level[] = [];
  const asks: Level[] = [];
  for (let i = 0; i < params.levels; i += 1) {
    const price = bestBid - i * bidStep;
    if (price < tick) break;
    bids.push({ price, size: size(rng, params, i) });
  }
  for (let i = 0; i < params.levels; i += 1) {
    const price = bestAsk + i * askStep;
    if (price > top) break;
    asks.push({ price, size: size(rng, params, i) });
  }
  return { bids, asks };
}
