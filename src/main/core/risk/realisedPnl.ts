/**
 * Today's traded notional and realised profit or loss, from the account's own fills on the order
 * book, at average cost per outcome token: a BUY adds shares and their cost; a SELL realises
 * (price − average cost) × the shares sold, for shares whose purchase is known. Shares sold
 * beyond what known fills bought (a split, shares received) have no known cost: they realise
 * nothing rather than a made-up figure. Fees are not counted (docs/decisions/40-risk-limits/).
 */
import type { OrderSide } from '../../../shared/tradingViews';
import { dividedBy, times, units } from './riskFigures';

export interface OwnFill {
  tokenId: string;
  side: OrderSide;
  /** Shares of this fill, decimal. */
  size: string;
  price: string;
  /** Unix ms of the match. */
  at: number;
}

/** Shares held of one token and what they cost in all (decimal units). */
export interface Holding {
  shares: bigint;
  cost: bigint;
}

/** Replays fills, oldest first, over `opening`; returns the holdings after them and what their sells realised. */
export function replayAtAverageCost(fills: readonly OwnFill[], opening: ReadonlyMap<string, Holding> = new Map()): { holdings: Map<string, Holding>; realised: bigint } {
  const holdings = new Map<string, Holding>([...opening].map(([token, h]) => [token, { ...h }]));
  let realised = 0n;
  for (const fill of [...fills].sort((a, b) => a.at - b.at)) {
    const size = units(fill.size);
    const price = units(fill.price);
    const held = holdings.get(fill.tokenId) ?? { shares: 0n, cost: 0n };
    if (fill.side === 'BUY') {
      held.shares += size;
      held.cost += times(size, price);
    } else if (held.shares > 0n) {
      const sold = size < held.shares ? size : held.shares;
      const costOfSold = sold === held.shares ? held.cost : times(sold, dividedBy(held.cost, held.shares));
      realised += times(sold, price) - costOfSold;
      held.shares -= sold;
      held.cost -= costOfSold;
    }
    holdings.set(fill.tokenId, held);
  }
  return { holdings, realised };
}

/** USD of every fill, both sides: the day's traded notional. */
export const tradedNotional = (fills: readonly OwnFill[]): bigint => fills.reduce((sum, fill) => sum + times(units(fill.size), units(fill.price)), 0n);
