/**
 * The one place where bridge events reach the stores. Views never subscribe to `window.api`
 * themselves: they read stores, so every event has exactly one listener per window and a
 * reconnect can be handled once, here.
 */
import type { Unsubscribe } from '../../shared/contract';
import { useAccountsStore } from '../stores/accountsStore';
import { useAppStatusStore } from '../stores/appStatusStore';
import { useBridgeLinkStore } from '../stores/bridgeLinkStore';
import { useCatalogTagsStore } from '../stores/catalogTagsStore';
import { useEventDetailStore } from '../stores/eventDetailStore';
import { useEventListStore } from '../stores/eventListStore';
import { rewatchBooks } from '../stores/bookWatch';
import { ingestBooks } from '../stores/liveBooks';
import { useVaultStore } from '../stores/vaultStore';
import { accountDataMode } from '../stores/accountDataPolicy';
import { followResultScope } from '../stores/actionResultsStore';
import { useAccountTradesStore } from '../stores/accountTradesStore';
import { useBalanceStore } from '../stores/balanceStore';
import { useCancelledOrdersStore } from '../stores/cancelledOrdersStore';
import { useFillsStore } from '../stores/fillsStore';
import { useJobsStore } from '../stores/jobsStore';
import { useActivityStore } from '../stores/activityStore';
import { useOpenOrdersStore } from '../stores/openOrdersStore';
import { currentTradingBlock } from '../stores/tradingAccess';
import { useTradingStateStore } from '../stores/tradingStateStore';
import { useTradeTargetStore } from '../stores/tradeTargetStore';
import { reloadPerpsAccountsSoon } from '../stores/perpsStore';
import { receiveFundingChanged } from '../stores/perpsMarketStore';
import { receiveReferralChanged } from '../stores/referralsStore';
import { receiveTransfersChanged } from '../stores/transfersStore';
import { usePrefsStore } from '../stores/prefsStore';
import { useAlertsStore } from '../stores/alertsStore';
import { useConfirmationsStore } from '../stores/confirmationsStore';
import { useUpdateStore } from '../stores/updateStore';
import { useRiskStore } from '../stores/riskStore';
import { showWebNotification } from '../lib/webNotifications';
import { resetForNetwork } from '../stores/networkReset';
import { api, bridgeLink } from './api';

/**
 * The budget figure covers a trailing window, so it decays even when nothing happens; if main
 * has not pushed a status for this long we ask for one.
 */
const STATUS_REFRESH_MS = 5_000;

/**
 * Everything trading shows belongs to one account: after a switch, an unlock or new credentials
 * it is read again, and the previous account's orders, balance, trades and fills are dropped at
 * once so they can never show under the wrong name. An account that cannot have them (watch-only,
 * no credentials) shows none; a locked vault keeps the last read, marked (accountDataPolicy).
 */
function reloadTradingForAccount(accountChanged: boolean): void {
  const mode = accountDataMode(currentTradingBlock());
  if (accountChanged || mode === 'empty') {
    useOpenOrdersStore.getState().reset();
    useBalanceStore.getState().reset();
    useAccountTradesStore.getState().reset();
    useFillsStore.getState().reset();
  }
  void useTradingStateStore.getState().load();
  if (mode !== 'live') return;
  void useOpenOrdersStore.getState().load();
  void useBalanceStore.getState().load(useTradeTargetStore.getState().target?.tokenId ?? null);
  void useFillsStore.getState().load();
}

/** A fill adds a trade: read the trades again shortly, if they were read at all (one walk per burst). */
let tradesReload: ReturnType<typeof setTimeout> | null = null;
function reloadTradesAfterFill(): void {
  if (tradesReload) clearTimeout(tradesReload);
  tradesReload = setTimeout(() => {
    tradesReload = null;
    const trades = useAccountTradesStore.getState();
    if (trades.phase === 'ready' || trades.phase === 'error') void trades.load();
  }, 1_000);
}

/** Watches what trading data depends on: the active account, its credentials and the lock. */
function followTradingAccount(): Unsubscribe {
  const keyOf = () => {
    const { activeAccountId, accounts } = useAccountsStore.getState();
    const active = accounts.find((a) => a.id === activeAccountId);
    return `${activeAccountId ?? ''}|${active?.clobCredentials?.apiKeyHint ?? ''}|${active?.kind ?? ''}`;
  };
  let accountKey = keyOf();
  let accountId = useAccountsStore.getState().activeAccountId;
  let unlocked = useVaultStore.getState().vault?.unlocked === true;
  const onChange = () => {
    const nextKey = keyOf();
    const nextId = useAccountsStore.getState().activeAccountId;
    const nextUnlocked = useVaultStore.getState().vault?.unlocked === true;
    if (nextKey === accountKey && nextUnlocked === unlocked) return;
    const accountChanged = nextId !== accountId;
    accountKey = nextKey;
    accountId = nextId;
    unlocked = nextUnlocked;
    reloadTradingForAccount(accountChanged);
  };
  const unsubscribeAccounts = useAccountsStore.subscribe(onChange);
  const unsubscribeVault = useVaultStore.subscribe(onChange);
  return () => {
    unsubscribeAccounts();
    unsubscribeVault();
  };
}

/**
 * An account's perps state changed (a transfer settled, a sync added rows, a referral applied):
 * the stores showing that account read it again. Every kind can move equity, so the account
 * views are re-read too (once per burst).
 */
function receivePerpsChanged({ accountId, kind }: { accountId: string; kind: 'transfers' | 'funding' | 'referral' | 'account' }): void {
  if (kind === 'transfers') receiveTransfersChanged(accountId);
  if (kind === 'funding') receiveFundingChanged(accountId);
  if (kind === 'referral') receiveReferralChanged(accountId);
  reloadPerpsAccountsSoon();
}

/** After the web host comes back, main has forgotten this window: watch again, reload what failed. */
function recoverAfterReconnect(): void {
  void useAppStatusStore.getState().load();
  // Custody may have changed while we were away (auto-lock, another window): ask again.
  void useVaultStore.getState().load();
  void useAccountsStore.getState().load();
  rewatchBooks();
  reloadTradingForAccount(false);
  if (useEventListStore.getState().phase === 'error') void useEventListStore.getState().reload();
  if (useCatalogTagsStore.getState().phase === 'error') void useCatalogTagsStore.getState().load();
  if (useEventDetailStore.getState().phase === 'error') void useEventDetailStore.getState().retry();
  // The history store may have gained rows while we were away (a sync ran on): read again.
  void useActivityStore.getState().loadSyncState();
  reloadPerpsAccountsSoon();
  void usePrefsStore.getState().load();
  void useAlertsStore.getState().load();
  void useUpdateStore.getState().load();
  void useConfirmationsStore.getState().load();
}

export function wireBridgeSubscriptions(): Unsubscribe {
  const unsubscribers: Unsubscribe[] = [
    api.events.onAppStatusChanged((status) => useAppStatusStore.getState().receive(status)),
    api.events.onOrderBooksUpdated((payload) => ingestBooks(payload.books)),
    api.events.onVaultStateChanged((vault) => useVaultStore.getState().receive(vault)),
    api.events.onAccountsChanged((accounts) => useAccountsStore.getState().receive(accounts)),
    api.events.onTradingStateChanged((state) => useTradingStateStore.getState().receive(state)),
    api.events.onOpenOrdersChanged((payload) => {
      useOpenOrdersStore.getState().receive(payload);
      useRiskStore.getState().reloadSoon();
    }),
    api.events.onBalanceChanged((payload) => useBalanceStore.getState().receiveEvent(payload)),
    api.events.onAccountTradesAdded((payload) => useAccountTradesStore.getState().receive(payload)),
    api.events.onOrderFilled((fill) => {
      useFillsStore.getState().receive(fill);
      reloadTradesAfterFill();
      useRiskStore.getState().reloadSoon();
    }),
    api.events.onOrdersCancelledByExchange((notice) => {
      useCancelledOrdersStore.getState().receive(notice);
      void useOpenOrdersStore.getState().load();
    }),
    api.events.onJobProgressed((progress) => useJobsStore.getState().receive(progress)),
    api.events.onHistoryChanged((state) => useActivityStore.getState().receiveHistoryChanged(state)),
    api.events.onPerpsChanged(receivePerpsChanged),
    api.events.onDisplayPrefsChanged((prefs) => usePrefsStore.getState().receive(prefs)),
    api.events.onAlertFired((alert) => {
      useAlertsStore.getState().receiveFired(alert);
      showWebNotification(alert);
    }),
    api.events.onUpdateStateChanged((update) => useUpdateStore.getState().receive(update)),
    // authority: main asks in its own surface; the page only points there.
    api.events.onConfirmationRequested((view) => useConfirmationsStore.getState().receive(view)),
    api.events.onConfirmationSettled((view) => useConfirmationsStore.getState().settle(view)),
    // risk: the limits changed (in this window or another).
    api.events.onRiskLimitsChanged(() => useRiskStore.getState().reloadSoon()),
    followTradingAccount(),
    followResultScope(),
    // switching: the core talks to another network now; nothing of the previous one stays.
    api.events.onNetworkChanged((network) => resetForNetwork(network, () => reloadTradingForAccount(true))),
  ];

  if (bridgeLink) {
    let wasOpen = bridgeLink.status().state === 'open';
    // The first open needs nothing: calls made while connecting were queued, not lost. Any open
    // after a drop or a refusal does: those calls failed and main has a fresh client for us.
    let callsWereLost = false;
    unsubscribers.push(
      bridgeLink.onStatusChange((status) => {
        useBridgeLinkStore.getState().receiveLinkStatus(status);
        const isOpen = status.state === 'open';
        if (isOpen && !wasOpen && callsWereLost) recoverAfterReconnect();
        if (status.state !== 'open' && status.state !== 'connecting') callsWereLost = true;
        if (isOpen) callsWereLost = false;
        wasOpen = isOpen;
      }),
    );
  }

  const refresh = setInterval(() => {
    const { receivedAt, load } = useAppStatusStore.getState();
    if (Date.now() - receivedAt >= STATUS_REFRESH_MS) void load();
  }, STATUS_REFRESH_MS);
  unsubscribers.push(() => clearInterval(refresh));

  return () => unsubscribers.forEach((unsubscribe) => unsubscribe());
}
