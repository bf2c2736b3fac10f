/**
 * One resumable walk of a keyset feed (newest first) into the store. Each page's rows and the
 * cursor of the page after it are written together (HistoryStore.write: one savepoint inside the
 * store's write batch, committed about once a second), so the stored cursor always points just
 * past the stored rows. Resumed after a failure, a cancel or a restart, the walk neither skips
 * nor repeats a row; at worst it fetches again the pages of the batch a crash kept from being
 * committed. The next page is requested as soon as its cursor is known, before this page is
 * stored, so the store's work overlaps the service's; and the pages are written on the store's
 * writer thread (walkWriter.ts) where one runs, so that work does not hold up the fetch loop either;
 * that thread is handed each page's body as text and parses and checks it there. A head walk (the rows above the newest known one) stops
 * at the first row at or below its `stop` key and keeps none of those.
 */
import { CoreError } from '../coreError';
import type { Logger } from '../log';
import type { FeedKey } from './activityTable';
import type { HistoryStore } from './historyStore';
import { UnparsedPage } from './walkPageParse';
import type { WalkPage, WalkPageText, WalkWriter } from './walkWriter';
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
  /**
   * A page's body unparsed, with the route its checks name (`call`): where a writer thread runs,
   * the walk fetches this and the thread parses, checks and keeps the rows, so they never cross.
   */
  text?: { call: string; fetch(cursor: string | null, signal: AbortSignal): Promise<string> };
}

/**
 * A fetched page as the loop sees it, a head walk's stop applied: its rows where they were parsed
 * here, or the id of the writer thread's parse that holds them.
 */
interface WalkedPage<R> {
  rows: R[] | { parsed: number };
  count: number;
  next: string | null;
  firstTs: number | null;
  lastTs: number | null;
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

/** Pages handed to the writer thread and not yet written, before the fetch loop waits for it. */
const PAGES_IN_FLIGHT = 2;

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
  const writer = store.walkWriter();
  const writes = writer && new WritesInFlight(writer, report, { feed: source.feed, wallet });
  let current = walk;
  const parsedHere = async (cursor: string | null): Promise<WalkedPage<R>> => {
    let { rows, next } = await source.fetch(cursor, signal);
    const stop = current.stop;
    const known = stop ? rows.findIndex((row) => atOrBelow(source.keyOf(row), stop)) : -1;
    if (known >= 0) [rows, next] = [rows.slice(0, known), null];
    const [first, last] = [rows[0], rows[rows.length - 1]];
    return { rows, count: rows.length, next, firstTs: first ? source.keyOf(first).ts : null, lastTs: last ? source.keyOf(last).ts : null };
  };
  const text = writes && source.text;
  const parsedThere = async (cursor: string | null): Promise<WalkedPage<R>> => {
    const body = await text!.fetch(cursor, signal);
    try {
      const page = await writes!.parse({ feed: source.feed, wallet, call: text!.call, text: body, stop: current.stop ?? null });
      return { ...page, rows: { parsed: page.parsed } };
    } catch (error) {
      // Not JSON (a cut-off or garbled answer): fetched again the main thread's way, which retries
      // it and names it as it always has.
      if (error instanceof UnparsedPage) return parsedHere(cursor);
      throw error;
    }
  };
  const request = (cursor: string | null) => {
    const pending = text ? parsedThere(cursor) : parsedHere(cursor);
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
      let page: WalkedPage<R>;
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
      const { rows, next } = page;
      if (next !== null) {
        ahead = request(next);
        // Let the request reach the socket before this page's synchronous store work starts.
        await yieldToIo();
        await yieldToIo();
      }
      if (current.topTs === null && page.firstTs !== null) current = { ...current, topTs: page.firstTs };
      current = { ...current, cursor: next };
      const ended = next === null;
      if (writes) await writes.send({ feed: source.feed, wallet, rows, walk: current, ended });
      else {
        const here = rows as R[];
        report.added += store.write(() => {
          const inserted = source.insert(wallet, here);
          if (ended) store.walks.endWalk(wallet, source.feed, current.purpose);
          else store.walks.saveWalk(wallet, source.feed, current);
          return inserted;
        });
      }
      stopIfLost();
      report.pages += 1;
      report.rows += page.count;
      if (page.lastTs !== null) report.lastTs = page.lastTs;
      onPage(report, current);
      if (ended) {
        if (writes) await writes.flush();
        else store.flush();
        return report;
      }
    }
  } catch (error) {
    // What was stored before the failure or cancel is good: make it durable with its cursor.
    // A commit the disk refuses now loses nothing more: the failure at hand is the one to tell.
    try {
      if (writes) await writes.flush();
      else store.flush();
    } catch {
      // Counted by the store; the walk resumes from the cursor the file holds.
    }
    throw error;
  }
}

/**
 * The pages a walk has handed to the writer thread and not yet seen answered: at most
 * PAGES_IN_FLIGHT, so a writer slower than the service holds the fetch loop back (the pages
 * waiting are memory) instead of queueing the whole history. The first failure is thrown at the
 * next page sent, or at the flush.
 */
class WritesInFlight {
  private readonly queue: Array<Promise<number>> = [];
  private failure: unknown = null;
  /** Set at the flush: a page fetched after it is not handed to the thread (nothing would drop its rows). */
  private flushed = false;

  constructor(
    private readonly writer: WalkWriter,
    private readonly report: WalkReport,
    private readonly walk: { feed: Feed; wallet: string },
  ) {}

  parse(page: WalkPageText): ReturnType<WalkWriter['parse']> {
    if (this.flushed) return Promise.reject(new CoreError('cancelled', 'The walk had stopped.'));
    return this.writer.parse(page);
  }

  async send(page: WalkPage): Promise<void> {
    this.throwIfFailed();
    const written = this.writer.write(page);
    written.then(
      (added) => (this.report.added += added),
      (error: unknown) => (this.failure ??= error),
    );
    this.queue.push(written);
    while (this.queue.length > PAGES_IN_FLIGHT) await this.queue.shift()!.catch(() => undefined);
    this.throwIfFailed();
  }

  /** Waits for every page sent and commits what went in (the thread took none after a failure), then throws that failure. */
  async flush(): Promise<void> {
    this.flushed = true;
    await Promise.allSettled(this.queue.splice(0));
    await this.writer.flush(this.walk);
    this.throwIfFailed();
  }

  private throwIfFailed(): void {
    if (this.failure !== null) throw this.failure;
  }
}
