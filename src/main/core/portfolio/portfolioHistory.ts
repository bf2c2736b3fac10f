/**
 * The value-over-time series of a portfolio, reconstructed rather than invented: each wallet's
 * holdings at each past day's end are worked back from the positions it holds now through its
 * activity in the local history store (holdingsReplay.ts), and valued at that day's price: the
 * service's daily price (`/v2/prices-history`) for the largest holdings, the wallet's own last
 * trade price for the others. Positions without a price now are left out of every point, as they
 * are of the header's value; cash and perps equity are not charted. The chart's last point is not
 * made here: it is the header's value itself (the renderer adds it), so the two always agree.
 */
import type { PortfolioHistoryView, PositionView, ValuePoint, WalletTarget } from '../../../shared/portfolioViews';
import type { AccountRegistry } from '../accounts/accountRegistry';
import type { AnalyticsClient } from '../analytics/analyticsClient';
import { walletKey, type HistoryStore } from '../history/historyStore';
import type { HistorySync } from '../history/historySync';
import type { Logger } from '../log';
import type { HoldingHistory, PricePoints } from './holdingHistory';
import { dayEndsBetween, priceAt, replayBack } from './holdingsReplay';
import type { WalletHistories } from './walletHistories';
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
  /** Each wallet's stored holding changes, loaded once per change (shared with realised P&L). */
  histories: WalletHistories;
  /** The positions the target holds now, as the header last read them (PortfolioService.positionsNow). */
  positions: (target: WalletTarget) => Promise<PositionView[]>;
  now?: () => number;
}

interface WalletReplay {
  history: HoldingHistory;
  now: Map<string, number>;
}

export class PortfolioHistory {
  private readonly failedSyncs = new Map<string, unknown>();

  constructor(private readonly options: PortfolioHistoryOptions) {}

  async series(target: WalletTarget, range: HistoryRange): Promise<PortfolioHistoryView> {
    const { store, sync } = this.options;
    const nowTs = Math.floor((this.options.now ?? Date.now)() / 1000);
    const wallets = resolveWallets(this.options.registry, target).map((w) => walletKey(w.address));
    // The series is only as good as the store: a wallet never synced is synced first, as a job
    // (327,680 rows take about a minute); the view asks again and shows how far it is meanwhile.
    const unsynced = wallets.filter((wallet) => !store.walks.state(wallet, 'activity').complete);
    if (unsynced.length > 0) {
      for (const wallet of unsynced) {
        // A sync that failed is told once (the chart shows why), and the next ask tries again.
        const failure = this.failedSyncs.get(wallet);
        this.failedSyncs.delete(wallet);
        if (failure) throw failure;
      }
      for (const wallet of unsynced) {
        sync.sync(wallet).catch((error: unknown) => {
          this.options.log.warn(`portfolio history: the sync of ${wallet} failed (${error instanceof Error ? error.message : 'unknown'})`);
          this.failedSyncs.set(wallet, error);
        });
      }
      return { points: [], method: SYNCING_TEXT, syncing: sync.state(unsynced[0]!) };
    }
    const positions = await this.options.positions(target);
    const unpriced = new Set(positions.filter((p) => p.currentValue === null).map((p) => p.tokenId));
    const oldest = Math.min(...wallets.map((w) => store.activity.oldestKey(w)?.ts ?? nowTs));
    const startTs = range === 'all' ? oldest : Math.max(oldest, nowTs - RANGE_DAYS[range] * 86_400);
    const dayEnds = dayEndsBetween(startTs, nowTs);
    const replays: WalletReplay[] = wallets.map((wallet) => ({
      history: this.options.histories.holdings(wallet),
      now: new Map(positions.filter((p) => walletKey(p.wallet.address) === wallet).map((p) => [p.tokenId, Number(p.size)])),
    }));
    // Pass 1: which holdings matter most (largest value held in the range), to price them from the service.
    const weight = new Map<string, number>();
    for (const p of positions) if (p.currentValue !== null) weight.set(p.tokenId, Number(p.currentValue));
    const values = new Array<number>(dayEnds.length).fill(0);
    const walk = (price: (replay: WalletReplay, token: string, index: number, dayEnd: number) => number | undefined, onValue: (token: string, value: number, day: number) => void) => {
      for (const replay of replays) {
        let day = dayEnds.length;
        replayBack(replay.history, replay.now, dayEnds, (dayEnd, shares, tokens) => {
          day -= 1;
          for (let i = 0; i < shares.length; i++) {
            if (!(shares[i]! > 0) || unpriced.has(tokens[i]!)) continue;
            const p = price(replay, tokens[i]!, i, dayEnd);
            if (p !== undefined) onValue(tokens[i]!, shares[i]! * p, day);
          }
        });
      }
    };
    const ownPrice = (replay: WalletReplay, index: number, dayEnd: number) => {
      const points = replay.history.tradePrices.get(index);
      return points ? priceAt(points, dayEnd) : undefined;
    };
    walk((replay, _, i, dayEnd) => ownPrice(replay, i, dayEnd) ?? 0.5, (token, value) => weight.set(token, Math.max(weight.get(token) ?? 0, value)));
    const largest = [...weight.entries()].sort((a, b) => b[1] - a[1]).slice(0, MAX_PRICED_TOKENS).map(([token]) => token);
    const priced = dayEnds.length === 0 ? new Map<string, PricePoints>() : await this.servicePrices(largest, startTs, nowTs);
    // Pass 2: the value at each day's end.
    walk(
      (replay, token, i, dayEnd) => {
        const points = priced.get(token);
        return (points ? priceAt(points, dayEnd) : undefined) ?? ownPrice(replay, i, dayEnd);
      },
      (_, value, day) => (values[day]! += value),
    );
    const points: ValuePoint[] = dayEnds.map((dayEnd, i) => ({ time: dayEnd, value: Math.round(values[i]! * 100) / 100 }));
    return { points, method: points.length === 0 ? NO_PAST_TEXT : methodText(wallets.length, priced.size, unpriced.size), syncing: null };
  }

  /** Daily price points of the largest holdings, token → sorted points. */
  private async servicePrices(tokens: string[], startTs: number, endTs: number): Promise<Map<string, PricePoints>> {
    const priced = new Map<string, PricePoints>();
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

const SYNCING_TEXT = 'The history is being synced into the local store; the past days are charted from it once it is complete. The point is now: the Value in the header.';
const NO_PAST_TEXT = 'The history starts today: there is no past day to chart yet. The point is now: the Value in the header. Not in the chart: cash, perps equity.';

/** How the chart was made, in words for the person reading it. */
function methodText(wallets: number, servicePriced: number, unpriced: number): string {
  const whose = wallets > 1 ? 'the wallets' : 'the wallet';
  const own = `${whose}${wallets > 1 ? "'" : "'s"} own last trade price`;
  const prices = servicePriced > 0 ? `the market's closing price that day for the ${servicePriced} largest holdings and ${own} for the others` : own;
  const leftOut = unpriced > 0 ? `, and the ${unpriced} position${unpriced === 1 ? '' : 's'} without a price` : '';
  return (
    `Each point is what ${whose} held at the end of that day (UTC), worked back from today's positions through the trades, splits, ` +
    `merges and redemptions in the synced history, valued at ${prices}. The last point is now: the Value in the header. ` +
    `Not in the chart: cash, perps equity${leftOut}.`
  );
}
