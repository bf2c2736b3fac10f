/**
 * The contract's handlers, each a thin call into the service that owns the work. Two halves:
 * the shared handlers (vault, accounts, display preferences, network switching) live across
 * network switches; the network handlers are built by each network's runtime
 * (networks/networkRuntime.ts) and replaced at a switch.
 */
import type { AppStatus, BudgetStateView } from '../../../shared/viewModels';
import type { AccountService } from '../accounts/accountService';
import type { ClobCredentialsService } from '../accounts/clobCredentialsService';
import type { PerpsProxyService } from '../accounts/perpsProxyService';
import type { VaultSession } from '../accounts/vaultSession';
import type { AlertService } from '../alerts/alertService';
import type { BookWatcher } from '../books/bookWatcher';
import type { CatalogService } from '../catalog/catalogService';
import type { Watchlist } from '../catalog/watchlist';
import type { NetworkSwitcher } from '../networks/networkSwitcher';
import type { PerpsDesk } from '../perps/perpsDesk';
import type { PortfolioDesk } from '../portfolio/portfolioDesk';
import type { TradingDesk } from '../trading/tradingDesk';
import { createIssuedCredentialHandlers, createVaultAccountHandlers, type VaultAccountChannel } from './custodyHandlers';
import { createPerpsHandlers } from './perpsHandlers';
import { createMarketDataHandlers } from './marketDataHandlers';
import { createPortfolioHandlers } from './portfolioHandlers';
import { createAlertHandlers, createDisplayPrefsHandlers, type DisplayPrefsChannel, type PrefsServices } from './prefsHandlers';
import { createTradingHandlers } from './tradingHandlers';
import type { BridgeHandlers } from './handlerTypes';
import { createProfilesHandlers } from './profilesHandlers';
import type { NetworkProfilesService } from '../networks/profilesService';
import { createGuardrailHandlers, type GuardrailServices } from './guardrailHandlers';
import { withGates } from '../authority/authorityGate';
import type { ConfirmationCenter } from '../authority/confirmationCenter';
import { networkGates, type NetworkGateServices } from '../authority/networkGates';
import { sharedGates } from '../authority/sharedGates';
import type { SettingsStore } from '../settings/settingsStore';
import type { AccountRegistry } from '../accounts/accountRegistry';
import type { UpdateService } from '../updates/updateService';
import { createUpdateHandlers } from './updateHandlers';

/** Channels that keep working during a network switch (they touch no network). */
export type SharedChannel =
  | VaultAccountChannel
  | DisplayPrefsChannel
  | 'getAppStatus'
  // switching
  | 'listNetworks' | 'getNetworkSwitchPreflight' | 'switchNetwork'
  // profiles: they read and write settings only (a connection test has a budget of its own)
  | 'listNetworkProfiles' | 'saveNetworkProfile' | 'deleteNetworkProfile' | 'testNetworkProfile' | 'exportNetworkProfiles' | 'importNetworkProfiles'
  // updater: the app's own updates, whatever the network
  | 'getUpdateState' | 'checkForUpdates' | 'downloadUpdate' | 'cancelUpdateDownload' | 'installUpdate'
  // authority: main's questions outlive a switch only to be withdrawn by it
  | 'listPendingConfirmations' | 'declineConfirmation' | 'setSandboxMainConfirmations';

export type SharedHandlers = Pick<BridgeHandlers, SharedChannel>;
export type NetworkHandlers = Omit<BridgeHandlers, SharedChannel>;

export interface SharedHandlerServices {
  session: VaultSession;
  accounts: AccountService;
  prefs: Pick<PrefsServices, 'settings' | 'emit'>;
  /** The current network's status, or the one a switch reports while it runs. */
  appStatus: () => AppStatus;
  switcher: NetworkSwitcher;
  networkProfiles: NetworkProfilesService;
  updates: UpdateService;
  settings: SettingsStore;
  registry: AccountRegistry;
  confirmations: ConfirmationCenter;
  /** The trading state changed for the current network (the sandbox's confirmation setting). */
  tradingChanged: () => void;
}

export function createSharedHandlers(services: SharedHandlerServices): SharedHandlers {
  const { session, accounts, prefs, appStatus, switcher, networkProfiles, updates, settings, registry, confirmations } = services;
  return withGates({
    ...createProfilesHandlers(networkProfiles),
    ...createUpdateHandlers(updates),
    ...createVaultAccountHandlers({ session, accounts }),
    ...createDisplayPrefsHandlers(prefs),
    getAppStatus: async () => appStatus(),
    // switching
    listNetworks: async () => switcher.choices(),
    getNetworkSwitchPreflight: async ({ networkId }) => switcher.preflight(networkId),
    switchNetwork: async ({ networkId, confirmed }) => switcher.switchTo(networkId, confirmed === true),
    // authority
    listPendingConfirmations: async () => confirmations.pending(),
    declineConfirmation: async ({ id }) => ({ declined: confirmations.decline(id) }),
    setSandboxMainConfirmations: async ({ enabled }) => {
      settings.set('mainConfirmationsOnSandbox', enabled);
      services.tradingChanged();
      return { enabled };
    },
  }, sharedGates({ settings, session, registry, profiles: networkProfiles }), () => confirmations);
}

export interface NetworkHandlerServices {
  appStatus: () => AppStatus;
  /** Every scope of the rate budget, for the budget panel. */
  budgetState: () => BudgetStateView;
  catalog: CatalogService;
  watchlist: Watchlist;
  books: BookWatcher;
  clobCredentials: ClobCredentialsService;
  perpsProxies: PerpsProxyService;
  trading: TradingDesk;
  portfolio: PortfolioDesk;
  perps: PerpsDesk;
  alerts: AlertService;
  /** guardrails: what live operations still need explained. */
  guardrails: GuardrailServices;
  /** authority: main's questions in front of this network's value-moving and guardrail channels. */
  gates: NetworkGateServices;
  confirmations: ConfirmationCenter;
}

export function createNetworkHandlers(services: NetworkHandlerServices): NetworkHandlers {
  const { budgetState, catalog, watchlist, books, trading, portfolio, perps, alerts, guardrails, gates, confirmations } = services;
  return withGates({
    ...createGuardrailHandlers(guardrails),
    ...createIssuedCredentialHandlers(services),
    ...createTradingHandlers(trading),
    ...createPortfolioHandlers(portfolio),
    ...createMarketDataHandlers(portfolio, catalog),
    ...createPerpsHandlers(perps),
    ...createAlertHandlers(alerts),
    getBudgetState: async () => budgetState(),
    listCatalogTags: async () => catalog.listTags(),
    searchCatalogEvents: async ({ watchlistOnly, ...search }) =>
      catalog.searchEvents({ ...search, ...(watchlistOnly ? { onlyIds: new Set(watchlist.ids()) } : {}) }),
    getCatalogEvent: async ({ eventId }) => catalog.getEvent(eventId),
    // markets: the watchlist
    getWatchlist: async () => watchlist.ids(),
    setWatchlisted: async ({ eventId, watched }) => watchlist.set(eventId, watched),
    watchOrderBooks: async ({ tokenIds }, caller) => {
      const watching = [...new Set(tokenIds)];
      return { watching, books: await books.watch(caller.clientId, watching) };
    },
  }, networkGates(gates), () => confirmations);
}
