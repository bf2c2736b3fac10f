/**
 * A market's trades from the analytics feed, for the Markets page: the newest page re-read on a
 * timer (new rows go on top), older pages on "Load more". A new market starts over and an answer
 * for the previous one is dropped.
 */
import { create } from 'zustand';
import type { MarketTradeView } from '../../shared/marketDataViews';
import type { BridgeError } from '../../shared/result';
import { api } from '../bridge/api';
import { appendOlderPage, takeNewestPage } from './marketTradesFeed';

export const MARKET_TRADES_PAGE = 100;

interface MarketTradesState {
  conditionId: string | null;
  rows: MarketTradeView[];
  nextCursor: string | null;
  phase: 'idle' | 'loading' | 'ready' | 'error';
  loadingMore: boolean;
  error: BridgeError | null;
  show: (conditionId: string | null) => void;
  refresh: () => Promise<void>;
  loadMore: () => Promise<void>;
}

const empty = { rows: [], nextCursor: null, phase: 'idle' as const, loadingMore: false, error: null };

export const useMarketTradesStore = create<MarketTradesState>()((set, get) => ({
  conditionId: null,
  ...empty,
  show: (conditionId) => {
    if (get().conditionId !== conditionId) set({ conditionId, ...empty });
  },
  refresh: async () => {
    const { conditionId, phase } = get();
    if (!conditionId) return;
    if (phase === 'idle') set({ phase: 'loading' });
    const result = await api.listMarketTrades({ conditionId, limit: MARKET_TRADES_PAGE });
    if (get().conditionId !== conditionId) return;
    if (!result.ok) {
      set({ phase: 'error', error: result.error });
      return;
    }
    set({ ...takeNewestPage(get(), result.value), phase: 'ready', error: null });
  },
  loadMore: async () => {
    const { conditionId, nextCursor, loadingMore } = get();
    if (!conditionId || !nextCursor || loadingMore) return;
    set({ loadingMore: true });
    const result = await api.listMarketTrades({ conditionId, cursor: nextCursor, limit: MARKET_TRADES_PAGE });
    // A refresh that started the list over meanwhile made this page's cursor stale.
    if (get().conditionId !== conditionId || get().nextCursor !== nextCursor) {
      set({ loadingMore: false });
      return;
    }
    set(result.ok ? { ...appendOlderPage(get(), result.value), loadingMore: false, error: null } : { loadingMore: false, error: result.error });
  },
}));
