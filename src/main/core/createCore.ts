/**
 * The composition root: settings, network, rate budget, HTTP client, services, handlers and
 * the dispatcher, wired once. Transport-agnostic and free of electron: it runs under plain Node.
 */
import { APP_VERSION } from '../../shared/appInfo';
import { edgeWindowsFor } from '../../shared/protocol/edgeLimits';
import type { AppStatus } from '../../shared/viewModels';
import { join } from 'node:path';
import { AccountRegistry } from './accounts/accountRegistry';
import { AccountService } from './accounts/accountService';
import { ClobCredentialsService } from './accounts/clobCredentialsService';
import { PerpsProxyService } from './accounts/perpsProxyService';
import { refusingSecretPresenter } from './accounts/refusingSecretPresenter';
import { VaultSession } from './accounts/vaultSession';
import { BookWatcher } from './books/bookWatcher';
import { createKeyringOsKeyStore } from './custody';
import { createDispatcher } from './bridge/dispatcher';
import { createHandlers } from './bridge/handlers';
import { CatalogService } from './catalog/catalogService';
import type { Core, CoreOptions } from './coreApi';
import { EventHub } from './eventHub';
import { createLogger } from './log';
import { openNetwork } from './network';
import { HttpClient } from './net/httpClient';
import { RateBudget } from './net/rateBudget';
import type { ServiceName } from './net/serviceNames';
import { openSettings } from './settings/settingsStore';
import { ConnectionMonitor } from './status/connectionMonitor';
import { StatusPublisher } from './status/statusPublisher';
import { TradingDesk } from './trading/tradingDesk';
import { warmOrderSigning } from '../../signing/orderSigning';

/** Services whose documented edge windows this release budgets; the others come with their issues. */
const windowsFor = (service: ServiceName, method: string, path: string) =>
  service === 'clob' || service === 'catalog' ? edgeWindowsFor(service, method, path) : [];

export async function createCore(options: CoreOptions): Promise<Core> {
  const log = options.log ?? createLogger();
  const settings = openSettings(options.dataDir);
  const network = await openNetwork(options, settings);
  const hub = new EventHub();
  const budget = new RateBudget();

  const appStatus = (): AppStatus => ({
    version: APP_VERSION,
    network: network.info,
    ...monitor.snapshot(),
    budget: budget.usage(),
  });
  const status = new StatusPublisher(appStatus, (payload) => hub.emit('appStatusChanged', payload));
  const monitor = new ConnectionMonitor(() => status.publishNow());
  const http = new HttpClient({
    urls: () => network.urls,
    budget,
    windowsFor,
    onOutcome: (outcome) => monitor.record(outcome),
  });
  const catalog = new CatalogService(http);
  const books = new BookWatcher({
    http,
    log,
    onBooks: (changed) => hub.emit('orderBooksUpdated', { books: changed }),
    ...(options.bookPollIntervalMs ? { intervalMs: options.bookPollIntervalMs } : {}),
  });

  const registry = new AccountRegistry(options.dataDir);
  // The trading state (heartbeat, confirmations, restrictions) is per account: it follows a switch.
  const accountsChanged = () => {
    hub.emit('accountsChanged', registry.state());
    hub.emit('tradingStateChanged', trading.state());
  };
  const session = new VaultSession({
    path: join(options.dataDir, 'marketdesk.vault'),
    osKeyStore: options.osKeyStore ?? createKeyringOsKeyStore(),
    settings,
    log,
    onChange: () => hub.emit('vaultStateChanged', session.state()),
    ...(options.vaultKdf ? { kdf: options.vaultKdf } : {}),
  });
  await session.start();
  const accounts = new AccountService({
    registry,
    session,
    presenter: options.secretPresenter ?? refusingSecretPresenter,
    onChange: accountsChanged,
    ...(options.keystoreKdf ? { keystoreKdf: options.keystoreKdf } : {}),
  });
  const clobCredentials = new ClobCredentialsService({ http, registry, session, chainId: () => network.chainId, onChange: accountsChanged });
  const perpsProxies = new PerpsProxyService({ http, registry, session, onChange: accountsChanged });

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
  });

  const dispatch = createDispatcher(
    createHandlers({ appStatus, catalog, books, session, accounts, clobCredentials, perpsProxies, trading }),
    log,
  );
  status.start();
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
    stop: async () => {
      if (stopped) return;
      stopped = true;
      trading.stop();
      session.stop();
      status.stop();
      books.stop();
      await network.stop();
    },
  };
}
