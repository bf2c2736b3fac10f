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

const keyOf = (tokenIds: readonly string[]): string => tokenIds.join(',');

async function sync(): Promise<void> {
  if (inFlight) return; // the running sync re-checks `desired` when it finishes
  const target = desired;
  const key = keyOf(target);
  if (key === confirmedKey) return;
  inFlight = true;
  const result = await api.watchOrderBooks({ tokenIds: [...target] });
  inFlight = false;
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

/** Replaces the watched set; `[]` stops polling for this window. */
export function watchBooks(tokenIds: readonly string[]): void {
  if (keyOf(tokenIds) === keyOf(desired) && confirmedKey !== null) return;
  desired = [...tokenIds];
  setLiveBookTokens(desired);
  useBookStore.setState({
    watched: desired,
    watchPhase: desired.length > 0 ? 'loading' : 'idle',
    watchError: null,
  });
  scheduleSync();
}

/** Sends the current set again: after a reconnect (main forgot us) or when the user retries. */
export function rewatchBooks(): void {
  confirmedKey = null;
  if (desired.length > 0) useBookStore.setState({ watchPhase: 'loading', watchError: null });
  scheduleSync();
}
