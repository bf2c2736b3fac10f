/** The list's order and the two narrowing switches: starred events only, and resolved events too. */
import { useShallow } from 'zustand/react/shallow';
import { EVENT_SORTS, type EventSort } from '../../../shared/viewModels';
import { useEventListStore } from '../../stores/eventListStore';

export const SORT_LABELS: Record<EventSort, string> = {
  volume24hr: '24h volume',
  volume: 'Total volume',
  liquidity: 'Liquidity',
  newest: 'Newest',
  endingSoon: 'Ending soon',
  change: '24h change',
};

export function EventSortBar() {
  const { sort, setSort, watchlistOnly, setWatchlistOnly, includeResolved, setIncludeResolved } = useEventListStore(
    useShallow((s) => ({
      sort: s.sort,
      setSort: s.setSort,
      watchlistOnly: s.watchlistOnly,
      setWatchlistOnly: s.setWatchlistOnly,
      includeResolved: s.includeResolved,
      setIncludeResolved: s.setIncludeResolved,
    })),
  );
  return (
    <div className="event-sortbar">
      <label className="event-sort">
        <span className="muted">Sort</span>
        <select className="select" aria-label="Sort events" data-testid="event-sort" value={sort} onChange={(event) => setSort(event.target.value as EventSort)}>
          {EVENT_SORTS.map((choice) => (
            <option key={choice} value={choice}>
              {SORT_LABELS[choice]}
            </option>
          ))}
        </select>
      </label>
      <button
        type="button"
        className="button button-small"
        aria-pressed={watchlistOnly}
        onClick={() => setWatchlistOnly(!watchlistOnly)}
        data-testid="event-watchlist-only"
        title="Show only the events you starred"
      >
        ★ Watchlist
      </button>
      <button
        type="button"
        className="button button-small"
        aria-pressed={includeResolved}
        onClick={() => setIncludeResolved(!includeResolved)}
        data-testid="event-include-resolved"
        title="Also list events that are already resolved"
      >
        Resolved
      </button>
    </div>
  );
}
