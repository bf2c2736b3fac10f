/**
 * The walks' writer thread (walkWriter.ts): pages go in on its own connection and become visible
 * to the store's; a page that fails stops its walk there (no later page of that walk goes in
 * until its flush, so nothing is skipped under a newer cursor) without holding up another
 * wallet's walk; the flush commits what went in before the failure; the store's close waits for
 * the thread's last commit, so the file is free when it returns.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HistoryStore } from '../../../src/main/core/history/historyStore';
import type { SavedWalk } from '../../../src/main/core/history/walkTable';
import { silentLogger } from '../../../src/main/core/log';
import type { ActivityRow } from '../../../src/shared/protocol/analytics';

const A = '0xaaaa00000000000000000000000000000000aaaa';
const B = '0xbbbb00000000000000000000000000000000bbbb';

/** `count` deposits, newest first, from sequence `from` down. */
const page = (wallet: string, from: number, count: number): ActivityRow[] =>
  Array.from({ length: count }, (_, i) => ({
    proxy_wallet: wallet, type: 'DEPOSIT', block_timestamp: 1_700_000_000 + (from - i) * 60, sequence_id: from - i,
    block_number: 1000 + from - i, log_index: 0, transaction_hash: `0x${(from - i).toString(16).padStart(64, '0')}`,
    condition_id: null, market_id: null, event_id: null, event_slug: null, title: null, outcome: null, outcome_index: null,
    token_id: null, side: null, size: 1, price: null, size_usdc: 1, counterparty: null,
  }));
const walk = (cursor: string): SavedWalk => ({ purpose: 'backfill', cursor, stop: null, topTs: null, floorTs: null, startedAt: 1 });

let dir: string;
let store: HistoryStore;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'marketdesk-walk-writer-'));
  store = HistoryStore.open(dir, silentLogger);
  store.writeWalksOnThread(true);
});
afterEach(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the walks writer thread', () => {
  it('a failed page stops its walk there, not another wallet’s; the flush keeps what went in before', async () => {
    const writer = store.walkWriter();
    expect(writer, 'a worker runs where the sources run (tsx loader)').not.toBeNull();
    expect(await writer!.write({ feed: 'activity', wallet: A, rows: page(A, 100, 10), walk: walk('after-91'), ended: false })).toBe(10);
    // A row SQLite cannot take (an object for a hash): the page's savepoint is rolled back, the walk refused.
    const bad = page(A, 90, 10).map((row, i) => (i === 5 ? { ...row, transaction_hash: {} as unknown as string } : row));
    await expect(writer!.write({ feed: 'activity', wallet: A, rows: bad, walk: walk('after-81'), ended: false })).rejects.toThrow();
    await expect(writer!.write({ feed: 'activity', wallet: A, rows: page(A, 80, 10), walk: walk('after-71'), ended: false })).rejects.toThrow();
    expect(await writer!.write({ feed: 'activity', wallet: B, rows: page(B, 50, 5), walk: walk('b-after-46'), ended: false })).toBe(5);
    await writer!.flush({ feed: 'activity', wallet: A });

    expect(store.activity.rowCount(A)).toBe(10);
    expect(store.walks.walk(A, 'activity', 'backfill')?.cursor).toBe('after-91');
    expect(store.activity.rowCount(B)).toBe(5);
    // After its flush the walk resumes from the stored cursor.
    expect(await writer!.write({ feed: 'activity', wallet: A, rows: page(A, 90, 10), walk: walk('after-81'), ended: false })).toBe(10);
    await writer!.flush({ feed: 'activity', wallet: A });
    expect(store.activity.rowCount(A)).toBe(20);
  });

  it('the store’s close commits the thread’s batch and leaves the file free', async () => {
    const writer = store.walkWriter()!;
    await writer.write({ feed: 'activity', wallet: A, rows: page(A, 100, 10), walk: walk('after-91'), ended: false });
    store.close();
    const db = new DatabaseSync(join(dir, 'history.sqlite'));
    try {
      db.exec('BEGIN EXCLUSIVE; COMMIT');
      expect((db.prepare('SELECT count(*) AS n FROM activity').get() as { n: number }).n).toBe(10);
    } finally {
      db.close();
    }
  });
});
