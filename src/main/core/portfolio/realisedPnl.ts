/**
 * Realised P&L from a wallet's stored activity, replayed oldest first with average-cost
 * accounting per outcome token (docs/decisions/41-portfolio-numbers/): a BUY adds shares at its
 * price; a SELL realises `shares sold × (price − average cost)` (a sale beyond the shares held
 * is cut to them, as the service does); a REDEEM realises `shares held × payout − their cost`;
 * a SPLIT buys every outcome of the market at 1 ÷ outcomes a share and a MERGE sells them back at
 * that price. Each realisation is kept with its time, so any period is a sum over a range.
 */
import { BUY, MERGE, REDEEM, SELL, SPLIT, type HoldingHistory } from './holdingHistory';

/** Realisations in time order, with running sums: the P&L since any moment is one subtraction. */
export interface Realisations {
  ts: Float64Array;
  /** `cumulative[i]` is the P&L of realisations 0..i (USD). */
  cumulative: Float64Array;
  /** Rows that would realise something but carry no price or amount: left out (their shares move at cost). */
  unknownRows: number;
}

const DUST = 1e-6;

export function realisationsOf(history: HoldingHistory): Realisations {
  // Shares and their cost per token index: the lots of average-cost accounting.
  const shares = new Float64Array(history.tokens.length);
  const cost = new Float64Array(history.tokens.length);
  const times: number[] = [];
  const amounts: number[] = [];
  let unknownRows = 0;
  /** Takes up to `count` shares off a lot at its average cost; returns how many it took and what they cost. */
  const take = (token: number, count: number): { taken: number; cost: number } => {
    if (shares[token]! <= DUST) return { taken: 0, cost: 0 };
    const taken = Math.min(count, shares[token]!);
    const taking = (cost[token]! * taken) / shares[token]!;
    shares[token]! -= taken;
    cost[token]! -= taking;
    if (shares[token]! <= DUST) shares[token] = cost[token] = 0;
    return { taken, cost: taking };
  };
  const realise = (ts: number, amount: number) => {
    times.push(ts);
    amounts.push(amount);
  };

  for (let row = 0; row < history.ts.length; row++) {
    const kind = history.kind[row]!;
    const size = history.size[row]!;
    const token = history.token[row]!;
    const ts = history.ts[row]!;
    const usdc = history.usdc[row]!;
    // A trade's price, or its USD amount per share (NaN when the service sent neither).
    const price = Number.isNaN(history.price[row]!) ? usdc / size : history.price[row]!;
    const outcomes = history.market[row]! >= 0 ? history.outcomesOf[history.market[row]!]! : [];
    if (!(size > 0) && kind !== REDEEM) continue;
    switch (kind) {
      case BUY: {
        // A buy without a price adds its shares at the lot's own average: no P&L either way.
        const known = Number.isFinite(price);
        if (!known) unknownRows += 1;
        cost[token]! += size * (known ? price : shares[token]! > DUST ? cost[token]! / shares[token]! : 0);
        shares[token]! += size;
        break;
      }
      case SELL: {
        const sold = take(token, size);
        if (sold.taken === 0) break;
        if (Number.isFinite(price)) realise(ts, sold.taken * price - sold.cost);
        else unknownRows += 1;
        break;
      }
      case SPLIT:
      case MERGE: {
        // Binary markets have two outcomes even when the wallet touched only one of them.
        const perShare = 1 / Math.max(2, outcomes.length);
        for (const outcome of outcomes) {
          if (kind === SPLIT) {
            shares[outcome]! += size;
            cost[outcome]! += size * perShare;
          } else {
            const merged = take(outcome, size);
            if (merged.taken > 0) realise(ts, merged.taken * perShare - merged.cost);
          }
        }
        break;
      }
      case REDEEM: {
        if (token >= 0) {
          const redeemed = take(token, Number.POSITIVE_INFINITY);
          if (redeemed.taken === 0) break;
          const payout = Number.isFinite(history.price[row]!) ? redeemed.taken * history.price[row]! : usdc;
          if (Number.isFinite(payout)) realise(ts, payout - redeemed.cost);
          else unknownRows += 1;
          break;
        }
        // A redemption of the whole market: its payout (USD) against the cost of every outcome held.
        const taken = outcomes.map((outcome) => take(outcome, Number.POSITIVE_INFINITY));
        if (taken.every((t) => t.taken === 0)) break;
        if (Number.isFinite(usdc)) realise(ts, usdc - taken.reduce((sum, t) => sum + t.cost, 0));
        else unknownRows += 1;
        break;
      }
    }
  }
  const cumulative = new Float64Array(amounts.length);
  let running = 0;
  for (let i = 0; i < amounts.length; i++) cumulative[i] = running += amounts[i]!;
  return { ts: Float64Array.from(times), cumulative, unknownRows };
}

/** The P&L realised at or after `sinceTs` (unix seconds; -Infinity for all of it), in USD. */
export function realisedSince(realisations: Realisations, sinceTs: number): number {
  const { ts, cumulative } = realisations;
  const total = cumulative.length === 0 ? 0 : cumulative[cumulative.length - 1]!;
  // The first realisation at or after sinceTs (binary search over the time order).
  let lo = 0;
  let hi = ts.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (ts[mid]! < sinceTs) lo = mid + 1;
    else hi = mid;
  }
  return lo === 0 ? total : total - cumulative[lo - 1]!;
}
