/**
 * Positions derived from a wallet's feed: average-cost accounting per outcome token over its
 * TRADE rows (a sale beyond the shares held is trimmed to them) and REDEEM rows (the resolved
 * token pays 1 or 0 and the position closes). The synthetic part of a feed never changes, so its
 * result is cached per wallet and only the real fills after it are replayed on each read.
 */
import type { ActivityLedger } from './ledger';
import { kindMarket, kindSide, kindType, typeCode } from './synthetic/history';
import type { WalletFeed } from './walletFeed';

export interface Holding {
  marketIndex: number;
  outcome: 0 | 1;
  shares: number;
  cost: number;
  bought: number;
  /** USD spent on buys over the position's life (average entry price = spent / bought). */
  spent: number;
  realized: number;
  lastTs: number;
  /** When the position last went to zero (sold out or redeemed). */
  closedAtS: number | null;
}

const TRADE = typeCode('TRADE');
const REDEEM = typeCode('REDEEM');
const DUST = 0.005;

function apply(holdings: Map<number, Holding>, feed: WalletFeed, p: number, payoutOf: (market: number, outcome: 0 | 1) => number): void {
  const kind = feed.kind(p);
  const type = kindType(kind);
  if (type !== TRADE && type !== REDEEM) return;
  const market = kindMarket(kind);
  const outcome = ((kind >>> 5) & 1) as 0 | 1;
  const key = market * 2 + outcome;
  let h = holdings.get(key);
  if (!h) {
    h = { marketIndex: market, outcome, shares: 0, cost: 0, bought: 0, spent: 0, realized: 0, lastTs: 0, closedAtS: null };
    holdings.set(key, h);
  }
  const ts = feed.ts(p);
  h.lastTs = ts;
  if (type === REDEEM) {
    if (h.shares <= DUST) return;
    h.realized += h.shares * payoutOf(market, outcome) - h.cost;
    h.shares = 0;
    h.cost = 0;
    h.closedAtS = ts;
    return;
  }
  const { size, price } = feed.amounts(p);
  if (kindSide(kind) === 0) {
    h.shares += size;
    h.cost += size * price;
    h.bought += size;
    h.spent += size * price;
    return;
  }
  const sold = Math.min(size, h.shares);
  if (sold <= 0) return;
  const avg = h.cost / h.shares;
  h.realized += sold * (price - avg);
  h.cost -= sold * avg;
  h.shares -= sold;
  if (h.shares <= DUST) {
    h.shares = 0;
    h.cost = 0;
    h.closedAtS = ts;
  }
}

export class HoldingsBook {
  private readonly historyCache = new Map<string, Map<number, Holding>>();

  constructor(private readonly ledger: ActivityLedger) {}

  private payout = (market: number, outcome: 0 | 1): number => {
    const resolved = this.ledger.markets.markets[market]?.market.resolvedOutcome;
    return resolved === outcome ? 1 : 0;
  };

  /** Every token the wallet ever traded, keyed by market × 2 + outcome. */
  of(wallet: string): Map<number, Holding> {
    const feed = this.ledger.feed(wallet);
    let base = this.historyCache.get(wallet);
    if (!base) {
      base = new Map();
      for (let p = 0; p < feed.historyLength; p += 1) apply(base, feed, p, this.payout);
      if (feed.historyLength > 0) this.historyCache.set(wallet, base);
    }
    const out = new Map([...base].map(([k, h]) => [k, { ...h }]));
    for (let p = feed.historyLength; p < feed.count; p += 1) apply(out, feed, p, this.payout);
    return out;
  }
}
