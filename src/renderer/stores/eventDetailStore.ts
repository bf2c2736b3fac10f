/** The event chosen in Markets, its markets, and the market whose books are shown. */
import { create } from 'zustand';
import type { EventDetail, MarketSummary } from '../../shared/viewModels';
import type { BridgeError } from '../../shared/result';
import { api } from '../bridge/api';
import { leadingOutcome } from '../../shared/leadingOutcome';
import { marketsByProbability } from '../views/markets/marketOrder';
import { useEventListStore } from './eventListStore';

interface EventDetailState {
  selectedEventId: string | null;
  detail: EventDetail | null;
  phase: 'idle' | 'loading' | 'ready' | 'error';
  error: BridgeError | null;
  selectedMarketId: string | null;
  /** `marketId`: the market to show when the event has it (a selection given back), else the likeliest live one. */
  selectEvent: (eventId: string | null, marketId?: string | null) => Promise<void>;
  selectMarket: (marketId: string) => void;
  retry: () => Promise<void>;
}

/**
 * Open on a market that can trade, so the books shown are alive rather than frozen: the
 * likeliest one, the first of the list as it is shown.
 */
const firstLiveMarket = (detail: EventDetail): MarketSummary | undefined => {
  const shown = marketsByProbability(detail.markets);
  return shown.find((m) => m.active && !m.closed) ?? shown[0];
};

export const useEventDetailStore = create<EventDetailState>()((set, get) => ({
  selectedEventId: null,
  detail: null,
  phase: 'idle',
  error: null,
  selectedMarketId: null,
  selectEvent: async (eventId, marketId = null) => {
    if (eventId === null) {
      set({ selectedEventId: null, detail: null, phase: 'idle', error: null, selectedMarketId: null });
      return;
    }
    if (eventId === get().selectedEventId && get().phase !== 'error') return;
    set({ selectedEventId: eventId, phase: 'loading', error: null, detail: null, selectedMarketId: null });
    const result = await api.getCatalogEvent({ eventId });
    if (get().selectedEventId !== eventId) return; // the user moved on while this loaded
    if (result.ok) {
      const kept = marketId !== null && result.value.markets.some((m) => m.id === marketId) ? marketId : null;
      set({ phase: 'ready', detail: result.value, selectedMarketId: kept ?? firstLiveMarket(result.value)?.id ?? null });
      // The list's row was read earlier: its percentage follows the markets shown now, so the
      // event's figure and its first market's price agree.
      useEventListStore.getState().setLeading(eventId, leadingOutcome(result.value.markets));
    } else {
      set({ phase: 'error', error: result.error });
    }
  },
  selectMarket: (marketId) => set({ selectedMarketId: marketId }),
  retry: async () => {
    const { selectedEventId } = get();
    if (selectedEventId !== null) await get().selectEvent(selectedEventId);
  },
}));

export const selectSelectedMarket = (s: EventDetailState): MarketSummary | null =>
  s.detail?.markets.find((m) => m.id === s.selectedMarketId) ?? null;
