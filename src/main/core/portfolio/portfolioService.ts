/**
 * Portfolios of one account, all accounts, or any address: positions and closed positions from
 * the analytics service (every page), live midpoints from the order book over open markets, and
 * each wallet's figures (portfolioFigures.ts): its positions, its order-book cash and perps
 * equity when it is an own account, and its realised P&L from the local history. A view's totals
 * are the sum of its wallets'. Each wallet's answer is kept in the history store; when the
 * service cannot be reached the last kept copy is shown instead, marked stale with its age.
 * `keptPortfolio` answers that copy without asking anything, so a view shows the last synced
 * portfolio the moment it opens (at app start too) while the fresh read is on its way.
 */
import type { ClosedPositionRow, PositionRow } from '../../../shared/protocol/analytics';
import type { WalletExtras } from '../../../shared/portfolioFigures';
import type { MissingPart, PortfolioView, PositionView, RealisedPeriod, WalletRef, WalletTarget } from '../../../shared/portfolioViews';
import type { AccountRegistry } from '../accounts/accountRegistry';
import type { AnalyticsClient, Paged, PageRequest } from '../analytics/analyticsClient';
import { CoreError } from '../coreError';
import { walletKey, type HistoryStore } from '../history/historyStore';
import type { PortfolioSnapshot } from '../history/snapshotTable';
import type { Logger } from '../log';
import type { HttpClient } from '../net/httpClient';
import { readMidpoints } from './livePrices';
import { assemblePortfolio, nameOf, readAccountMoney, type AccountMoney } from './portfolioAssembly';
import { toPositionView } from './positionViews';
import { periodStart, WalletHistories } from './walletHistories';
import { resolveWallets } from './walletTargets';

export interface PortfolioServiceOptions {
  client: AnalyticsClient;
  http: HttpClient;
  store: HistoryStore;
  registry: AccountRegistry;
  log: Logger;
  now?: () => number;
  money?: AccountMoney;
  /** Shared with the value chart (portfolioDesk.ts); one of its own otherwise. */
  histories?: WalletHistories;
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

export class PortfolioService {
  private readonly now: () => number;
  private readonly histories: WalletHistories;

  constructor(private readonly options: PortfolioServiceOptions) {
    this.now = options.now ?? Date.now;
    this.histories = options.histories ?? new WalletHistories(options.store);
  }

  async getPortfolio(target: WalletTarget, period: RealisedPeriod = 'all'): Promise<PortfolioView> {
    const wallets = resolveWallets(this.options.registry, target);
    const [read, money] = await Promise.all([
      Promise.all(wallets.map((wallet) => this.readWallet(wallet))),
      Promise.all(wallets.map((wallet) => readAccountMoney(this.options.money, wallet))),
    ]);
    const open = read.flatMap(({ snapshot }) => snapshot.positions.filter((row) => row.tradable && !row.redeemable).map((row) => row.token_id));
    const mids = await this.midpoints(open);
    const stale = read.filter((r) => r.stale !== null);
    const parts = read.map(({ wallet, snapshot }, i) => ({
      wallet,
      snapshot,
      positions: snapshot.positions.map((row) => toPositionView(wallet, row, mids.get(row.token_id))),
      extras: this.extrasOf(wallet, period, money[i]!),
    }));
    return assemblePortfolio(target, period, parts, stale.length === 0 ? null : { reason: stale.map((r) => r.stale).join(' ') });
  }

  /**
   * The last kept copy of every wallet of the target, from the local store only (no request), or
   * null when one of them has never been read: a partial total would mislead. Cash and perps
   * equity need the network: they come with the fresh read.
   */
  keptPortfolio(target: WalletTarget, period: RealisedPeriod = 'all'): PortfolioView | null {
    const wallets = resolveWallets(this.options.registry, target);
    const kept = wallets.map((wallet) => ({ wallet, snapshot: this.options.store.snapshots.load(walletKey(wallet.address)) }));
    if (kept.some((k) => k.snapshot === null)) return null;
    const notYet = { cash: null, perpsEquity: null, missing: [] as MissingPart[] };
    const read = (kept as Array<{ wallet: WalletRef; snapshot: PortfolioSnapshot }>).map(({ wallet, snapshot }) => ({
      wallet,
      snapshot,
      positions: snapshot.positions.map((row) => toPositionView(wallet, row, undefined)),
      extras: this.extrasOf(wallet, period, {
        ...notYet,
        missing: wallet.accountId !== null && !wallet.watchOnly ? [{ wallet: nameOf(wallet), part: 'cash', reason: 'read with the fresh portfolio, in a moment.' }] : [],
      }),
    }));
    return assemblePortfolio(target, period, read, { reason: 'showing it while the analytics service is read.' });
  }

  /** The positions the target holds now as last read (each wallet's kept copy, read first when it has none), without live prices. */
  async positionsNow(target: WalletTarget): Promise<PositionView[]> {
    const wallets = resolveWallets(this.options.registry, target);
    const read = await Promise.all(
      wallets.map(async (wallet) => ({ wallet, snapshot: this.options.store.snapshots.load(walletKey(wallet.address)) ?? (await this.readWallet(wallet)).snapshot })),
    );
    return read.flatMap(({ wallet, snapshot }) => snapshot.positions.map((row) => toPositionView(wallet, row, undefined)));
  }

  /** A wallet's extras with its realised P&L of the period from the local history. */
  private extrasOf(wallet: WalletRef, period: RealisedPeriod, money: Omit<WalletExtras, 'realisedPnl'>): WalletExtras {
    const realised = this.histories.realised(wallet.address, periodStart(period, this.now()));
    if ('usd' in realised) return { ...money, realisedPnl: String(realised.usd) };
    return { ...money, realisedPnl: null, missing: [...money.missing, { wallet: nameOf(wallet), part: 'realised', reason: realised.reason }] };
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
