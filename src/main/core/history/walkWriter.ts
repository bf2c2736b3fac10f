/**
 * Walked pages written on a worker thread (walkWriterWorker.ts), so a walk's store work (SQLite
 * inserts, the batch's commits: about as much CPU as fetching and parsing the pages, measured by
 * the historyWalk bench) runs beside the fetch loop instead of between its pages. The worker has
 * its own connection to the same file in this process, so the data folder stays this process's
 * alone; pages go in in the order they were sent, each with its cursor, so what a commit makes
 * durable is always a walk's rows up to its stored cursor.
 *
 * Speed, never correctness, depends on the worker: where no worker module is found, or once the
 * worker has failed, `start` answers null and the walk writes on this thread as before.
 * The worker module is TypeScript next to this file; where the host runs the sources (tsx,
 * vitest) the worker registers tsx's loader first; the app's build has walkWriterWorker.js
 * beside the bundle.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { CoreError } from '../coreError';
import { StorageFault } from '../dataFolder/storageFaults';
import { UnparsedPage } from './walkPageParse';
import type { Feed } from './walkTable';
import {
  WALK_WRITER_MARK, type ParsedPageSummary, type WalkPageRequest, type WalkParseRequest, type WalkWriteFailure, type WalkWriterAnswer, type WalkWriterRequest,
} from './walkWriterProtocol';

/** Loads the worker module (with tsx's loader first when it is TypeScript). */
const BOOTSTRAP = `
const { workerData } = require('node:worker_threads');
(async () => {
  if (workerData.loader) (await import(workerData.loader)).register();
  await import(workerData.entry);
})().catch((error) => { console.error('walk writer: ' + (error && error.message || error)); process.exit(1); });
`;

function workerEntry(): { entry: string; loader: string | null } | null {
  const here = import.meta.url;
  if (!here.startsWith('file:')) return null;
  if (here.endsWith('.ts')) {
    try {
      return { entry: new URL('./walkWriterWorker.ts', here).href, loader: pathToFileURL(createRequire(here).resolve('tsx/esm/api')).href };
    } catch {
      return null;
    }
  }
  const bundled = new URL('./walkWriterWorker.js', here);
  return existsSync(fileURLToPath(bundled)) ? { entry: bundled.href, loader: null } : null;
}

/** The longest the store's close waits for the thread's last commit (a batch takes far less). */
const CLOSE_WAIT_MS = 10_000;

export type WalkPage = Omit<WalkPageRequest, 'kind' | 'id'>;
export type WalkPageText = Omit<WalkParseRequest, 'kind' | 'id'>;

export interface WalkWriterHooks {
  /** Activity rows of a wallet between two timestamps became visible to this thread's connection. */
  committed(wallet: string, from: number, to: number): void;
  /** A failure the worker met, as this thread's error (a StorageFault is told to the status bar). */
  failed(failure: Error): void;
}

export class WalkWriter {
  private readonly waiting = new Map<number, { resolve(answer: never): void; reject(error: Error): void }>();
  private nextId = 0;
  private broken: Error | null = null;

  private constructor(
    private readonly worker: Worker,
    private readonly hooks: WalkWriterHooks,
    /** Set to 1 by the thread once its connection is closed. */
    private readonly closed: Int32Array,
  ) {
    worker.unref();
    worker.on('message', (answer: WalkWriterAnswer) => this.answered(answer));
    worker.on('error', (error) => this.stop(error));
    worker.on('exit', (code) => this.stop(new Error(`the history writer thread ended (${code})`)));
  }

  /** A writer for the store file at `path`, or null where no worker can run. */
  static start(path: string, hooks: WalkWriterHooks): WalkWriter | null {
    const entry = workerEntry();
    if (!entry) return null;
    const closed = new Int32Array(new SharedArrayBuffer(4));
    try {
      return new WalkWriter(new Worker(BOOTSTRAP, { eval: true, workerData: { ...entry, mark: WALK_WRITER_MARK, path, closed } }), hooks, closed);
    } catch {
      return null;
    }
  }

  /** False once the worker failed: the next walk writes on the main thread. */
  get usable(): boolean {
    return this.broken === null;
  }

  /**
   * Parses and checks a page's body in the worker, which keeps its rows for the page's write
   * (`rows: { parsed }`) or until the walk's flush. Rejects with the checks' CoreError, or an
   * UnparsedPage where the body is not JSON.
   */
  async parse(page: WalkPageText): Promise<ParsedPageSummary & { parsed: number }> {
    let parsed = 0;
    const summary = await this.send<ParsedPageSummary>((id) => ({ kind: 'parse', id: (parsed = id), ...page }));
    return { ...summary, parsed };
  }

  /** Writes a page into the worker's batch; resolves with the rows it added. */
  write(page: WalkPage): Promise<number> {
    return this.send<number>((id) => ({ kind: 'page', id, ...page }));
  }

  /** A walk ended or stopped: commits the worker's batch (everything written before it) and drops its parsed pages not written. */
  async flush(walk: { feed: Feed; wallet: string }): Promise<void> {
    await this.send<number>((id) => ({ kind: 'flush', id, ...walk }));
  }

  /**
   * Commits what is batched, closes the thread's connection and waits for that (the store's close
   * is synchronous, and once it returns the file is free: another connection may open it at once).
   */
  close(): void {
    if (this.broken) return;
    this.broken = new Error('the history store is closed');
    this.worker.postMessage({ kind: 'close' } satisfies WalkWriterRequest);
    Atomics.wait(this.closed, 0, 0, CLOSE_WAIT_MS);
  }

  private send<T>(request: (id: number) => WalkWriterRequest): Promise<T> {
    if (this.broken) return Promise.reject(this.broken);
    const id = ++this.nextId;
    const done = new Promise<T>((resolve, reject) => this.waiting.set(id, { resolve, reject }));
    this.worker.postMessage(request(id));
    return done;
  }

  private answered(answer: WalkWriterAnswer): void {
    if (answer.kind === 'committed') {
      for (const [wallet, from, to] of answer.spans) this.hooks.committed(wallet, from, to);
      return;
    }
    const waiting = this.waiting.get(answer.id);
    this.waiting.delete(answer.id);
    if (answer.kind === 'done') waiting?.resolve(answer.added as never);
    else if (answer.kind === 'parsed') waiting?.resolve(answer.page as never);
    else {
      const error = errorOf(answer.failure);
      this.hooks.failed(error);
      waiting?.reject(error);
    }
  }

  private stop(error: Error): void {
    this.broken ??= error;
    for (const waiting of this.waiting.values()) waiting.reject(error);
    this.waiting.clear();
  }
}

function errorOf(failure: WalkWriteFailure): Error {
  if (failure.storage) return new StorageFault(failure.storage.kind, failure.storage.folder, failure.message, null);
  if (failure.core) return new CoreError(failure.core.code, failure.message, { retryable: failure.core.retryable });
  return failure.unparsed ? new UnparsedPage(failure.message) : new Error(failure.message);
}
