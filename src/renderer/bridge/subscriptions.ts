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
import { api, bridgeLink } from './api';

/**
 * The budget figure covers a trailing window, so it decays even when nothing happens; if main
 * has not pushed a status for this long we ask for one.
 */
const STATUS_REFRESH_MS = 5_000;

/** After the web host comes back, main has forgotten this window: watch again, reload what failed. */
function recoverAfterReconnect(): void {
  void useAppStatusStore.getState().load();
  // Custody may have changed while we were away (auto-lock, another window): ask again.
  void useVaultStore.getState().load();
  void useAccountsStore.getState().load();
  rewatchBooks();
  if (useEventListStore.getState().phase === 'error') void useEventListStore.getState().reload();
  if (useCatalogTagsStore.getState().phase === 'error') void useCatalogTagsStore.getState().load();
  if (useEventDetailStore.getState().phase === 'error') void useEventDetailStore.getState().retry();
}

export function wireBridgeSubscriptions(): Unsubscribe {
  const unsubscribers: Unsubscribe[] = [
    api.events.onAppStatusChanged((status) => useAppStatusStore.getState().receive(status)),
    api.events.onOrderBooksUpdated((payload) => ingestBooks(payload.books)),
    api.events.onVaultStateChanged((vault) => useVaultStore.getState().receive(vault)),
    api.events.onAccountsChanged((accounts) => useAccountsStore.getState().receive(accounts)),
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
