/**
 * Portfolios of one account, all accounts, or any address: positions and closed positions from
 * the analytics service (every page), live midpoints from the order book over open markets,
 * totals. Each wallet's answer is kept in the history store; when the service cannot be reached
 * the last kept copy is shown instead, marked stale with its age. `keptPortfolio` answers that
 * copy without asking anything, so a view shows the last synced portfolio the moment it opens
 * (at app start too) while the fresh read is on its way.
 */
import type { ClosedPositionRow, PositionRow } from '../../../shared/protocol/analytics';
import type { PortfolioView, WalletRef, WalletTarget } from '../../../shared/portfolioViews';
import type { AccountRegistry } from '../accounts/accountRegistry';
import type { AnalyticsClient, Paged, PageRequest } from '../analytics/analyticsClient';
import { CoreError } from '../coreError';
import { walletKey, type HistoryStore } from '../history/historyStore';
import type { PortfolioSnapshot } from '../history/snapshotTable';
import type { Logger } from '../log';
import type { HttpClient } from '../net/httpClient';
import { readMidpoints } from './livePrices';
import { toClosedPositionView, toPositionView, totalsOf } from './positionViews';
import { resolveWallets } from './walletTargets';

export interface PortfolioServiceOptions {
  client: AnalyticsClient;
  http: HttpClient;
  store: HistoryStore;
  registry: AccountRegistry;
  log: Logger;
  now?: () => number;
  /** Summed latest perps equity of the addresses that are own accounts with an active proxy. */
  perpsEquity?: (addresses: string[]) => Promise<string | null>;
}

/** Failures that mean "the service is out of reach now", as opposed to a refusal of the request. */
const isUnreachable = (error: unknown) =>
  error instanceof CoreError && (['network', 'timeout', 'unavailable', 'rate_limited'].includes(error.code) || (error.status ?? 0) >= 500);

const MAX_POSITION_PAGES = 1_000;

async function allPages<T>(fetch: (page: PageRequest) => Promise<Paged<T>>): Promise<T[]> {
  const rows: T[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < MAX_POSITION_PAGES; pages++) {
    const page: Paged<T> = await fetch({ cursor, limit: 500 });
    rows.push(...page.rows);
    cursor = page.pagination.next_cursor;
    if (cursor === null) return rows;
  }
  throw new CoreError('bad_response', `The positions did not end after ${MAX_POSITION_PAGES} pages; stopped there.`);
}

const ageOf = (ms: number) => (ms < 90_000 ? `${Math.round(ms / 1000)} s` : ms < 5_400_000 ? `${Math.round(ms / 60_000)} min` : `${Math.round(ms / 3_600_000)} h`);

/** One view of the target's wallets: their positions, closed positions and totals, as of the oldest copy read. */
function portfolioViewOf(
  target: WalletTarget, wallets: WalletRef[], read: ReadonlyArray<{ wallet: WalletRef; snapshot: PortfolioSnapshot }>,
  positions: PortfolioView['positions'], perpsEquity: string | null, stale: PortfolioView['stale'],
): PortfolioView {
  return {
    target,
    wallets,
    positions,
    closed: read.flatMap(({ wallet, snapshot }) => snapshot.closed.map((row) => toClosedPositionView(wallet, row))),
    totals: totalsOf(positions, perpsEquity),
    asOf: Math.min(...read.map((r) => r.snapshot.takenAt)),
    stale,
  };
}

export class PortfolioService {
  private readonly now: () => number;

  constructor(private readonly options: PortfolioServiceOptions) {
    this.now = options.now ?? Date.now;
  }

  async getPortfolio(target: WalletTarget): Promise<PortfolioView> {
    const wallets = resolveWallets(this.options.registry, target);
    const [read, perpsEquity] = await Promise.all([
      Promise.all(wallets.map((wallet) => this.readWallet(wallet))),
      this.options.perpsEquity?.(wallets.map((w) => w.address)) ?? Promise.resolve(null),
    ]);
    const positions = read.flatMap(({ wallet, snapshot }) => snapshot.positions.map((row) => ({ wallet, row })));
    const open = positions.filter(({ row }) => row.tradable && !row.redeemable).map(({ row }) => row.token_id);
    const mids = await this.midpoints(open);
    const stale = read.filter((r) => r.stale !== null);
    const views = positions.map(({ wallet, row }) => toPositionView(wallet, row, mids.get(row.token_id)));
    return portfolioViewOf(target, wallets, read, views, perpsEquity, stale.length === 0 ? null : { reason: stale.map((r) => r.stale).join(' ') });
  }

  /**
   * The last kept copy of every wallet of the target, from the local store only (no request), or
   * null when one of them has never been read: a partial total would mislead.
   */
  keptPortfolio(target: WalletTarget): PortfolioView | null {
    const wallets = resolveWallets(this.options.registry, target);
    const kept = wallets.map((wallet) => ({ wallet, snapshot: this.options.store.snapshots.load(walletKey(wallet.address)) }));
    if (kept.some((k) => k.snapshot === null)) return null;
    const read = kept as Array<{ wallet: WalletRef; snapshot: PortfolioSnapshot }>;
    const views = read.flatMap(({ wallet, snapshot }) => snapshot.positions.map((row) => toPositionView(wallet, row, undefined)));
    return portfolioViewOf(target, wallets, read, views, null, { reason: 'showing it while the analytics service is read.' });
  }

  /** Reads one wallet from the service and keeps the copy; falls back to the kept copy when unreachable. */
  private async readWallet(wallet: WalletRef): Promise<{ wallet: WalletRef; snapshot: PortfolioSnapshot; stale: string | null }> {
    const key = walletKey(wallet.address);
    const { client, store } = this.options;
    try {
      const [positions, closed] = await Promise.all([
        allPages<PositionRow>((page) => client.positions(wallet.address, page)),
        allPages<ClosedPositionRow>((page) => client.closedPositions(wallet.address, page)),
      ]);
      const snapshot = { takenAt: this.now(), positions, closed };
      keepSnapshot(store, key, snapshot, this.options.log);
      return { wallet, snapshot, stale: null };
    } catch (error) {
      const kept = isUnreachable(error) ? store.snapshots.load(key) : null;
      if (!kept) throw error;
      const reason = `The analytics service could not be reached (${(error as Error).message}); showing ${wallet.label ?? wallet.address} as last synced ${ageOf(this.now() - kept.takenAt)} ago.`;
      this.options.log.warn(`portfolio: ${reason}`);
      return { wallet, snapshot: kept, stale: reason };
    }
  }

  /** Live midpoints; without them (order book out of reach) the analytics prices stand. */
  private async midpoints(tokenIds: string[]): Promise<Map<string, number>> {
    if (tokenIds.length === 0) return new Map();
    try {
      return await readMidpoints(this.options.http, tokenIds);
    } catch (error) {
      this.options.log.warn(`portfolio: live prices unavailable (${error instanceof Error ? error.message : 'unknown'}); using the analytics prices`);
      return new Map();
    }
  }
}

/**
 * Keeps the copy shown while the service is out of reach. A disk that refuses it does not fail the
 * portfolio just read: the status bar says so (the store tells it) and the older copy stays.
 */
function keepSnapshot(store: HistoryStore, key: string, snapshot: PortfolioSnapshot, log: Logger): void {
  try {
    store.transaction(() => store.snapshots.save(key, snapshot));
  } catch (error) {
    if (!(error instanceof CoreError && error.code === 'storage')) throw error;
    log.warn(`portfolio: the copy kept for offline use was not updated: ${error.message}`);
  }
}
