/**
 * One resumable walk of a keyset feed (newest first) into the store. Pages are stored in groups
 * (about a second of walking, or 5,000 rows): the group's rows and the cursor of the page after
 * it go in ONE transaction, so the saved cursor always points just past the stored rows. Resumed
 * after a failure, a cancel or a restart, the walk neither skips nor repeats a row; at worst it
 * fetches again the pages of a group that a crash kept from being stored. (One transaction per
 * page would write the same index pages over and over: grouping makes a big walk ~2x faster.)
 * A head walk (the rows above the newest known one) stops at the first row at or below its
 * `stop` key and keeps none of those.
 */
import { CoreError } from '../coreError';
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

export interface WalkTuning {
  groupRows?: number;
  groupMs?: number;
  now?: () => number;
}

export const atOrBelow = (key: FeedKey, stop: FeedKey) => key.ts < stop.ts || (key.ts === stop.ts && key.seq <= stop.seq);

/** Guards against a service that never ends a walk (a cursor loop): far above any real history. */
const MAX_PAGES = 100_000;

export async function walkFeed<R>(
  store: HistoryStore,
  source: FeedSource<R>,
  wallet: string,
  walk: SavedWalk,
  signal: AbortSignal,
  onPage: (report: WalkReport, walk: SavedWalk) => void,
  tuning: WalkTuning = {},
): Promise<WalkReport> {
  const now = tuning.now ?? Date.now;
  const groupRows = tuning.groupRows ?? 5_000;
  const groupMs = tuning.groupMs ?? 1_000;
  const report: WalkReport = { rows: 0, added: 0, pages: 0, lastTs: null };
  let current = walk;
  let pending: R[] = [];
  let storedAt = now();
  const store_ = (ended: boolean) => {
    const rows = pending;
    pending = [];
    storedAt = now();
    report.added += store.transaction(() => {
      const inserted = source.insert(wallet, rows);
      if (ended) store.walks.endWalk(wallet, source.feed, current.purpose);
      else store.walks.saveWalk(wallet, source.feed, current);
      return inserted;
    });
  };

  try {
    for (;;) {
      if (signal.aborted) throw new CoreError('cancelled', `The sync was cancelled after ${report.rows} rows; it resumes from there next time.`);
      if (report.pages >= MAX_PAGES) throw new CoreError('bad_response', `The ${source.feed} walk did not end after ${MAX_PAGES} pages; stopped there.`);
      const page = await source.fetch(current.cursor, signal);
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
      const first = rows[0];
      if (current.topTs === null && first) current = { ...current, topTs: source.keyOf(first).ts };
      current = { ...current, cursor: next };
      for (const row of rows) pending.push(row);
      report.pages += 1;
      report.rows += rows.length;
      const last = rows[rows.length - 1];
      if (last) report.lastTs = source.keyOf(last).ts;
      if (next === null) {
        store_(true);
        onPage(report, current);
        return report;
      }
      if (pending.length >= groupRows || now() - storedAt >= groupMs) store_(false);
      onPage(report, current);
    }
  } catch (error) {
    // What was fetched before the failure or cancel is good: keep it with its cursor.
    if (pending.length > 0) store_(false);
    throw error;
  }
}
