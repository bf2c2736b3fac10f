/**
 * Realised P&L per wallet and period, from the local history store. The replay (realisedPnl.ts)
 * runs once per change of the wallet's stored rows, not per portfolio read: the large synthetic
 * wallet (327,680 rows) replays in about a second, and Portfolio reads every 5 s.
 */
import type { RealisedPeriod } from '../../../shared/portfolioViews';
import { walletKey, type HistoryStore } from '../history/historyStore';
import { realisationsOf, realisedSince, type Realisations } from './realisedPnl';

const PERIOD_SECONDS: Record<Exclude<RealisedPeriod, 'all'>, number> = { '24h': 86_400, '7d': 7 * 86_400, '30d': 30 * 86_400 };

/** The first moment of a period ending at `nowMs` (unix seconds). */
export const periodStart = (period: RealisedPeriod, nowMs: number): number =>
  period === 'all' ? Number.NEGATIVE_INFINITY : Math.floor(nowMs / 1000) - PERIOD_SECONDS[period];

export const NOT_SYNCED_REASON = "it needs the wallet's whole history in the local store, which the value chart syncs (Activity shows how far it is).";

export class RealisedLedger {
  private readonly replayed = new Map<string, { fingerprint: string; realisations: Realisations }>();

  constructor(private readonly store: HistoryStore) {}

  /** Realised P&L (USD) of the wallet since `sinceTs`, or why it cannot be worked out yet. */
  since(address: string, sinceTs: number): { usd: number } | { reason: string } {
    const wallet = walletKey(address);
    if (!this.store.walks.state(wallet, 'activity').complete) return { reason: NOT_SYNCED_REASON };
    return { usd: realisedSince(this.realisations(wallet), sinceTs) };
  }

  private realisations(wallet: string): Realisations {
    const { activity } = this.store;
    // Walks add rows only above the newest or below the oldest stored row: the two keys say whether anything changed.
    const newest = activity.newestKey(wallet);
    const oldest = activity.oldestKey(wallet);
    const fingerprint = `${newest?.ts}:${newest?.seq}:${oldest?.ts}:${oldest?.seq}`;
    const kept = this.replayed.get(wallet);
    if (kept?.fingerprint === fingerprint) return kept.realisations;
    const realisations = realisationsOf(activity.holdingChanges(wallet, Number.MAX_SAFE_INTEGER), activity.tokensByCondition(wallet));
    this.replayed.set(wallet, { fingerprint, realisations });
    return realisations;
  }
}
