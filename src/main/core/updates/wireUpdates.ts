/**
 * Builds the update service from the core's parts. The two questions it asks the rest of the
 * core are here, in one place, so the per-network runtime can re-point them: is the active network
 * the sandbox, and what rests on it (open orders of every trading account, heartbeats running).
 */
import { APP_VERSION } from '../../../shared/appInfo';
import type { AccountRegistry } from '../accounts/accountRegistry';
import type { EventHub } from '../eventHub';
import type { Logger } from '../log';
import type { SettingsStore } from '../settings/settingsStore';
import type { LoopClock } from '../status/backoff';
import type { TradingDesk } from '../trading/tradingDesk';
import type { NetworkInfo } from '../../../shared/viewModels';
import { readRestingWork } from './restingWork';
import { UpdateService } from './updateService';
import type { UpdaterPort } from './updaterPort';

export interface UpdateWiring {
  port: UpdaterPort | undefined;
  settings: SettingsStore;
  /** The active network's info (read each time: the active network can change at runtime). */
  network: () => NetworkInfo;
  registry: AccountRegistry;
  /** The active network's trading desk (open orders, heartbeats). */
  trading: () => TradingDesk;
  hub: EventHub;
  log: Logger;
  clock?: LoopClock;
}

/** Events after which what rests (or whether updates may run) can have changed. */
const RESTING_EVENTS = new Set(['openOrdersChanged', 'tradingStateChanged', 'accountsChanged', 'vaultStateChanged', 'ordersCancelledByExchange']);

export function wireUpdates(wiring: UpdateWiring): UpdateService {
  const { settings, registry, hub } = wiring;
  const updates = new UpdateService({
    port: wiring.port ?? null,
    currentVersion: APP_VERSION,
    savedFeed: { get: () => settings.get('updateFeedUrl') },
    onSandbox: () => wiring.network().isSandbox,
    readResting: () => {
      const trading = wiring.trading();
      return readRestingWork({
        networkLabel: () => wiring.network().label,
        tradingAccounts: () => registry.all().filter((a) => a.kind !== 'watchOnly' && a.clobCredentials),
        heartbeatsRunning: (accountId) => trading.heartbeats.state(accountId).enabled,
        openOrderCount: async (accountId) => (await trading.activity.openOrders(registry.get(accountId))).length,
        heartbeatWindowMs: trading.heartbeats.state(null).windowMs,
      });
    },
    onChange: (state) => hub.emit('updateStateChanged', state),
    log: wiring.log,
    ...(wiring.clock ? { clock: wiring.clock } : {}),
  });
  hub.subscribe((event) => {
    // The status carries the network: a switch to or from the sandbox turns updates off or on.
    if (event === 'appStatusChanged') updates.reevaluate();
    if (RESTING_EVENTS.has(event)) updates.restingMayHaveChanged();
  });
  return updates;
}
