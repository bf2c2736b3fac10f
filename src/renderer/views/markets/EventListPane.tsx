/** The left pane: search, tag filter, and the event list with its loading, empty and error states. */
import { useEffect } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { selectIsFiltered, useEventListStore } from '../../stores/eventListStore';
import { InlineError } from '../../components/InlineError';
import { useWatchlistStore } from '../../stores/watchlistStore';
import { EventFilters } from './EventFilters';
import { EventList } from './EventList';
import { formatNumber } from '../../lib/format';

function EventListBody() {
  const { phase, error, count, filtered, watchlistOnly, searching, reload } = useEventListStore(
    useShallow((s) => ({
      phase: s.phase,
      error: s.error,
      count: s.events.length,
      filtered: selectIsFiltered(s),
      watchlistOnly: s.watchlistOnly,
      searching: s.text.trim() !== '' || s.tagSlug !== null,
      reload: s.reload,
    })),
  );
  if (phase === 'error' && error) return <InlineError what="Could not load events" error={error} onRetry={() => void reload()} />;
  if (count === 0 && (phase === 'loading' || phase === 'idle')) return <p className="pane-note">Loading events…</p>;
  if (count === 0) {
    return (
      <p className="pane-note" data-testid="event-list-empty">
        {watchlistOnly && !searching
          ? 'Your watchlist is empty: star an event (☆) to keep it here.'
          : filtered
            ? 'No events match this search and tag.'
            : 'The catalog has no open events.'}
      </p>
    );
  }
  return <EventList />;
}

function EventCount() {
  const { total, count, phase, loadingMore, error, text, tagSlug, sort, watchlistOnly } = useEventListStore(
    useShallow((s) => ({
      total: s.total,
      count: s.events.length,
      phase: s.phase,
      loadingMore: s.loadingMore,
      error: s.error,
      text: s.text,
      tagSlug: s.tagSlug,
      sort: s.sort,
      watchlistOnly: s.watchlistOnly,
    })),
  );
  if (phase !== 'ready') return <span className="pane-meta" data-testid="event-count" />;
  const more = count < total ? ` · ${count} loaded` : '';
  return (
    // The query travels with the count so tests (and assistive tech) can tell which results it counts.
    <span className="pane-meta" data-testid="event-count" data-total={total} data-text={text} data-tag={tagSlug ?? ''} data-sort={sort} data-watchlist={watchlistOnly} aria-live="polite">
      {formatNumber(total)} {total === 1 ? 'event' : 'events'}

      {more}
      {loadingMore ? ' · loading…' : ''}
      {error && phase === 'ready' ? ' · more failed to load' : ''}
    </span>
  );
}

export function EventListPane() {
  useEffect(() => {
    // First visit only; after that the list keeps its filters and pages while you switch views.
    if (useEventListStore.getState().phase === 'idle') void useEventListStore.getState().reload();
    if (!useWatchlistStore.getState().loaded) void useWatchlistStore.getState().load();
  }, []);
  return (
    <div className="pane events-pane">
      <div className="pane-header">
        <h2 className="pane-title">Events</h2>
        <EventCount />
      </div>
      <EventFilters />
      <EventListBody />
    </div>
  );
}
