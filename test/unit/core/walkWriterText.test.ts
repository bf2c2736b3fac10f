/**
 * The walks' writer thread handed a page's body as text (walkPageParse.ts): it runs the analytics
 * client's own checks, so a malformed page is the same `bad_response` sentence as on the main
 * thread; a body that is not JSON is told apart (the walk fetches it again the main thread's
 * way); a head walk's stop ends the page at the first known row; the write of a parsed page
 * inserts the rows the thread kept, and the walk's flush drops a parsed page never written.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkRows } from '../../../src/main/core/analytics/responseChecks';
import { activityRow } from '../../../src/main/core/analytics/rowChecks';
import { HistoryStore } from '../../../src/main/core/history/historyStore';
import { UnparsedPage } from '../../../src/main/core/history/walkPageParse';
import type { SavedWalk } from '../../../src/main/core/history/walkTable';
import { silentLogger } from '../../../src/main/core/log';

const A = '0xaaaa00000000000000000000000000000000aaaa';
const rows = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => ({
    proxy_wallet: A, type: 'DEPOSIT', block_timestamp: 1_700_000_000 + (from - i) * 60, sequence_id: from - i,
    transaction_hash: `0x${(from - i).toString(16).padStart(64, '0')}`, condition_id: null, token_id: null, title: null, outcome: null,
    outcome_index: null, event_slug: null, side: null, size: 1, price: null, size_usdc: 1, counterparty: null,
  }));
const body = (data: unknown[], next: string | null) => JSON.stringify({ data, pagination: { next_cursor: next, has_more: next !== null } });
const walk: SavedWalk = { purpose: 'backfill', cursor: 'after-91', stop: null, topTs: null, floorTs: null, startedAt: 1 };

let dir: string;
let store: HistoryStore;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'marketdesk-walk-text-'));
  store = HistoryStore.open(dir, silentLogger);
  store.writeWalksOnThread(true);
});
afterEach(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the walks writer thread parsing page text', () => {
  it('checks a page as the client does, applies the stop, and writes the rows it kept', async () => {
    const writer = store.walkWriter()!;
    const page = { feed: 'activity' as const, wallet: A, call: '/v2/activity', stop: null };
    const malformed = rows(100, 3).map((row, i) => (i === 1 ? { ...row, block_timestamp: 'soon' } : row));
    const sentence = (() => {
      try {
        checkRows('/v2/activity', malformed, activityRow);
      } catch (error) {
        return (error as Error).message;
      }
    })();
    await expect(writer.parse({ ...page, text: body(malformed, 'x') })).rejects.toMatchObject({ name: 'CoreError', code: 'bad_response', message: sentence });
    await expect(writer.parse({ ...page, text: '{"data": [' })).rejects.toBeInstanceOf(UnparsedPage);

    const parsed = await writer.parse({ ...page, text: body(rows(100, 10), 'after-91') });
    expect(parsed).toMatchObject({ count: 10, next: 'after-91', firstTs: 1_700_000_000 + 100 * 60, lastTs: 1_700_000_000 + 91 * 60 });
    expect(await writer.write({ feed: 'activity', wallet: A, rows: { parsed: parsed.parsed }, walk, ended: false })).toBe(10);
    // A head walk stopping at sequence 95: five rows kept, and the walk ends there.
    const head = await writer.parse({ ...page, stop: { ts: 1_700_000_000 + 95 * 60, seq: 95 }, text: body(rows(100, 10), 'after-91') });
    expect(head).toMatchObject({ count: 5, next: null, lastTs: 1_700_000_000 + 96 * 60 });
    // Never written: the flush drops it, and a write naming it fails.
    await writer.flush({ feed: 'activity', wallet: A });
    await expect(writer.write({ feed: 'activity', wallet: A, rows: { parsed: head.parsed }, walk, ended: false })).rejects.toThrow(/lost a parsed page/);
    await writer.flush({ feed: 'activity', wallet: A });
    expect(store.activity.rowCount(A)).toBe(10);
  });
});
