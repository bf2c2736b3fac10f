/**
 * The portfolio side of the core, wired once: the analytics client, the history store and its
 * sync, portfolios and their value series, exports, and the trading hook that keeps a wallet's
 * history fresh after its fills. Handlers call into it; it pushes `historyChanged`.
 */
import type { HistorySyncState, WalletRef, WalletTarget } from '../../../shared/portfolioViews';
import type { AccountRegistry } from '../accounts/accountRegistry';
import type { StorageReport } from '../dataFolder/storageHealth';
import { AnalyticsClient } from '../analytics/analyticsClient';
import { HistoryStore } from '../history/historyStore';
import { HistorySync } from '../history/historySync';
import type { Logger } from '../log';
import type { HttpClient } from '../net/httpClient';
import type { JobRunner } from '../trading/jobs';
import { ActivityExport } from './activityExport';
import { ExportDownloads } from './exportDownloads';
import { FileExport, type SaveDialogPort } from './fileExport';
import type { AccountMoney } from './portfolioAssembly';
import { PortfolioHistory } from './portfolioHistory';
import { PortfolioService } from './portfolioService';
import { WalletHistories } from './walletHistories';
import { resolveWallets, walletOf } from './walletTargets';

export interface PortfolioDeskOptions {
  dataDir: string;
  /** The network whose history store is opened (one file per network; default the sandbox's). */
  networkId?: string;
  http: HttpClient;
  jobs: JobRunner;
  registry: AccountRegistry;
  log: Logger;
  onHistoryChanged: (state: HistorySyncState) => void;
  saveDialog?: SaveDialogPort;
  /** Page size of history walks (default 1000, the service's maximum). */
  historyPageSize?: number;
  /** Told of the history store's refused and successful writes (the status bar). */
  storage?: StorageReport;
  /** An own account's order-book cash and perps equity (the trading and perps desks'). */
  money?: AccountMoney;
}

/** After a fill the service may take a moment to list it: one more look after this delay. */
const FILL_RECHECK_MS = 1_500;

export class PortfolioDesk {
  readonly client: AnalyticsClient;
  readonly store: HistoryStore;
  readonly sync: HistorySync;
  readonly portfolios: PortfolioService;
  readonly history: PortfolioHistory;
  readonly exports: ActivityExport;
  readonly downloads: ExportDownloads;
  /** Streams any export to a file (the perps transfer export uses it too). */
  readonly files: FileExport;
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(private readonly options: PortfolioDeskOptions) {
    const { http, jobs, registry, log } = options;
    this.client = new AnalyticsClient(http);
    this.store = HistoryStore.open(options.dataDir, log, options.networkId, options.storage);
    this.sync = new HistorySync({
      client: this.client, store: this.store, jobs, log, onChanged: options.onHistoryChanged,
      ...(options.historyPageSize ? { pageSize: options.historyPageSize } : {}),
    });
    const histories = new WalletHistories(this.store);
    this.portfolios = new PortfolioService({
      client: this.client, http, store: this.store, registry, log, histories, ...(options.money ? { money: options.money } : {}),
    });
    this.history = new PortfolioHistory({
      client: this.client, store: this.store, sync: this.sync, registry, log, histories, positions: (target) => this.portfolios.positionsNow(target),
    });
    this.downloads = new ExportDownloads(options.dataDir);
    this.downloads.clearLeftovers();
    this.files = new FileExport({ jobs, downloads: this.downloads, ...(options.saveDialog ? { saveDialog: options.saveDialog } : {}) });
    this.exports = new ActivityExport(this.store, this.files);
  }

  /** The wallets a Portfolio target covers (an account's funder, all accounts, or an address). */
  walletsOf(target: WalletTarget): WalletRef[] {
    return resolveWallets(this.options.registry, target);
  }

  /**
   * The active account filled: bring its wallet's history up to date (the new rows only when it
   * was synced before, else its first sync), then once more shortly after if nothing new came, in
   * case the service listed the fill a moment late.
   */
  onAccountFilled(): void {
    const account = this.options.registry.active();
    if (!account) return;
    const wallet = walletOf(account);
    const before = this.store.activity.rowCount(wallet.toLowerCase());
    const run = () =>
      this.sync.sync(wallet).catch((error: unknown) => {
        this.options.log.warn(`history: the sync after a fill failed: ${error instanceof Error ? error.message : 'unknown'}`);
        return null;
      });
    void run().then((state) => {
      if (state && state.rows > before) return;
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        void run();
      }, FILL_RECHECK_MS);
      timer.unref?.();
      this.timers.add(timer);
    });
  }

  /**
   * A perps faucet credit or transfer moved money of one of the user's accounts. The analytics
   * service shows it at once in the feed of the perps account (the account's signer address: one
   * world), so when that address is the wallet the app keeps history for (no funder wallet), its
   * new rows are synced like a fill's; a sync already running for it is joined, not repeated.
   */
  onPerpsMoved(accountId: string): void {
    const account = this.options.registry.all().find((a) => a.id === accountId);
    if (!account || walletOf(account).toLowerCase() !== account.address.toLowerCase()) return;
    this.sync.sync(walletOf(account)).catch((error: unknown) => {
      this.options.log.warn(`history: the sync after a perps transfer failed: ${error instanceof Error ? error.message : 'unknown'}`);
    });
  }

  /**
   * After the jobs were cancelled: lets the walks store what they had fetched with its cursor
   * (bounded wait), then closes the store, so the next start resumes exactly there.
   */
  async stop(): Promise<void> {
    for (const timer of this.timers) clearTimeout(timer);
    this.sync.stop();
    await Promise.race([this.sync.idle(), new Promise((resolve) => setTimeout(resolve, 3_000).unref?.())]);
    this.downloads.close();
    this.store.close();
  }
}
