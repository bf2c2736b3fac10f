/**
 * The composition root: settings, network, rate budget, HTTP client, services, handlers and
 * the dispatcher, wired once. Transport-agnostic and free of electron: it runs under plain Node.
 */
import { APP_VERSION } from '../../shared/appInfo';
import { ALL_EDGE_WINDOWS, edgeWindowsFor } from '../../shared/protocol/edgeLimits';
import { perpsRequestWeight } from '../../shared/protocol/perps';
import type { AppStatus } from '../../shared/viewModels';
import { join } from 'node:path';
import { AccountRegistry } from './accounts/accountRegistry';
import { AccountService } from './accounts/accountService';
import { ClobCredentialsService } from './accounts/clobCredentialsService';
import { PerpsProxyService } from './accounts/perpsProxyService';
import { reconcileAccounts } from './accounts/reconcileAccounts';
import { refusingSecretPresenter } from './accounts/refusingSecretPresenter';
import { VaultSession } from './accounts/vaultSession';
import { BookWatcher } from './books/bookWatcher';
import { createKeyringOsKeyStore } from './custody';
import { createDispatcher } from './bridge/dispatcher';
import { createHandlers } from './bridge/handlers';
import { CatalogService } from './catalog/catalogService';
import { MarketLabels } from './trading/marketLabels';
import { Watchlist } from './catalog/watchlist';
import type { Core, CoreOptions } from './coreApi';
import { EventHub } from './eventHub';
import { acquireDataFolderLock } from './dataFolder/dataFolderLock';
import { createLogger } from './log';
import { openNetwork, type ActiveNetwork } from './network';
import { HttpClient } from './net/httpClient';
import { RateBudget } from './net/rateBudget';
import { acquireBudgetOwnerLock, defaultBudgetLockRoot } from './net/budgetOwnerLock';
import type { ServiceName } from './net/serviceNames';
import { PerpsDesk } from './perps/perpsDesk';
import { perpsWeightWindow } from './perps/perpsInfo';
import { PortfolioDesk } from './portfolio/portfolioDesk';
import { openSettings } from './settings/settingsStore';
import { AlertService } from './alerts/alertService';
import { ConnectionMonitor } from './status/connectionMonitor';
import { realLoopClock } from './status/backoff';
import { OutageTracker } from './status/outageTracker';
import { StatusPublisher } from './status/statusPublisher';
import { TradingDesk } from './trading/tradingDesk';
import { wireUpdates } from './updates/wireUpdates';
import { warmOrderSigning } from '../../signing/orderSigning';

/**
 * The windows a request counts against: the documented edge windows of the order-book, catalog
 * and analytics services, and the profile's weight budget for every perps request (each counting
 * its route weight, perpsRequestWeight).
 */
const windowsOf = (network: ActiveNetwork) => {
  const perpsWindow = perpsWeightWindow(network.perpsWeightBudget);
  return (service: ServiceName, method: string, path: string) =>
    service === 'perps' ? [perpsWindow] : edgeWindowsFor(service, method, path);
};
const costFor = (service: ServiceName, method: string, path: string) => (service === 'perps' ? perpsRequestWeight(method, path) : 1);

/** Names this process in the data-folder lock, so a refused second one can say who holds it. */
const defaultHostKind = () => (process.versions.electron ? 'desktop app' : 'browser-mode host');

export async function createCore(options: CoreOptions): Promise<Core> {
  // First, before any file in the folder is read: a second process on this folder would
  // overwrite the vault and the account list this one holds in memory.
  const lock = acquireDataFolderLock(options.dataDir, { hostKind: options.hostKind ?? defaultHostKind() });
  try {
    return await openCore(options, lock.release);
  } catch (error) {
    lock.release();
    throw error;
  }
}

async function openCore(options: CoreOptions, releaseLock: () => void): Promise<Core> {
  const log = options.log ?? createLogger();
  const settings = openSettings(options.dataDir);
  const network = await openNetwork(options, settings);
  // A real network's budgets belong to one process per user (the edge counts per IP). A sandbox
  // (the embedded one, or one a test started) is a local instrument: no lock.
  let budgetLock: { release(): void } | null = null;
  try {
    if (!network.info.isSandbox) {
      budgetLock = acquireBudgetOwnerLock(network.urls, {
        root: options.budgetLockDir ?? defaultBudgetLockRoot(),
        hostKind: options.hostKind ?? defaultHostKind(),
        networkLabel: network.info.label,
      });
    }
  } catch (error) {
    await network.stop();
    throw error;
  }
  const releaseAll = () => {
    budgetLock?.release();
    releaseLock();
  };
  const hub = new EventHub();
  const budget = new RateBudget();
  // Every documented scope is listed in the budget panel from the start, used or not.
  budget.register([...ALL_EDGE_WINDOWS, perpsWeightWindow(network.perpsWeightBudget)]);

  const appStatus = (): AppStatus => ({
    version: APP_VERSION,
    network: network.info,
    ...monitor.snapshot(),
    budget: budget.usage(),
    outages: outages.list(),
  });
  const status = new StatusPublisher(appStatus, (payload) => hub.emit('appStatusChanged', payload));
  const monitor = new ConnectionMonitor(() => status.publishNow());
  // Unreachable services: polls back off with jitter and the status bar shows the next retry.
  const loopClock = options.loopClock ?? realLoopClock;
  const outages = new OutageTracker(loopClock, () => status.publishNow());
  const http = new HttpClient({
    urls: () => network.urls,
    budget,
    windowsFor: windowsOf(network),
    costFor,
    onOutcome: (outcome) => {
      monitor.record(outcome);
      outages.record(outcome);
    },
  });
  const catalog = new CatalogService(http);
  const watchlist = new Watchlist(settings);
  const books = new BookWatcher({
    http,
    log,
    onBooks: (changed) => hub.emit('orderBooksUpdated', { books: changed }),
    outages,
    clock: loopClock,
    ...(options.bookPollIntervalMs ? { intervalMs: options.bookPollIntervalMs } : {}),
  });

  const registry = new AccountRegistry(options.dataDir);
  const vaultPath = join(options.dataDir, 'marketdesk.vault');
  // The trading state (heartbeat, confirmations, restrictions) is per account: it follows a switch.
  const accountsChanged = () => {
    hub.emit('accountsChanged', registry.state());
    hub.emit('tradingStateChanged', trading.state());
  };
  const session = new VaultSession({
    path: vaultPath,
    osKeyStore: options.osKeyStore ?? createKeyringOsKeyStore(),
    settings,
    log,
    onChange: () => hub.emit('vaultStateChanged', session.state()),
    ...(options.vaultKdf ? { kdf: options.vaultKdf } : {}),
  });
  await session.start();
  // A key written without its account (a kill between the two writes) is adopted, not lost. The
  // session has read the vault (a vault it cannot read stops the start above).
  reconcileAccounts(registry, session.recordIndex(), log);
  const secretPresenter = options.secretPresenter ?? refusingSecretPresenter;
  session.onLocked(() => secretPresenter.forgetAll?.());
  const accounts = new AccountService({
    registry,
    session,
    presenter: secretPresenter,
    onChange: accountsChanged,
    onRemoved: (accountId) => clobCredentials.forget(accountId),
    ...(options.keystoreKdf ? { keystoreKdf: options.keystoreKdf } : {}),
  });
  const clobCredentials = new ClobCredentialsService({ http, registry, session, chainId: () => network.chainId, onChange: accountsChanged });
  const perpsProxies = new PerpsProxyService({ http, registry, session, perpsDomain: () => network.perpsDomain, onChange: accountsChanged });

  const trading = new TradingDesk({
    http,
    budget,
    registry,
    session,
    credentials: clobCredentials,
    settings,
    network,
    hub,
    log,
    ...(options.activityPollMs ? { activityPollMs: options.activityPollMs } : {}),
    outages,
    clock: loopClock,
    ...(options.tradingRecovery ? { recovery: options.tradingRecovery } : {}),
    // tables: rows of every market carry their own market's question and tick.
    marketLabels: new MarketLabels((conditionId) => catalog.marketLabel(conditionId), log),
  });

  const portfolio = new PortfolioDesk({
    dataDir: options.dataDir,
    http,
    jobs: trading.jobs,
    registry,
    log,
    onHistoryChanged: (state) => hub.emit('historyChanged', state),
    ...(options.saveDialog ? { saveDialog: options.saveDialog } : {}),
    ...(options.historyPageSize ? { historyPageSize: options.historyPageSize } : {}),
    // Called only once the core is running, after the perps desk below exists.
    perpsEquity: (addresses): Promise<string | null> => perps.equityTotal(addresses),
  });
  const perps = new PerpsDesk({
    http,
    budget,
    registry,
    session,
    network,
    store: portfolio.store,
    jobs: trading.jobs,
    files: portfolio.files,
    proxies: perpsProxies,
    log,
    onChanged: (change) => hub.emit('perpsChanged', change),
  });
  // A fill of the active account changes its history and positions: sync its new rows.
  hub.subscribe((event) => {
    if (event === 'orderFilled') portfolio.onAccountFilled();
  });
  // Price alerts read the books main polls; fill alerts read fills (prefs).
  const alerts = new AlertService({ settings, books, emit: (event, payload) => hub.emit(event, payload), log });
  hub.subscribe((event, payload) => alerts.handleEvent(event, payload));

  // updater: off in browser mode (no port), on the sandbox network and without a feed.
  const updates = wireUpdates({ port: options.updater, settings, network: () => network.info, registry, trading: () => trading, hub, log, clock: loopClock });

  const dispatch = createDispatcher(
    createHandlers({ appStatus, budgetState: () => budget.state(), catalog, watchlist, books, session, accounts, clobCredentials, perpsProxies, trading, portfolio, perps, prefs: { settings, alerts, emit: (event, payload) => hub.emit(event, payload) }, updates }),
    log,
    options.callLimits,
  );
  status.start();
  void alerts.start();
  updates.start();
  // libsecp256k1's context (under a millisecond), so the first order is as fast as the rest; the
  // keccak WebAssembly was instantiated when src/signing was imported (top-level await).
  warmOrderSigning();
  log.info(`core ready on the ${network.info.label} network`);

  let stopped = false;
  return {
    dispatch,
    subscribe: (listener) => hub.subscribe(listener),
    disconnect: (caller) => books.forgetClient(caller.clientId),
    handleSystemEvent: (event) => session.lock(event === 'suspend' ? 'sleep' : 'screen-locked'),
    takeDownload: (token) => portfolio.downloads.take(token),
    stop: async () => {
      if (stopped) return;
      stopped = true;
      updates.stop();
      trading.stop();
      session.stop();
      status.stop();
      books.stop();
      try {
        await perps.stop();
        await portfolio.stop();
        await network.stop();
      } finally {
        releaseAll();
      }
    },
  };
}
