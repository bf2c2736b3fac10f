/**
 * Walks a perps list route by `more`, in the shared list order (src/shared/protocol/perps.ts):
 * newest first; the next request asks `end_time` = the oldest timestamp returned (inclusive) and
 * drops the rows it already has, or `end_time` = oldest − 1 for lists with one entry per
 * timestamp (equity). Each page is yielded with the cursor to resume from, so a caller can store
 * rows and cursor together and a cancelled walk picks up where it stopped.
 */
import type { PerpsList } from '../../../shared/protocol/perps';
import { CoreError } from '../coreError';

export interface ListWalkOptions<T> {
  /** Fetches one page with `end_time` (undefined: now). */
  fetchPage: (endMs: number | undefined) => Promise<PerpsList<T>>;
  timeOf: (row: T) => number;
  /** A row's identity, to drop repeats at the inclusive boundary. */
  keyOf: (row: T) => string;
  /** `inclusive`: continue at the oldest timestamp (lists with ids); `exclusive`: at oldest − 1. */
  boundary: 'inclusive' | 'exclusive';
  /** Where the walk starts (a saved cursor), or undefined for now. */
  fromEndMs?: number;
  maxPages?: number;
  signal?: AbortSignal;
}

export interface WalkedPage<T> {
  /** Rows not seen before in this walk, newest first. */
  rows: T[];
  /** The `end_time` the next page would ask; null when the walk is complete. */
  nextEndMs: number | null;
}

const DEFAULT_MAX_PAGES = 100_000;

export async function* walkList<T>(options: ListWalkOptions<T>): AsyncGenerator<WalkedPage<T>> {
  const maxPages = options.maxPages ?? DEFAULT_MAX_PAGES;
  let endMs = options.fromEndMs;
  // Keys of the rows at the boundary timestamp: the only ones the next page can repeat.
  let seenAtBoundary = new Set<string>();
  for (let pages = 0; pages < maxPages; pages++) {
    if (options.signal?.aborted) throw new CoreError('cancelled', 'The walk was cancelled.');
    const page = await options.fetchPage(endMs);
    const fresh = page.data.filter((row) => !seenAtBoundary.has(options.keyOf(row)));
    if (!page.more || page.data.length === 0) {
      yield { rows: fresh, nextEndMs: null };
      return;
    }
    const oldest = Math.min(...page.data.map(options.timeOf));
    let next = options.boundary === 'inclusive' ? oldest : oldest - 1;
    // A full page of rows all at the cursor's own millisecond would be asked for again forever:
    // step past that millisecond (rows beyond one page in a single millisecond cannot be reached).
    if (fresh.length === 0 && next === endMs) next = oldest - 1;
    seenAtBoundary = new Set(page.data.filter((row) => options.timeOf(row) === next).map(options.keyOf));
    endMs = next;
    yield { rows: fresh, nextEndMs: next };
  }
  throw new CoreError('bad_response', `The perpetuals exchange's list did not end after ${maxPages} pages; stopped there.`);
}
