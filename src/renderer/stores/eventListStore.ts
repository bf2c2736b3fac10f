/**
 * The Markets event list: the search text, the tag filter and the pages loaded so far.
 * Every filter change starts a new generation; answers to older generations are dropped, so a
 * slow reply to "ele" can never overwrite the list for "election".
 */
import { create } from 'zustand';
import type { EventSummary } from '../../shared/viewModels';
import type { BridgeError } from '../../shared/result';
import { api } from '../bridge/api';

export const EVENTS_PAGE_SIZE = 200;

type Phase = 'idle' | 'loading' | 'ready' | 'error';

interface EventListState {
  text: string;
  tagSlug: string | null;
  events: EventSummary[];
  total: number;
  phase: Phase;
  loadingMore: boolean;
  error: BridgeError | null;
  setText: (text: string) => void;
  setTag: (tagSlug: string | null) => void;
  reload: () => Promise<void>;
  loadMore: () => Promise<void>;
}

let generation = 0;

export const useEventListStore = create<EventListState>()((set, get) => {
  const fetchPage = (offset: number) => {
    const { text, tagSlug } = get();
    return api.searchCatalogEvents({
      text: text.trim(),
      ...(tagSlug ? { tagSlug } : {}),
      limit: EVENTS_PAGE_SIZE,
      offset,
    });
  };

  return {
    text: '',
    tagSlug: null,
    events: [],
    total: 0,
    phase: 'idle',
    loadingMore: false,
    error: null,
    setText: (text) => {
      if (text === get().text) return;
      set({ text });
      void get().reload();
    },
    setTag: (tagSlug) => {
      if (tagSlug === get().tagSlug) return;
      set({ tagSlug });
      void get().reload();
    },
    reload: async () => {
      const mine = ++generation;
      set({ phase: 'loading', error: null, loadingMore: false });
      const result = await fetchPage(0);
      if (mine !== generation) return;
      if (result.ok) set({ phase: 'ready', events: result.value.events, total: result.value.total });
      else set({ phase: 'error', error: result.error, events: [], total: 0 });
    },
    loadMore: async () => {
      const { phase, loadingMore, events, total } = get();
      if (phase !== 'ready' || loadingMore || events.length >= total) return;
      const mine = generation;
      set({ loadingMore: true });
      const result = await fetchPage(events.length);
      if (mine !== generation) return;
      if (result.ok) {
        // Dedupe by id: the listing is ordered by volume, which can shift between pages.
        const seen = new Set(get().events.map((e) => e.id));
        const fresh = result.value.events.filter((e) => !seen.has(e.id));
        set({ events: [...get().events, ...fresh], total: result.value.total, loadingMore: false });
      } else {
        set({ loadingMore: false, error: result.error });
      }
    },
  };
});

export const selectIsFiltered = (s: EventListState): boolean => s.text.trim() !== '' || s.tagSlug !== null;
