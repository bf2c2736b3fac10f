/**
 * The walk writer's thread (started by walkWriter.ts): its own connection to the history file
 * and a HistoryStore over it, so a walked page goes in exactly as on the main thread (rows and
 * cursor in one savepoint of a write batch committed about once a second). Pages are written in
 * the order they arrive; each is answered with the rows it added, or with the failure. After
 * every commit it says which activity spans became visible, so the main thread's in-memory
 * columns read them again. Importing this module anywhere but in that worker does nothing.
 */
import { DatabaseSync } from 'node:sqlite';
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import type { ActivityRow, TradeRow } from '../../../shared/protocol/analytics';
import type { StorageFault } from '../dataFolder/storageFaults';
import type { CoreError } from '../coreError';
import { HistoryStore } from './historyStore';
import { parseWalkPage, UnparsedPage } from './walkPageParse';
import {
  WALK_WRITER_MARK, type WalkFlushRequest, type WalkPageRequest, type WalkParseRequest, type WalkWriteFailure, type WalkWriterAnswer, type WalkWriterRequest,
} from './walkWriterProtocol';

const walkKey = (request: { wallet: string; feed: string }) => `${request.wallet}/${request.feed}`;

const failureOf = (error: unknown): WalkWriteFailure => {
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof UnparsedPage) return { message, unparsed: true };
  const fault = error as Partial<StorageFault> & Partial<CoreError>;
  if (fault.name === 'StorageFault' && fault.kind && fault.folder) return { message, storage: { kind: fault.kind, folder: fault.folder } };
  return fault.name === 'CoreError' && fault.code ? { message, core: { code: fault.code, retryable: fault.retryable ?? false } } : { message };
};

function serve(path: string, closed: Int32Array): void {
  const port = parentPort!;
  const db = new DatabaseSync(path);
  // The main thread's connection may hold a write batch: wait for it rather than fail.
  db.exec('PRAGMA busy_timeout = 10000');
  db.exec('PRAGMA synchronous = NORMAL');
  db.exec('PRAGMA cache_size = -65536');
  // Activity spans written into the open batch, told to the main thread once it commits.
  let pending = new Map<string, [number, number]>();
  const store = new HistoryStore(db, path, undefined, {
    failed: () => undefined,
    written: () => {
      const spans = [...pending].map(([wallet, [from, to]]) => [wallet, from, to] as [string, number, number]);
      pending = new Map();
      if (spans.length > 0) port.postMessage({ kind: 'committed', spans } satisfies WalkWriterAnswer);
    },
  });
  // Per walk (wallet and feed): the losses counted when it wrote its first page, and the failure
  // that stopped it. Until that walk's flush, no later page of it goes in (the rows before would
  // be skipped under its cursor); another wallet's walk is not held up by it.
  const walks = new Map<string, { losses: number; refused: unknown }>();
  const answer = (message: WalkWriterAnswer) => port.postMessage(message);
  // Rows of parsed pages waiting for their write, by the parse's id, with their walk's key.
  const parsed = new Map<number, { key: string; rows: unknown[] }>();

  const parse = (request: WalkParseRequest): WalkWriterAnswer => {
    const page = parseWalkPage(request.feed, request.call, request.text, request.stop);
    parsed.set(request.id, { key: walkKey(request), rows: page.rows });
    const [first, last] = [page.rows[0], page.rows[page.rows.length - 1]];
    const summary = { count: page.rows.length, next: page.next, firstTs: first?.block_timestamp ?? null, lastTs: last?.block_timestamp ?? null };
    return { kind: 'parsed', id: request.id, page: summary };
  };

  const rowsOf = (request: WalkPageRequest): unknown[] => {
    if (Array.isArray(request.rows)) return request.rows;
    const page = parsed.get(request.rows.parsed);
    parsed.delete(request.rows.parsed);
    if (!page) throw new Error('the history writer thread lost a parsed page');
    return page.rows;
  };

  const write = (request: WalkPageRequest): number => {
    const key = walkKey(request);
    let walk = walks.get(key);
    if (!walk) walks.set(key, (walk = { losses: store.lossCount(), refused: null }));
    if (walk.refused !== null) throw walk.refused;
    // A batch the timer's commit lost held earlier pages of the walk: going on would skip them.
    const lost = store.failedSince(walk.losses);
    if (lost) throw (walk.refused = lost);
    try {
      return written(request);
    } catch (error) {
      throw (walk.refused = error);
    }
  };

  /** The walk ended or stopped: what is batched is committed, and its next walk starts clean. */
  const flush = (request: WalkFlushRequest) => {
    const key = walkKey(request);
    for (const [id, page] of parsed) if (page.key === key) parsed.delete(id);
    const walk = walks.get(key);
    walks.delete(key);
    const lost = walk ? store.failedSince(walk.losses) : null;
    if (lost) throw lost;
    store.flush();
  };

  const written = (request: WalkPageRequest): number => {
    const rows = rowsOf(request);
    const added = store.write(() => {
      const inserted = request.feed === 'activity'
        ? store.activity.insertRows(request.wallet, rows as ActivityRow[])
        : store.trades.insertRows(request.wallet, rows as TradeRow[]);
      if (request.ended) store.walks.endWalk(request.wallet, request.feed, request.walk.purpose);
      else store.walks.saveWalk(request.wallet, request.feed, request.walk);
      return inserted;
    });
    if (request.feed === 'activity' && added > 0) {
      let [from, to] = pending.get(request.wallet) ?? [Infinity, -Infinity];
      for (const row of rows as ActivityRow[]) [from, to] = [Math.min(from, row.block_timestamp), Math.max(to, row.block_timestamp)];
      pending.set(request.wallet, [from, to]);
    }
    return added;
  };

  port.on('message', (request: WalkWriterRequest) => {
    if (request.kind === 'close') {
      store.close();
      Atomics.store(closed, 0, 1);
      Atomics.notify(closed, 0);
      port.close();
      return;
    }
    try {
      if (request.kind === 'parse') answer(parse(request));
      else if (request.kind === 'page') answer({ kind: 'done', id: request.id, added: write(request) });
      else {
        flush(request);
        answer({ kind: 'done', id: request.id, added: 0 });
      }
    } catch (error) {
      answer({ kind: 'failed', id: request.id, failure: failureOf(error) });
    }
  });
}

if (!isMainThread && (workerData as { mark?: string } | null)?.mark === WALK_WRITER_MARK) {
  const { path, closed } = workerData as { path: string; closed: Int32Array };
  serve(path, closed);
}
