/**
 * Each wallet's stored holding changes (holdingHistory.ts) and the P&L they realised
 * (realisedPnl.ts), loaded once per change of the wallet's stored rows and shared by Portfolio's
 * realised P&L (read every 5 s) and the value chart (every 60 s): the large synthetic wallet's
 * 255,000 such rows take seconds to read from the store on a loaded 2-core machine.
 */
import type { RealisedPeriod } from '../../../shared/portfolioViews';
import { walletKey, type HistoryStore } from '../history/historyStore';
import { loadHoldingHistory, type HoldingHistory } from './holdingHistory';
import { realisationsOf, realisedSince, type Realisations } from './realisedPnl';

const PERIOD_SECONDS: Record<Exclude<RealisedPeriod, 'all'>, number> = { '24h': 86_400, '7d': 7 * 86_400, '30d': 30 * 86_400 };

/** The first moment of a period ending at `nowMs` (unix seconds). */
export const periodStart = (period: RealisedPeriod, nowMs: number): number =>
  period === 'all' ? Number.NEGATIVE_INFINITY : Math.floor(nowMs / 1000) - PERIOD_SECONDS[period];

export const NOT_SYNCED_REASON = "it needs the wallet's whole history in the local store, which the value chart syncs (Activity shows how far it is).";

/** Wallets kept loaded; the least recently read goes first (a looked-up wallet is seldom read again). */
const KEPT_WALLETS = 6;

interface Loaded {
  fingerprint: string;
  history: HoldingHistory;
  realisations: Realisations | null;
}

export class WalletHistories {
  private readonly loaded = new Map<string, Loaded>();

  constructor(private readonly store: HistoryStore) {}

  /** The wallet's holding changes as stored now. */
  holdings(address: string): HoldingHistory {
    return this.load(walletKey(address)).history;
  }

  /** Realised P&L (USD) of the wallet since `sinceTs`, or why it cannot be worked out yet. */
  realised(address: string, sinceTs: number): { usd: number } | { reason: string } {
    const wallet = walletKey(address);
    if (!this.store.walks.state(wallet, 'activity').complete) return { reason: NOT_SYNCED_REASON };
    const loaded = this.load(wallet);
    loaded.realisations ??= realisationsOf(loaded.history);
    return { usd: realisedSince(loaded.realisations, sinceTs) };
  }

  private load(wallet: string): Loaded {
    const { activity } = this.store;
    // Walks add rows only above the newest or below the oldest stored row: the two keys say whether anything changed.
    const newest = activity.newestKey(wallet);
    const oldest = activity.oldestKey(wallet);
    const fingerprint = `${newest?.ts}:${newest?.seq}:${oldest?.ts}:${oldest?.seq}`;
    let loaded = this.loaded.get(wallet);
    this.loaded.delete(wallet);
    if (loaded?.fingerprint !== fingerprint) {
      loaded = { fingerprint, history: loadHoldingHistory(activity.holdingChanges(wallet, Number.MAX_SAFE_INTEGER), activity.tokensByCondition(wallet)), realisations: null };
    }
    this.loaded.set(wallet, loaded);
    for (const stale of [...this.loaded.keys()].slice(0, Math.max(0, this.loaded.size - KEPT_WALLETS))) this.loaded.delete(stale);
    return loaded;
  }
}
