/**
 * The value-over-time series of a portfolio, reconstructed rather than invented: the wallet's
 * activity in the local history store is replayed into its holdings per outcome token at each day's
 * end (holdingsReplay.ts), and each holding is valued at that day's price from the service's
 * `/v2/prices-history` (daily points), falling back to the wallet's own last trade price of the
 * token where the service has no point. The sum over tokens is the point of the day; the `method`
 * string says how many tokens were priced which way. Cash is not included (the activity does not
 * carry every cash movement of the exchange).
 */
import type { PortfolioHistoryView, ValuePoint, WalletTarget } from '../../../shared/portfolioViews';
import type { AccountRegistry } from '../accounts/accountRegistry';
import type { AnalyticsClient } from '../analytics/analyticsClient';
import { walletKey, type HistoryStore } from '../history/historyStore';
import type { HistorySync } from '../history/historySync';
import type { Logger } from '../log';
import { dayEndsBetween, replayHoldings } from './holdingsReplay';
import { resolveWallets } from './walletTargets';

export type HistoryRange = '1w' | '1m' | '3m' | '1y' | 'all';
const RANGE_DAYS: Record<Exclude<HistoryRange, 'all'>, number> = { '1w': 7, '1m': 30, '3m': 91, '1y': 365 };

/** Tokens priced from the service per request; the rest use the wallet's own trade prices. */
const MAX_PRICED_TOKENS = 60;

export interface PortfolioHistoryOptions {
  client: AnalyticsClient;
  store: HistoryStore;
  sync: HistorySync;
  registry: AccountRegistry;
  log: Logger;
  now?: () => number;
}

export class PortfolioHistory {
  constructor(private readonly options: PortfolioHistoryOptions) {}

  async series(target: WalletTarget, range: HistoryRange): Promise<PortfolioHistoryView> {
    const { store, sync } = this.options;
    const nowTs = Math.floor((this.options.now ?? Date.now)() / 1000);
    const wallets = resolveWallets(this.options.registry, target).map((w) => walletKey(w.address));
    // The series is only as good as the store: a wallet never synced is synced first (a job).
    for (const wallet of wallets) if (!store.walks.state(wallet, 'activity').complete) await sync.sync(wallet);
    const oldest = Math.min(...wallets.map((w) => store.activity.oldestKey(w)?.ts ?? nowTs));
    const startTs = range === 'all' ? oldest : Math.max(oldest, nowTs - RANGE_DAYS[range] * 86_400);
    const dayEnds = dayEndsBetween(startTs, nowTs);
    const replay = (wallet: string, onDay: Parameters<typeof replayHoldings>[3]) =>
      replayHoldings(store.activity.holdingChanges(wallet, nowTs), dayEnds, store.activity.tokensByCondition(wallet), onDay);
    // Pass 1: which holdings matter most (largest value ever held in the range), to price them from the service.
    const weight = new Map<string, number>();
    for (const wallet of wallets) {
      replay(wallet, (_, holdings, lastPrice) => {
        for (const [token, shares] of holdings) weight.set(token, Math.max(weight.get(token) ?? 0, Math.abs(shares) * (lastPrice.get(token) ?? 0.5)));
      });
    }
    const tokens = [...weight.entries()].sort((a, b) => b[1] - a[1]).slice(0, MAX_PRICED_TOKENS).map(([token]) => token);
    const priced = await this.servicePrices(tokens, startTs, nowTs);
    // Pass 2: the value at each day's end.
    const values = new Array<number>(dayEnds.length).fill(0);
    for (const wallet of wallets) {
      let i = 0;
      replay(wallet, (dayEnd, holdings, lastPrice) => {
        values[i++]! += valueOf(dayEnd, holdings, lastPrice, priced);
      });
    }
    const points: ValuePoint[] = dayEnds.map((dayEnd, i) => ({ time: dayEnd, value: Math.round(values[i]! * 100) / 100 }));
    return {
      points,
      method:
        `Replayed from the ${store.activity.rowCount(wallets[0] ?? '')}${wallets.length > 1 ? '+' : ''} stored activity rows into daily holdings per outcome token, ` +
        `valued at the daily price of /v2/prices-history for ${priced.size} token(s) (the ${MAX_PRICED_TOKENS} largest at most) and at the wallet's own last trade price otherwise; ` +
        'positions only, cash not included.',
    };
  }

  /** Daily price points of the largest holdings, token → sorted points. */
  private async servicePrices(tokens: string[], startTs: number, endTs: number): Promise<Map<string, Array<{ t: number; p: number }>>> {
    const priced = new Map<string, Array<{ t: number; p: number }>>();
    const start = Math.max(1, startTs - 86_400);
    await Promise.all(
      tokens.map(async (token) => {
        try {
          const points = await this.options.client.pricesHistory(token, start, endTs, 1_440);
          if (points.length > 0) priced.set(token, [...points].sort((a, b) => a.t - b.t));
        } catch (error) {
          this.options.log.warn(`portfolio history: no price history for token ${token.slice(0, 12)}… (${error instanceof Error ? error.message : 'unknown'})`);
        }
      }),
    );
    return priced;
  }
}

/** The last point at or before `t` (binary search over sorted points). */
function priceAt(points: ReadonlyArray<{ t: number; p: number }>, t: number): number | undefined {
  let lo = 0;
  let hi = points.length - 1;
  let found: number | undefined;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (points[mid]!.t <= t) {
      found = points[mid]!.p;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

function valueOf(
  dayEnd: number,
  holdings: ReadonlyMap<string, number>,
  lastPrice: ReadonlyMap<string, number>,
  priced: ReadonlyMap<string, Array<{ t: number; p: number }>>,
): number {
  let value = 0;
  for (const [token, shares] of holdings) {
    const points = priced.get(token);
    const price = (points ? priceAt(points, dayEnd) : undefined) ?? lastPrice.get(token) ?? 0;
    value += Math.max(0, shares) * price;
  }
  return value;
}
