/**
 * The star that puts an event on the watchlist (kept in main's settings) or takes it off: a
 * button beside the open event's title, and a mouse shortcut on each row of the event list.
 */
import { selectIsWatched, useWatchlistStore } from '../../stores/watchlistStore';
import { useEventListStore } from '../../stores/eventListStore';

function useWatchToggle(eventId: string): { watched: boolean; toggle: () => void } {
  const watched = useWatchlistStore(selectIsWatched(eventId));
  const toggleWatched = useWatchlistStore((s) => s.toggle);
  const toggle = () =>
    void toggleWatched(eventId).then(() => {
      if (useEventListStore.getState().watchlistOnly) void useEventListStore.getState().reload();
    });
  return { watched, toggle };
}

export function WatchStar({ eventId, title }: { eventId: string; title: string }) {
  const { watched, toggle } = useWatchToggle(eventId);
  return (
    <button
      type="button"
      className="watch-star"
      aria-pressed={watched}
      aria-label={watched ? `Remove “${title}” from the watchlist` : `Add “${title}” to the watchlist`}
      title={watched ? 'On your watchlist' : 'Add to your watchlist'}
      data-testid="watch-star"
      onClick={toggle}
    >
      {watched ? '★' : '☆'}
    </button>
  );
}

/**
 * The row's star. A row is an option of the event listbox, and an option may hold no control
 * (a screen reader could not reach it), so this one is for the mouse only: the keyboard selects
 * the row and uses the star beside the open event's title. The row says "on your watchlist" in
 * words for a screen reader.
 */
export function RowWatchStar({ eventId }: { eventId: string }) {
  const { watched, toggle } = useWatchToggle(eventId);
  return (
    <>
      <span
        className="watch-star"
        aria-hidden="true"
        data-watched={watched}
        title={watched ? 'On your watchlist' : 'Add to your watchlist'}
        data-testid="watch-star"
        // The row under it selects the event on click; the star only stars.
        onClick={(event) => {
          event.stopPropagation();
          toggle();
        }}
      >
        {watched ? '★' : '☆'}
      </span>
      {watched ? <span className="visually-hidden">On your watchlist. </span> : null}
    </>
  );
}
