/**
 * The Markets event list: the search text, the tag filter and the pages loaded so far.
 * Every filter change starts a new generation; answers to older generations are dropped, so a
 * slow reply to "ele" can never overwrite the list for "election".
 */
import { create } from 'zustand';
import type { EventSort, EventSummary, LeadingOutcome } from '../../shared/viewModels';
import type { BridgeError } from '../../shared/result';
import { api } from '../bridge/api';

export const EVENTS_PAGE_SIZE = 200;

type Phase = 'idle' | 'loading' | 'ready' | 'error';

interface EventListState {
  text: string;
  tagSlug: string | null;
  sort: EventSort;
  /** Only starred events. */
  watchlistOnly: boolean;
  /** Resolved events too (hidden by default: nothing left to trade). */
  includeResolved: boolean;
  events: EventSummary[];
  total: number;
  phase: Phase;
  loadingMore: boolean;
  error: BridgeError | null;
  setText: (text: string) => void;
  setTag: (tagSlug: string | null) => void;
  setSort: (sort: EventSort) => void;
  setWatchlistOnly: (on: boolean) => void;
  setIncludeResolved: (on: boolean) => void;
  reload: () => Promise<void>;
  loadMore: () => Promise<void>;
  /** The event's leading outcome as its markets, read again, now say (eventDetailStore). */
  setLeading: (eventId: string, leading: LeadingOutcome | null) => void;
}

let generation = 0;

export const useEventListStore = create<EventListState>()((set, get) => {
  const fetchPage = (offset: number) => {
    const { text, tagSlug, sort, watchlistOnly, includeResolved } = get();
    return api.searchCatalogEvents({
      text: text.trim(),
      ...(tagSlug ? { tagSlug } : {}),
      sort,
      watchlistOnly,
      includeClosed: includeResolved,
      limit: EVENTS_PAGE_SIZE,
      offset,
    });
  };

  return {
    text: '',
    tagSlug: null,
    sort: 'volume24hr',
    watchlistOnly: false,
    includeResolved: false,
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
    setSort: (sort) => {
      if (sort === get().sort) return;
      set({ sort });
      void get().reload();
    },
    setWatchlistOnly: (watchlistOnly) => {
      if (watchlistOnly === get().watchlistOnly) return;
      set({ watchlistOnly });
      void get().reload();
    },
    setIncludeResolved: (includeResolved) => {
      if (includeResolved === get().includeResolved) return;
      set({ includeResolved });
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
    setLeading: (eventId, leading) => set({ events: get().events.map((event) => (event.id === eventId ? { ...event, leading } : event)) }),
  };
});

export const selectIsFiltered = (s: EventListState): boolean => s.text.trim() !== '' || s.tagSlug !== null || s.watchlistOnly;
