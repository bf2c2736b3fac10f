/**
 * One resumable walk of a keyset feed (newest first) into the store. Each page's rows and the
 * cursor of the page after it are written together (HistoryStore.write: one savepoint inside the
 * store's write batch, committed about once a second), so the stored cursor always points just
 * past the stored rows. Resumed after a failure, a cancel or a restart, the walk neither skips
 * nor repeats a row; at worst it fetches again the pages of the batch a crash kept from being
 * committed. The next page is requested as soon as its cursor is known, before this page is
 * stored, so the store's work overlaps the service's. A head walk (the rows above the newest known one) stops
 * at the first row at or below its `stop` key and keeps none of those.
 */
import { CoreError } from '../coreError';
import type { Logger } from '../log';
import type { FeedKey } from './activityTable';
import type { HistoryStore } from './historyStore';
import type { Feed, SavedWalk } from './walkTable';

export interface FeedPage<R> {
  rows: R[];
  next: string | null;
}

export interface FeedSource<R> {
  feed: Feed;
  fetch(cursor: string | null, signal: AbortSignal): Promise<FeedPage<R>>;
  keyOf(row: R): FeedKey;
  /** Inserts rows (inside the walk's transaction); returns how many were new. */
  insert(wallet: string, rows: R[]): number;
}

export interface WalkReport {
  /** Rows seen and rows new to the store (as of the last stored group), pages fetched, the oldest timestamp reached. */
  rows: number;
  added: number;
  pages: number;
  lastTs: number | null;
}

export const atOrBelow = (key: FeedKey, stop: FeedKey) => key.ts < stop.ts || (key.ts === stop.ts && key.seq <= stop.seq);

const yieldToIo = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Guards against a service that never ends a walk (a cursor loop): far above any real history. */
const MAX_PAGES = 100_000;

export async function walkFeed<R>(
  store: HistoryStore,
  source: FeedSource<R>,
  wallet: string,
  walk: SavedWalk,
  signal: AbortSignal,
  onPage: (report: WalkReport, walk: SavedWalk) => void,
  log?: Logger,
): Promise<WalkReport> {
  const report: WalkReport = { rows: 0, added: 0, pages: 0, lastTs: null };
  let current = walk;
  const request = (cursor: string | null) => {
    const pending = source.fetch(cursor, signal);
    // Awaited on the next turn; a walk that fails first must not leave it unhandled.
    pending.catch(() => undefined);
    return pending;
  };
  let ahead = request(current.cursor);
  // A batch lost after this (a full disk refused its commit) may hold this walk's pages: see failedSince.
  const losses = store.lossCount();
  const stopIfLost = () => {
    const lost = store.failedSince(losses);
    if (lost) throw lost;
  };
  try {
    for (;;) {
      stopIfLost();
      if (signal.aborted) throw new CoreError('cancelled', `The sync was cancelled after ${report.rows} rows; it resumes from there next time.`);
      if (report.pages >= MAX_PAGES) throw new CoreError('bad_response', `The ${source.feed} walk did not end after ${MAX_PAGES} pages; stopped there.`);
      let page: FeedPage<R>;
      try {
        page = await ahead;
      } catch (error) {
        // A saved cursor the service no longer takes (its signing key changed, it expired): the
        // walk starts again from the top. Rows already stored are ignored by their key, and a
        // head walk keeps its stop, so nothing is missed and nothing is stored twice.
        if (report.pages > 0 || current.cursor === null || !(error instanceof CoreError) || error.code !== 'invalid_input') throw error;
        log?.warn(`history: the saved ${source.feed} cursor of ${wallet} was refused (${error.message}); walking again from the newest row`);
        current = { ...current, cursor: null, topTs: null };
        ahead = request(null);
        continue;
      }
      let rows = page.rows;
      let next = page.next;
      if (current.stop) {
        const stop = current.stop;
        const known = rows.findIndex((row) => atOrBelow(source.keyOf(row), stop));
        if (known >= 0) {
          rows = rows.slice(0, known);
          next = null;
        }
      }
      if (next !== null) {
        ahead = request(next);
        // Let the request reach the socket before this page's synchronous store work starts.
        await yieldToIo();
        await yieldToIo();
      }
      const first = rows[0];
      if (current.topTs === null && first) current = { ...current, topTs: source.keyOf(first).ts };
      current = { ...current, cursor: next };
      const ended = next === null;
      report.added += store.write(() => {
        const inserted = source.insert(wallet, rows);
        if (ended) store.walks.endWalk(wallet, source.feed, current.purpose);
        else store.walks.saveWalk(wallet, source.feed, current);
        return inserted;
      });
      stopIfLost();
      report.pages += 1;
      report.rows += rows.length;
      const last = rows[rows.length - 1];
      if (last) report.lastTs = source.keyOf(last).ts;
      onPage(report, current);
      if (ended) {
        store.flush();
        return report;
      }
    }
  } catch (error) {
    // What was stored before the failure or cancel is good: make it durable with its cursor.
    // A commit the disk refuses now loses nothing more: the failure at hand is the one to tell.
    try {
      store.flush();
    } catch {
      // Counted by the store; the walk resumes from the cursor the file holds.
    }
    throw error;
  }
}
