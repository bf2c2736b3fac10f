/**
 * Brings a wallet's history in the store up to date, as a job (progress, cancel):
 *  1. a head walk picks up the rows newer than the newest stored one (resumed if one was cut off);
 *  2. until the whole history is in, the backfill walk continues down to the oldest row, from its
 *     saved cursor after a failure, a cancel or a restart.
 * The first sync of a wallet is just (2) from the top. One sync per wallet runs at a time; a
 * second request joins the running one.
 *
 * A sync refused by a full or read-only disk keeps every row committed before, and tries again by
 * itself after a growing wait (5 s doubling to 5 min, jittered, at most 12 tries), shown in the
 * wallet's sync state; once space returns the next try resumes from the stored cursor.
 */
import type { HistoryStorageRetry, HistorySyncState } from '../../../shared/portfolioViews';
import { backoffDelay, type BackoffPolicy } from '../status/backoff';
import type { AnalyticsClient } from '../analytics/analyticsClient';
import type { Logger } from '../log';
import type { JobContext, JobRunner } from '../trading/jobs';
import { CoreError } from '../coreError';
import { activitySource, oldestActivityTs, tradesSource } from './feedSources';
import { walkFeed, type FeedSource, type WalkReport } from './feedWalk';
import { walletKey, type HistoryStore } from './historyStore';
import type { SavedWalk } from './walkTable';

export interface HistorySyncOptions {
  client: AnalyticsClient;
  store: HistoryStore;
  jobs: JobRunner;
  log: Logger;
  /** The store gained rows for a wallet (throttled while a walk runs, and once at its end). */
  onChanged: (state: HistorySyncState) => void;
  pageSize?: number;
  /** Walk `/v2/trades?user=` into the store after the activity (default true). */
  syncTrades?: boolean;
  now?: () => number;
}

const CHANGE_EVENT_EVERY_MS = 1_000;
/** The waits between tries after a full or read-only disk refused a sync. */
const STORAGE_RETRY: BackoffPolicy & { maxAttempts: number } = { baseMs: 5_000, capMs: 300_000, maxAttempts: 12 };

interface PendingRetry extends HistoryStorageRetry {
  timer: NodeJS.Timeout | null;
}

export class HistorySync {
  private readonly running = new Map<string, { jobId: string; done: Promise<HistorySyncState> }>();
  private readonly retries = new Map<string, PendingRetry>();
  private readonly now: () => number;
  private stopped = false;

  constructor(private readonly options: HistorySyncOptions) {
    this.now = options.now ?? Date.now;
  }

  /** Where the wallet's history stands; `knownRows` spares a count of the rows when the caller has it. */
  state(address: string, knownRows?: number): HistorySyncState {
    const wallet = walletKey(address);
    const { store } = this.options;
    const { complete, lastSyncedAt } = store.walks.state(wallet, 'activity');
    return {
      wallet,
      rows: knownRows ?? store.activity.rowCount(wallet),
      complete,
      newestTs: store.activity.newestKey(wallet)?.ts ?? null,
      oldestTs: store.activity.oldestKey(wallet)?.ts ?? null,
      lastSyncedAt,
      runningJobId: this.running.get(wallet)?.jobId ?? null,
      storageRetry: retryView(this.retries.get(wallet)),
    };
  }

  /** No more tries by itself (the store is closing). */
  stop(): void {
    this.stopped = true;
    for (const retry of this.retries.values()) if (retry.timer) clearTimeout(retry.timer);
  }

  /** Resolves once no sync runs (each ended, cancelled or failed): the store can then close cleanly. */
  async idle(): Promise<void> {
    await Promise.allSettled([...this.running.values()].map((run) => run.done));
  }

  /** Syncs the wallet (or joins the sync already running for it). `full` re-walks the whole history. */
  sync(address: string, options: { jobId?: string; full?: boolean } = {}): Promise<HistorySyncState> {
    const wallet = walletKey(address);
    const joined = this.running.get(wallet);
    if (joined) return joined.done;
    const jobId = options.jobId ?? `sync-${wallet.slice(2, 10)}-${this.now().toString(36)}`;
    // A sync asked for now replaces the try that was waiting (the count goes on); after the last
    // try, a sync asked for by hand starts a new series.
    const pending = this.retries.get(wallet);
    if (pending?.timer) clearTimeout(pending.timer);
    if (pending) pending.timer = null;
    if (pending?.nextRetryAt === null) this.retries.delete(wallet);
    const done = this.options.jobs
      .run('activitySync', jobId, (context) => this.walkAll(wallet, options.full ?? false, context))
      .catch((error: unknown) => {
        if (error instanceof CoreError && error.code === 'storage') this.retryLater(wallet, error);
        throw error;
      })
      .finally(() => this.running.delete(wallet));
    this.running.set(wallet, { jobId, done });
    return done;
  }

  /** Plans the next try after the disk refused a sync, and tells the views (the state says when). */
  private retryLater(wallet: string, error: CoreError): void {
    const policy = STORAGE_RETRY;
    const attempt = (this.retries.get(wallet)?.attempt ?? 0) + 1;
    const retry: PendingRetry = { problem: error.message, attempt: Math.min(attempt, policy.maxAttempts), maxAttempts: policy.maxAttempts, nextRetryAt: null, timer: null };
    if (attempt <= policy.maxAttempts && !this.stopped) {
      const delay = backoffDelay(attempt - 1, policy);
      retry.nextRetryAt = this.now() + delay;
      retry.timer = setTimeout(() => {
        retry.timer = null;
        this.sync(wallet).catch((failure: unknown) => {
          this.options.log.warn(`history: the sync of ${wallet} tried again and failed: ${failure instanceof Error ? failure.message : 'unknown error'}`);
        });
      }, delay);
      retry.timer.unref?.();
    }
    this.retries.set(wallet, retry);
    this.options.onChanged({ ...this.state(wallet), runningJobId: null });
  }

  private async walkAll(wallet: string, full: boolean, context: JobContext): Promise<HistorySyncState> {
    const { store, client } = this.options;
    const source = activitySource(client, store, wallet, this.options.pageSize);
    // Rows are counted per feed: the activity rows and then the trades are two walks, and one
    // count over both read "507,680 rows" for a wallet of 327,680 (issue 20). Pages run on.
    const totals = { activity: 0, trades: 0, pages: 0 };
    // Counted once: during the walk the count is this plus the rows each page added (a count of a
    // quarter-million rows every second would slow the walk).
    const rowsBefore = store.activity.rowCount(wallet);
    let activityAdded = 0;
    let lastEvent = 0;
    const onPage = (report: WalkReport, walk: SavedWalk, base: { rows: number; pages: number; feed: 'activity' | 'trades' }) => {
      const fraction = walk.topTs !== null && walk.floorTs !== null && report.lastTs !== null && walk.topTs > walk.floorTs
        ? Math.min(1, (walk.topTs - report.lastTs) / (walk.topTs - walk.floorTs))
        : undefined;
      context.progress(base.rows + report.rows, base.pages + report.pages, undefined, fraction, base.feed);
      const isActivity = base.feed === 'activity';
      if (isActivity && report.added > 0 && this.now() - lastEvent >= CHANGE_EVENT_EVERY_MS) {
        lastEvent = this.now();
        this.options.onChanged(this.state(wallet, rowsBefore + activityAdded + report.added));
      }
    };
    const run = async (walk: SavedWalk, feedSource: FeedSource<unknown> = source as FeedSource<unknown>) => {
      const feed = feedSource.feed === 'trades' ? 'trades' : 'activity';
      const base = { rows: totals[feed], pages: totals.pages, feed } as const;
      const report = await walkFeed(store, feedSource, wallet, walk, context.signal, (r, w) => onPage(r, w, base), this.options.log);
      totals[feed] += report.rows;
      totals.pages += report.pages;
      if (feedSource.feed === 'activity') activityAdded += report.added;
    };

    const newest = store.activity.newestKey(wallet);
    const head = store.walks.walk(wallet, 'activity', 'head');
    const state = store.walks.state(wallet, 'activity');
    if (head) await run(head);
    else if (newest) await run(this.begin(wallet, 'head', { stop: newest, floorTs: newest.ts }));
    // Complete but empty: the wallet had no history at the last sync; all it has now is new.
    else if (state.complete) await run(this.begin(wallet, 'head', { stop: null, floorTs: null }));

    const backfill = store.walks.walk(wallet, 'activity', 'backfill');
    if (backfill || !state.complete || full) {
      const walk = backfill ?? this.begin(wallet, 'backfill', { stop: null, floorTs: await oldestActivityTs(client, wallet, context.signal) });
      await run(walk);
    }
    store.transaction(() => store.walks.markSynced(wallet, 'activity', this.now(), true));
    if (this.options.syncTrades ?? true) await this.syncTrades(wallet, context, run);
    // The job ends with this answer: it no longer runs, and no try waits. The rows are counted as
    // during the walk (one process writes the store, and only walks add rows): a count of a
    // quarter-million rows took 20-45 ms at every sync's end.
    this.retries.delete(wallet);
    const result = { ...this.state(wallet, rowsBefore + activityAdded), runningJobId: null };
    this.options.onChanged(result);
    return result;
  }

  /** Trades follow the same head/backfill plan; a service without the route is logged, not fatal. */
  private async syncTrades(wallet: string, context: JobContext, run: (walk: SavedWalk, source: FeedSource<unknown>) => Promise<void>): Promise<void> {
    const { store, client } = this.options;
    const source = tradesSource(client, store, wallet, this.options.pageSize) as FeedSource<unknown>;
    try {
      const head = store.walks.walk(wallet, 'trades', 'head');
      const newest = store.trades.newestKey(wallet);
      if (head) await run(head, source);
      else if (newest) await run(this.begin(wallet, 'head', { stop: newest, floorTs: newest.ts }, 'trades'), source);
      else if (store.walks.state(wallet, 'trades').complete) await run(this.begin(wallet, 'head', { stop: null, floorTs: null }, 'trades'), source);
      const backfill = store.walks.walk(wallet, 'trades', 'backfill');
      if (backfill || !store.walks.state(wallet, 'trades').complete) {
        await run(backfill ?? this.begin(wallet, 'backfill', { stop: null, floorTs: null }, 'trades'), source);
      }
      store.transaction(() => store.walks.markSynced(wallet, 'trades', this.now(), true));
    } catch (error) {
      // A cancel, or a disk that refuses writes, ends the sync; the trades route missing does not.
      if (error instanceof CoreError && (error.code === 'cancelled' || error.code === 'storage')) throw error;
      this.options.log.warn(`history: the trades of ${wallet} were not synced: ${error instanceof Error ? error.message : 'unknown error'}`);
    }
  }

  /** Records a new walk before its first page, so a restart knows it began. */
  private begin(wallet: string, purpose: SavedWalk['purpose'], span: Pick<SavedWalk, 'stop' | 'floorTs'>, feed: 'activity' | 'trades' = 'activity'): SavedWalk {
    const walk: SavedWalk = { purpose, cursor: null, stop: span.stop, topTs: null, floorTs: span.floorTs, startedAt: this.now() };
    this.options.store.transaction(() => this.options.store.walks.saveWalk(wallet, feed, walk));
    return walk;
  }
}

const retryView = (retry: PendingRetry | undefined): HistoryStorageRetry | null =>
  retry ? { problem: retry.problem, attempt: retry.attempt, maxAttempts: retry.maxAttempts, nextRetryAt: retry.nextRetryAt } : null;
