/**
 * Everything the core builds for one network: the rate budget (with the profile's safety
 * factor), the HTTP client, status monitors and outages, the catalog, watchlist and books, the
 * order-book credentials and perps proxy services, the trading desk with its heartbeats, the
 * portfolio, perps and alerts, and the handlers of their channels. A network switch stops one
 * runtime and builds the next; what lives across switches (vault session, accounts, settings,
 * event hub) is handed in.
 */
import { APP_VERSION } from '../../../shared/appInfo';
import { ALL_EDGE_WINDOWS, edgeWindowsFor } from '../../../shared/protocol/edgeLimits';
import { perpsRequestWeight } from '../../../shared/protocol/perps';
import type { AppStatus, ServiceOutage } from '../../../shared/viewModels';
import type { AccountRegistry } from '../accounts/accountRegistry';
import { asksInMain } from '../authority/confirmationPolicy';
import { pendingExplanation } from '../authority/liveExplanationFacts';
import { ClobCredentialsService } from '../accounts/clobCredentialsService';
import { PerpsProxyService } from '../accounts/perpsProxyService';
import type { VaultSession } from '../accounts/vaultSession';
import { AlertService } from '../alerts/alertService';
import { BookWatcher } from '../books/bookWatcher';
import { CatalogService } from '../catalog/catalogService';
import { Watchlist } from '../catalog/watchlist';
import type { CoreOptions } from '../coreApi';
import type { StorageHealth } from '../dataFolder/storageHealth';
import type { EventHub } from '../eventHub';
import type { Logger } from '../log';
import type { ActiveNetwork } from '../network';
import { HttpClient } from '../net/httpClient';
import { RateBudget } from '../net/rateBudget';
import type { ServiceName } from '../net/serviceNames';
import { PerpsDesk } from '../perps/perpsDesk';
import { perpsWeightWindow } from '../perps/perpsInfo';
import { PortfolioDesk } from '../portfolio/portfolioDesk';
import type { SettingsStore } from '../settings/settingsStore';
import { realLoopClock } from '../status/backoff';
import { ConnectionMonitor } from '../status/connectionMonitor';
import { OutageTracker } from '../status/outageTracker';
import { StatusPublisher } from '../status/statusPublisher';
import { MarketLabels } from '../trading/marketLabels';
import { TradingDesk } from '../trading/tradingDesk';
import { createNetworkHandlers, type NetworkHandlers } from '../bridge/handlers';
import { scopedSession } from './scopedSession';
import { LiveAcknowledgements } from '../guardrails/liveAcknowledgements';
import type { ConfirmationCenter } from '../authority/confirmationCenter';
import { OrderConfirmations } from '../authority/orderConfirmations';

/** What lives across switches, handed to each runtime. */
export interface SharedCoreParts {
  options: CoreOptions;
  settings: SettingsStore;
  hub: EventHub;
  log: Logger;
  registry: AccountRegistry;
  session: VaultSession;
  /** The account list or the active account changed (credentials, proxies): tell the renderers. */
  accountsChanged: () => void;
  /** Whether the data folder takes writes (the status bar's storage problem). */
  storage: StorageHealth;
  /** Main's questions in its own surface (authority/). */
  confirmations: ConfirmationCenter;
}

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

export class NetworkRuntime {
  readonly budget: RateBudget;
  readonly http: HttpClient;
  readonly clobCredentials: ClobCredentialsService;
  readonly perpsProxies: PerpsProxyService;
  readonly trading: TradingDesk;
  readonly books: BookWatcher;
  readonly portfolio: PortfolioDesk;
  readonly perps: PerpsDesk;
  readonly alerts: AlertService;
  readonly handlers: NetworkHandlers;
  private readonly status: StatusPublisher;
  private readonly monitor: ConnectionMonitor;
  private readonly outages: OutageTracker;
  private readonly detach: Array<() => void> = [];
  private readonly storage: StorageHealth;
  private stopped = false;

  constructor(readonly network: ActiveNetwork, shared: SharedCoreParts) {
    const { options, settings, hub, log, registry } = shared;
    // Services built here register lock listeners on the session; they are dropped with the runtime.
    const session = scopedSession(shared.session, this.detach);
    this.budget = new RateBudget(network.budgetSafetyFactor !== undefined ? { safetyFactor: network.budgetSafetyFactor } : {});
    // Every documented scope is listed in the budget panel from the start, used or not.
    this.budget.register([...ALL_EDGE_WINDOWS, perpsWeightWindow(network.perpsWeightBudget)]);
    this.status = new StatusPublisher(() => this.appStatus(), (payload) => hub.emit('appStatusChanged', payload));
    this.storage = shared.storage;
    this.detach.push(this.storage.onChange(() => this.status.publishNow()));
    this.monitor = new ConnectionMonitor(() => this.status.publishNow());
    // Services unreachable or degraded: polls back off with jitter and the status bar shows the next retry.
    const loopClock = options.loopClock ?? realLoopClock;
    this.outages = new OutageTracker(loopClock, () => this.status.publishNow(), options.outageBackoff);
    this.http = new HttpClient({
      urls: () => network.urls,
      budget: this.budget,
      windowsFor: windowsOf(network),
      costFor,
      onOutcome: (outcome) => {
        this.monitor.record(outcome);
        this.outages.record(outcome);
      },
      // A walk's retries wait as long as the polls while the service is in trouble.
      retryWait: (service, ownDelayMs) => this.outages.pollDelay(service, ownDelayMs),
    });
    const http = this.http;
    const catalog = new CatalogService(http);
    // What a service issued, and what the user keeps per network (watchlists, alerts, history), is the network's own.
    const networkId = network.info.id;
    const watchlist = new Watchlist(settings, () => networkId);
    this.books = new BookWatcher({
      http,
      log,
      onBooks: (changed) => hub.emit('orderBooksUpdated', { books: changed }),
      outages: this.outages,
      clock: loopClock,
      ...(options.bookPollIntervalMs ? { intervalMs: options.bookPollIntervalMs } : {}),
    });
    // guardrails: the first signed operation of each kind on a live network is explained in main's question.
    const acknowledgements = new LiveAcknowledgements({ settings, network: () => network });
    // Issuing credentials or a proxy where main asks waits for main's question, which shows the host
    // (and, for a first live proxy, its explanation).
    const issuance = {
      confirmations: shared.confirmations,
      needed: () => asksInMain(network.info, settings),
      session,
      explanation: (accountId: string) => pendingExplanation(acknowledgements, accountId, 'proxyCreation'),
    };
    this.clobCredentials = new ClobCredentialsService({ http, registry, session, network, issuance, onChange: shared.accountsChanged });
    this.perpsProxies = new PerpsProxyService({ http, registry, session, network, issuance, onChange: shared.accountsChanged });
    this.trading = new TradingDesk({
      http,
      budget: this.budget,
      registry,
      session,
      credentials: this.clobCredentials,
      settings,
      network,
      hub,
      log,
      ...(options.activityPollMs ? { activityPollMs: options.activityPollMs } : {}),
      outages: this.outages,
      clock: loopClock,
      ...(options.tradingRecovery ? { recovery: options.tradingRecovery } : {}),
      // tables: rows of every market carry their own market's question and tick.
      marketLabels: new MarketLabels((conditionId) => catalog.marketLabel(conditionId), log),
      tokenMarket: (tokenId) => catalog.tokenMarket(tokenId),
      orderConfirmation: new OrderConfirmations({
        network,
        settings,
        acknowledgements,
        confirmations: () => shared.confirmations,
        marketName: (tokenId) => catalog.tokenName(tokenId),
      }),
      // risk: raising a limit waits for the user's answer in main's own surface.
      confirmations: shared.confirmations,
    });
    const portfolio = new PortfolioDesk({
      dataDir: options.dataDir,
      networkId,
      http,
      jobs: this.trading.jobs,
      registry,
      log,
      onHistoryChanged: (state) => hub.emit('historyChanged', state),
      storage: this.storage,
      ...(options.saveDialog ? { saveDialog: options.saveDialog } : {}),
      ...(options.historyPageSize ? { historyPageSize: options.historyPageSize } : {}),
      // An own account's cash and perps equity are part of its portfolio total. Called only once
      // the runtime is built, after the perps desk below exists.
      money: {
        cash: (accountId) => this.trading.cashOf(accountId),
        perpsEquity: (accountId) => this.perps.equityOf(accountId),
      },
    });
    this.portfolio = portfolio;
    this.perps = new PerpsDesk({
      http,
      budget: this.budget,
      registry,
      session,
      network,
      store: portfolio.store,
      jobs: this.trading.jobs,
      files: portfolio.files,
      proxies: this.perpsProxies,
      log,
      onChanged: (change) => hub.emit('perpsChanged', change),
    });
    // A fill of the active account changes its history and positions: sync its new rows.
    this.detach.push(hub.subscribe((event, payload) => {
      if (event === 'orderFilled') portfolio.onAccountFilled();
      // A perps credit or transfer is a new row of the account's activity too (issue 8, one world).
      const change = payload as { accountId?: string; kind?: string } | undefined;
      if (event === 'perpsChanged' && change?.accountId && (change.kind === 'transfers' || change.kind === 'account')) portfolio.onPerpsMoved(change.accountId);
    }));
    // Price alerts read the books main polls; fill alerts read fills (prefs).
    const alerts = new AlertService({ settings, networkId, books: this.books, emit: (event, payload) => hub.emit(event, payload), log });
    this.alerts = alerts;
    this.detach.push(hub.subscribe((event, payload) => alerts.handleEvent(event, payload)));
    this.handlers = createNetworkHandlers({
      appStatus: () => this.appStatus(),
      budgetState: () => this.budget.state(),
      catalog, watchlist, books: this.books, clobCredentials: this.clobCredentials, perpsProxies: this.perpsProxies,
      trading: this.trading, portfolio, perps: this.perps, alerts,
      guardrails: { acknowledgements, registry },
      gates: { network, settings, registry, acknowledgements, previews: this.perps.previews },
      confirmations: shared.confirmations,
    });
  }

  /** Starts what runs on its own: the status pushes and the books of waiting price alerts. */
  start(): void {
    this.status.start();
    void this.alerts.start();
  }

  appStatus(): AppStatus {
    const outages = this.outages.list();
    return {
      version: APP_VERSION,
      network: this.network.info,
      ...connectionOf(this.monitor.snapshot(), outages),
      budget: this.budget.usage(),
      outages,
      storage: this.storage.current(),
    };
  }

  publishStatus(): void {
    this.status.publishNow();
  }

  /**
   * Stops polling and heartbeats, cancels the jobs (history walks keep their cursors and resume
   * on the next sync), unsubscribes every book, lets the walks store what they fetched, closes the
   * history store. The network itself (a shared embedded sandbox) is left to the caller.
   */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    this.trading.stop();
    this.status.stop();
    this.books.stop();
    for (const detach of this.detach.splice(0)) detach();
    await this.perps.stop();
    await this.portfolio.stop();
  }
}

/**
 * The connection word: the last request's verdict, except that a service unreachable or degraded
 * keeps it from reading "online" (other services answering between its failures would flip it back).
 */
function connectionOf(
  last: Pick<AppStatus, 'connection' | 'connectionProblem'>,
  outages: readonly ServiceOutage[],
): Pick<AppStatus, 'connection' | 'connectionProblem'> {
  const first = outages[0];
  if (last.connection !== 'online' || !first) return last;
  return { connection: 'degraded', connectionProblem: first.problem };
}
