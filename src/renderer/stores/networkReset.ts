/**
 * After a network switch nothing read from the previous network may stay on screen: every store
 * holding network data goes back to its initial state, and what the shell always shows is read
 * again. Views that load when their store is idle (the usual pattern) reload by themselves.
 * Account, vault, navigation and display preferences are not network data: they stay.
 */
import type { StoreApi, UseBoundStore } from 'zustand';
import type { NetworkInfo } from '../../shared/viewModels';
import { useAccountTradesStore } from './accountTradesStore';
import { useActionResultsStore } from './actionResultsStore';
import { useActivityStore } from './activityStore';
import { useAlertsStore } from './alertsStore';
import { useAppStatusStore } from './appStatusStore';
import { useBalanceStore } from './balanceStore';
import { useBoardsStore } from './boardsStore';
import { useBookStore } from './bookStore';
import { rewatchBooks } from './bookWatch';
import { forgetLiveBooks } from './liveBooks';
import { useCancelledOrdersStore } from './cancelledOrdersStore';
import { useCatalogTagsStore } from './catalogTagsStore';
import { useEventDetailStore } from './eventDetailStore';
import { useEventListStore } from './eventListStore';
import { useFillsStore } from './fillsStore';
import { useJobsStore } from './jobsStore';
import { useNetworkStore } from './networkStore';
import { holdSelections, restoreSelections } from './networkSelections';
import { useOnboardingStore } from './onboardingStore';
import { useOpenOrdersStore } from './openOrdersStore';
import { usePerpsMarketStore } from './perpsMarketStore';
import { reloadPerpsAccountsSoon, usePerpsStore } from './perpsStore';
import { usePortfolioStore } from './portfolioStore';
import { useReferralsStore } from './referralsStore';
import { useRiskStore } from './riskStore';
import { useTicketStore } from './ticketStore';
import { useTradingStateStore } from './tradingStateStore';
import { useTransfersStore } from './transfersStore';
import { useWatchlistStore } from './watchlistStore';

type AnyStore = UseBoundStore<StoreApi<object>>;

/** Stores whose whole state is network data: back to their initial state (actions included). */
const NETWORK_STORES: readonly AnyStore[] = [
  useActivityStore, useAlertsStore, useBoardsStore, useBookStore, useCancelledOrdersStore, useCatalogTagsStore,
  useEventDetailStore, useJobsStore, useOnboardingStore, usePerpsMarketStore, usePerpsStore, usePortfolioStore, useReferralsStore,
  useRiskStore, useTicketStore, useTradingStateStore, useTransfersStore, useWatchlistStore,
] as unknown as AnyStore[];

/**
 * `reloadTrading` reads the active account's orders, balance and fills again (subscriptions.ts
 * owns that rule); the per-account tables are emptied here first through their own reset, which
 * also drops answers still on their way from the previous network. `to` is the network now in use.
 */
export function resetForNetwork(to: NetworkInfo, reloadTrading: () => void): void {
  // The chosen market and event belong to the network left; the one returned to gets its own back.
  holdSelections();
  for (const store of NETWORK_STORES) store.setState(store.getInitialState(), true);
  // The same token id can exist on both networks: its book from the one left must not come back.
  forgetLiveBooks();
  restoreSelections(to.id);
  useOpenOrdersStore.getState().reset();
  useBalanceStore.getState().reset();
  useAccountTradesStore.getState().reset();
  useFillsStore.getState().reset();
  // "1 cancelled" and the like were about the previous network's orders.
  useActionResultsStore.getState().clearAll();

  void useAppStatusStore.getState().load();
  void useNetworkStore.getState().loadChoices();
  // The list keeps the user's search and filters; its rows come from the new network.
  void useEventListStore.getState().reload();
  void useCatalogTagsStore.getState().load();
  void useWatchlistStore.getState().load();
  void useAlertsStore.getState().load();
  void useActivityStore.getState().loadSyncState();
  void usePerpsStore.getState().loadInfo();
  reloadPerpsAccountsSoon();
  // The new network's book watcher has no clients yet: watch what the open views still show.
  rewatchBooks();
  reloadTrading();
}
