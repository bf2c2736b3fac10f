/**
 * The events main pushes to the renderer, with their payload types: part of the bridge contract
 * (src/shared/contract.ts re-exports them), kept in a module of their own without zod so the
 * renderer's entry and the preload can list them without loading any channel's schema.
 */
import type { AccountsState, VaultState } from './custodyViews';
import type { ConfirmationSettledView, PendingConfirmationView } from './confirmationViews';
import type { NetworkProfilesView } from './networkProfiles';
import type { HistorySyncState } from './portfolioViews';
import type { DisplayPrefs, FiredAlert } from './prefs';
import type { BalanceView, FillNotification, JobProgress, OpenOrderView, OrdersCancelledNotice, TradeView, TradingState } from './tradingViews';
import type { UpdateState } from './updates';
import type { AppStatus, NetworkInfo, OrderBookView } from './viewModels';

/** A typed placeholder that carries a result or payload type without a runtime value. */
export const returns = <T>() => undefined as unknown as T;

export const bridgeEvents = {
  appStatusChanged: returns<AppStatus>(),
  orderBooksUpdated: returns<{ books: OrderBookView[] }>(),
  vaultStateChanged: returns<VaultState>(),
  accountsChanged: returns<AccountsState>(),
  tradingStateChanged: returns<TradingState>(),
  /** The active account's open orders changed (placed, filled, cancelled, expired). */
  openOrdersChanged: returns<{ accountId: string; orders: OpenOrderView[] }>(),
  balanceChanged: returns<{ accountId: string; balance: BalanceView }>(),
  orderFilled: returns<FillNotification>(),
  /** Trades of the active account known the moment an order's answer named them (a taker fill). */
  accountTradesAdded: returns<{ accountId: string; trades: TradeView[] }>(),
  /** The exchange cancelled open orders the user did not cancel (heartbeats lapsed, or found on reconciling). */
  ordersCancelledByExchange: returns<OrdersCancelledNotice>(),
  jobProgressed: returns<JobProgress>(),
  /** The local history store gained rows for a wallet (a sync or an incremental update ran). */
  historyChanged: returns<HistorySyncState>(),
  /** An account's perps state changed: a transfer settled, a history sync added rows, a referral applied. */
  perpsChanged: returns<{ accountId: string; kind: 'transfers' | 'funding' | 'referral' | 'account' }>(),
  // ── prefs ──
  /** The display preferences changed (in this window or another). */
  displayPrefsChanged: returns<DisplayPrefs>(),
  /** A price or fill alert went off; it is already in the log. */
  alertFired: returns<FiredAlert>(),
  // ── profiles (issue 13) ──
  /** A network profile was added, changed, deleted or imported. */
  networkProfilesChanged: returns<NetworkProfilesView>(),
  // ── switching ──
  /** The core now talks to another network: every store holding network data resets and reloads. */
  networkChanged: returns<NetworkInfo>(),
  // ── updater ──
  /** The update state changed (a check, download progress, the network, what rests, the feed). */
  updateStateChanged: returns<UpdateState>(),
  // ── authority ──
  /** Main asks the user something in its own surface (a window, or a one-time page to open). */
  confirmationRequested: returns<PendingConfirmationView>(),
  /** The question was answered, declined, withdrawn or expired. */
  confirmationSettled: returns<ConfirmationSettledView>(),
  // ── risk (issue 19) ──
  /** An account's risk limits on a network changed (in this window or another). */
  riskLimitsChanged: returns<{ networkId: string; accountId: string }>(),
} as const;

export type BridgeEvents = typeof bridgeEvents;
export type EventName = keyof BridgeEvents;
export type EventPayload<K extends EventName> = BridgeEvents[K];
