/**
 * Tells main which books this window shows. Views declare the tokens they need; calls are
 * coalesced per tick and sent one at a time, so an unmount's "watch nothing" followed by a
 * mount's "watch these" becomes a single call, and replies can never land out of order and leave
 * main polling the wrong books.
 */
import { api } from '../bridge/api';
import { useBookStore } from './bookStore';
import { ingestBooks, setLiveBookTokens } from './liveBooks';

let desired: readonly string[] = [];
/** The set main is known to poll for us, as a key; null when unknown (error, reconnect). */
let confirmedKey: string | null = '';
let inFlight = false;
let scheduled = false;
/** The key of a watch asked for before any view did (watchBooksAhead), until a view takes over. */
let ahead: string | null = null;
/** Counts rewatches: a reply to a call made before one (another network, a dropped link) is stale. */
let generation = 0;

const keyOf = (tokenIds: readonly string[]): string => tokenIds.join(',');

async function sync(): Promise<void> {
  if (inFlight) return; // the running sync re-checks `desired` when it finishes
  const target = desired;
  const key = keyOf(target);
  // Books no longer watched go now that the set is settled for this tick: a remount's "watch
  // nothing" then "watch these" keeps the book it already holds.
  setLiveBookTokens(target);
  if (key === confirmedKey) {
    useBookStore.setState({ watchPhase: target.length > 0 ? 'ready' : 'idle', watchError: null });
    return;
  }
  inFlight = true;
  const sentIn = generation;
  const result = await api.watchOrderBooks({ tokenIds: [...target] });
  inFlight = false;
  if (sentIn !== generation) {
    void sync(); // asked before a network switch or a reconnect: its books are not this network's
    return;
  }
  confirmedKey = result.ok ? key : null;
  if (keyOf(desired) !== key) {
    void sync(); // the view moved on while we waited; catch up
    return;
  }
  if (result.ok) {
    ingestBooks(result.value.books);
    useBookStore.setState({ watchPhase: target.length > 0 ? 'ready' : 'idle', watchError: null });
  } else {
    useBookStore.setState({ watchPhase: 'error', watchError: result.error });
  }
}

function scheduleSync(): void {
  if (scheduled) return;
  scheduled = true;
  queueMicrotask(() => {
    scheduled = false;
    void sync();
  });
}

function replaceWatched(tokenIds: readonly string[]): void {
  if (keyOf(tokenIds) === keyOf(desired) && confirmedKey !== null) return;
  desired = [...tokenIds];
  useBookStore.setState({
    watched: desired,
    watchPhase: desired.length > 0 ? 'loading' : 'idle',
    watchError: null,
  });
  scheduleSync();
}

/** Replaces the watched set; `[]` stops polling for this window. */
export function watchBooks(tokenIds: readonly string[]): void {
  ahead = null; // a view's own set replaces (or takes over) one asked for ahead of it
  replaceWatched(tokenIds);
}

/**
 * At start-up, before the view that shows these books has loaded and rendered: main reads them
 * while React renders, and the view, asking for the same set, finds it watched. If no view takes
 * the set over, `releaseBooksAhead` stops it, so main does not poll books nobody shows.
 */
export function watchBooksAhead(tokenIds: readonly string[]): void {
  replaceWatched(tokenIds);
  ahead = keyOf(desired);
}

/** The user left for another view before the one the books were asked for took them over. */
export function releaseBooksAhead(): void {
  if (ahead !== null && keyOf(desired) === ahead) replaceWatched([]);
  ahead = null;
}

/** Sends the current set again: after a reconnect (main forgot us) or when the user retries. */
export function rewatchBooks(): void {
  generation += 1;
  confirmedKey = null;
  if (desired.length > 0) useBookStore.setState({ watchPhase: 'loading', watchError: null });
  scheduleSync();
}
