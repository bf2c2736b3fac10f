/**
 * The perpetuals side of the core, wired once: the client, accounts and proxies, transfers
 * (preview, send), history syncs and their views, export, equity, the trade tape, referrals and
 * the sandbox's paper controls. Handlers (bridge/perpsHandlers.ts) call into it; it pushes
 * `perpsChanged` through `onChanged`.
 */
import type { AccountRegistry } from '../accounts/accountRegistry';
import type { PerpsProxyService } from '../accounts/perpsProxyService';
import type { VaultSession } from '../accounts/vaultSession';
import type { HistoryStore } from '../history/historyStore';
import type { Logger } from '../log';
import type { ActiveNetwork } from '../network';
import type { HttpClient } from '../net/httpClient';
import type { RateBudget } from '../net/rateBudget';
import type { FileExport } from '../portfolio/fileExport';
import type { JobRunner } from '../trading/jobs';
import { latestEquity } from './perpsAccounts';
import { PerpsClient } from './perpsClient';
import type { PerpsChangeKind, PerpsContext } from './perpsContext';
import { PerpsHistorySync } from './perpsHistorySync';
import { activeProxyOf } from './perpsProxyChoice';
import { PerpsReferrals } from './perpsReferrals';
import { PerpsTransferExport } from './perpsTransferExport';
import { TransferPreviews } from './transferPreview';

export interface PerpsDeskOptions {
  http: HttpClient;
  budget: RateBudget;
  registry: AccountRegistry;
  session: VaultSession;
  network: ActiveNetwork;
  store: HistoryStore;
  jobs: JobRunner;
  files: FileExport;
  proxies: PerpsProxyService;
  log: Logger;
  onChanged: (change: { accountId: string; kind: PerpsChangeKind }) => void;
  now?: () => number;
}

export class PerpsDesk {
  readonly context: PerpsContext;
  readonly proxies: PerpsProxyService;
  readonly previews: TransferPreviews;
  readonly sync: PerpsHistorySync;
  readonly exports: PerpsTransferExport;
  readonly referrals: PerpsReferrals;

  constructor(options: PerpsDeskOptions) {
    this.context = {
      client: new PerpsClient(options.http),
      http: options.http,
      registry: options.registry,
      session: options.session,
      network: options.network,
      store: options.store,
      jobs: options.jobs,
      budget: options.budget,
      log: options.log,
      now: options.now ?? Date.now,
      changed: (accountId, kind) => options.onChanged({ accountId, kind }),
    };
    this.proxies = options.proxies;
    this.previews = new TransferPreviews(this.context);
    this.sync = new PerpsHistorySync(this.context);
    this.exports = new PerpsTransferExport(this.context, options.files);
    this.referrals = new PerpsReferrals(this.context);
  }

  /**
   * An account's latest equity (USD) for its portfolio total; null when it has no active proxy
   * or no equity point yet (nothing to count). Throws when the exchange cannot be read.
   */
  async equityOf(accountId: string): Promise<string | null> {
    const account = this.context.registry.get(accountId);
    if (activeProxyOf(account.perpsProxies, this.context.now()) === null) return null;
    return (await latestEquity(this.context, account))?.equity ?? null;
  }

  async stop(): Promise<void> {
    await Promise.race([this.sync.idle(), new Promise((resolve) => setTimeout(resolve, 3_000).unref?.())]);
  }
}
