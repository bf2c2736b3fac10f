/** The star that puts an event on the watchlist (kept in main's settings) or takes it off. */
import { selectIsWatched, useWatchlistStore } from '../../stores/watchlistStore';
import { useEventListStore } from '../../stores/eventListStore';

export function WatchStar({ eventId, title }: { eventId: string; title: string }) {
  const watched = useWatchlistStore(selectIsWatched(eventId));
  const toggle = useWatchlistStore((s) => s.toggle);
  return (
    <button
      type="button"
      className="watch-star"
      aria-pressed={watched}
      aria-label={watched ? `Remove “${title}” from the watchlist` : `Add “${title}” to the watchlist`}
      title={watched ? 'On your watchlist' : 'Add to your watchlist'}
      data-testid="watch-star"
      // The row under it selects the event on click; the star only stars.
      onClick={(event) => {
        event.stopPropagation();
        void toggle(eventId).then(() => {
          if (useEventListStore.getState().watchlistOnly) void useEventListStore.getState().reload();
        });
      }}
    >
      {watched ? '★' : '☆'}
    </button>
  );
}
