/**
 * The Markets watchlist as the renderer sees it: the starred event ids main keeps in its
 * settings (so they survive a restart or a reload). A star toggles at once on screen; if main
 * refuses, the list goes back to what main holds and the refusal is kept for the list to show.
 */
import { create } from 'zustand';
import type { BridgeError } from '../../shared/result';
import { api } from '../bridge/api';

interface WatchlistState {
  ids: ReadonlySet<string>;
  loaded: boolean;
  error: BridgeError | null;
  load: () => Promise<void>;
  toggle: (eventId: string) => Promise<void>;
}

export const useWatchlistStore = create<WatchlistState>()((set, get) => ({
  ids: new Set(),
  loaded: false,
  error: null,
  load: async () => {
    const result = await api.getWatchlist({});
    if (result.ok) set({ ids: new Set(result.value), loaded: true, error: null });
    else set({ error: result.error });
  },
  toggle: async (eventId) => {
    const watched = !get().ids.has(eventId);
    const optimistic = new Set(get().ids);
    if (watched) optimistic.add(eventId);
    else optimistic.delete(eventId);
    set({ ids: optimistic, error: null });
    const result = await api.setWatchlisted({ eventId, watched });
    if (result.ok) set({ ids: new Set(result.value) });
    else {
      set({ error: result.error });
      await get().load();
    }
  },
}));

export const selectIsWatched = (eventId: string) => (s: WatchlistState): boolean => s.ids.has(eventId);
