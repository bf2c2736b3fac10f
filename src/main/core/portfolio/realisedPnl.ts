/**
 * Realised P&L from a wallet's stored activity, replayed oldest first with average-cost
 * accounting per outcome token (docs/decisions/41-portfolio-numbers/): a BUY adds shares at its
 * price; a SELL realises `shares sold × (price − average cost)` (a sale beyond the shares held
 * is cut to them, as the service does); a REDEEM realises `shares held × payout − their cost`;
 * a SPLIT buys every outcome of the market at 1 ÷ outcomes a share and a MERGE sells them back at
 * that price. Each realisation is kept with its time, so any period is a sum over a range.
 */
import type { HoldingChange } from '../history/activityTable';

/** Realisations in time order, with running sums: the P&L since any moment is one subtraction. */
export interface Realisations {
  ts: Float64Array;
  /** `cumulative[i]` is the P&L of realisations 0..i (USD). */
  cumulative: Float64Array;
  /** Rows that would realise something but carry no price or amount: left out (their shares move at cost). */
  unknownRows: number;
}

interface Lot {
  shares: number;
  cost: number;
}

const DUST = 1e-6;
const known = (value: number | null): value is number => value !== null && Number.isFinite(value);

export function realisationsOf(changes: Iterable<HoldingChange>, tokensByCondition: ReadonlyMap<string, readonly string[]>): Realisations {
  const lots = new Map<string, Lot>();
  const times: number[] = [];
  const amounts: number[] = [];
  let unknownRows = 0;
  const lot = (token: string) => {
    let found = lots.get(token);
    if (!found) lots.set(token, (found = { shares: 0, cost: 0 }));
    return found;
  };
  const buy = (token: string, shares: number, cost: number) => {
    const held = lot(token);
    held.shares += shares;
    held.cost += cost;
  };
  /** Takes up to `shares` off the lot at its average cost; returns how many left and what they cost. */
  const take = (token: string, shares: number): { shares: number; cost: number } => {
    const held = lots.get(token);
    if (!held || held.shares <= DUST) return { shares: 0, cost: 0 };
    const taken = Math.min(shares, held.shares);
    const cost = (held.cost * taken) / held.shares;
    held.shares -= taken;
    held.cost -= cost;
    if (held.shares <= DUST) lots.delete(token);
    return { shares: taken, cost };
  };
  const realise = (ts: number, amount: number) => {
    times.push(ts);
    amounts.push(amount);
  };
  const outcomesOf = (change: HoldingChange) => (change.condition_id ? (tokensByCondition.get(change.condition_id) ?? []) : []);

  for (const change of changes) {
    const size = change.size ?? 0;
    if (!(size > 0) && change.type !== 'REDEEM') continue;
    switch (change.type) {
      case 'TRADE': {
        if (!change.token_id) break;
        const price = known(change.price) ? change.price : known(change.size_usdc) ? change.size_usdc / size : null;
        if (change.side !== 'SELL') {
          // A buy without a price adds its shares at the lot's own average: no P&L either way.
          const held = lots.get(change.token_id);
          const average = held && held.shares > DUST ? held.cost / held.shares : 0;
          if (price === null) unknownRows += 1;
          buy(change.token_id, size, size * (price ?? average));
          break;
        }
        const sold = take(change.token_id, size);
        if (sold.shares === 0) break;
        if (price === null) unknownRows += 1;
        else realise(change.ts, sold.shares * price - sold.cost);
        break;
      }
      case 'SPLIT':
      case 'MERGE': {
        const outcomes = outcomesOf(change);
        // Binary markets have two outcomes even when the wallet touched only one of them.
        const perShare = 1 / Math.max(2, outcomes.length);
        for (const token of outcomes) {
          if (change.type === 'SPLIT') buy(token, size, size * perShare);
          else {
            const merged = take(token, size);
            if (merged.shares > 0) realise(change.ts, merged.shares * perShare - merged.cost);
          }
        }
        break;
      }
      case 'REDEEM': {
        if (change.token_id) {
          const redeemed = take(change.token_id, Number.POSITIVE_INFINITY);
          if (redeemed.shares === 0) break;
          const payout = known(change.price) ? redeemed.shares * change.price : known(change.size_usdc) ? change.size_usdc : null;
          if (payout === null) unknownRows += 1;
          else realise(change.ts, payout - redeemed.cost);
          break;
        }
        // A redemption of the whole market: its payout (USD) against the cost of every outcome held.
        const taken = outcomesOf(change).map((token) => take(token, Number.POSITIVE_INFINITY));
        if (taken.every((t) => t.shares === 0)) break;
        if (known(change.size_usdc)) realise(change.ts, change.size_usdc - taken.reduce((sum, t) => sum + t.cost, 0));
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
