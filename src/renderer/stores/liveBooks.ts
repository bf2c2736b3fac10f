/**
 * The mutable side of the book store: pushed books land here at whatever rate main polls, and
 * at most one animation frame later the newest of each is published to React. While the window
 * is hidden no frames run, so nothing renders and only the latest book per token is kept.
 */
import type { OrderBookView } from '../../shared/viewModels';
import { useBookStore } from './bookStore';

const latest = new Map<string, OrderBookView>();
let watched = new Set<string>();
let pendingFrame: number | null = null;

function publish(): void {
  pendingFrame = null;
  useBookStore.setState({ books: Object.fromEntries(latest) });
}

function schedulePublish(): void {
  if (pendingFrame === null) pendingFrame = requestAnimationFrame(publish);
}

/**
 * Publishes what is waiting for the next frame now: called before the first render, so a book
 * that came back while the app's code was loading is in that render instead of the frame after
 * it (which re-rendered the ladder, a second pass before the first book was painted).
 */
export function publishLiveBooksNow(): void {
  if (pendingFrame === null) return;
  cancelAnimationFrame(pendingFrame);
  publish();
}

/** Restricts the store to these tokens; books of anything else are dropped now and later. */
export function setLiveBookTokens(tokenIds: readonly string[]): void {
  watched = new Set(tokenIds);
  let dropped = false;
  for (const tokenId of latest.keys()) {
    if (watched.has(tokenId)) continue;
    latest.delete(tokenId);
    dropped = true;
  }
  if (dropped) schedulePublish();
}

/** After a network switch: no book read from the previous network may be published again. */
export function forgetLiveBooks(): void {
  latest.clear();
}

/**
 * Takes books from `watchOrderBooks` or `onOrderBooksUpdated`. The event is shared by every
 * window, so books this window does not watch are ignored; an older book than the one we hold
 * (a reply overtaken by a push) is ignored too.
 */
export function ingestBooks(books: readonly OrderBookView[]): void {
  let changed = false;
  for (const book of books) {
    if (!watched.has(book.tokenId)) continue;
    const held = latest.get(book.tokenId);
    if (held && book.timestamp < held.timestamp) continue;
    if (held && held.hash === book.hash && held.lastTradePrice === book.lastTradePrice) continue;
    latest.set(book.tokenId, book);
    changed = true;
  }
  if (changed) schedulePublish();
}
