/** The perps tables of the history store (migration 3) on a real SQLite file. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HistoryStore } from '../../../src/main/core/history/historyStore';
import type { StoredPerpsTransfer } from '../../../src/main/core/history/perpsTransfersTable';
import { silentLogger } from '../../../src/main/core/log';

const ACCOUNT = '0x00000000000000000000000000000000000000aa';
const FRIEND = '0x00000000000000000000000000000000000000Bb';
let dir: string;
let store: HistoryStore;

const transfer = (id: number, amount: string, createdAt: number, label = '', asset = 'USDC', counterparty = FRIEND): StoredPerpsTransfer => ({
  transferId: id, asset, amountUnits: String(Math.round(Number(amount) * 1e6)), amount, counterparty, createdAt, label,
});

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'perps-tables-'));
  store = HistoryStore.open(dir, silentLogger);
  store.transaction(() =>
    store.perpsTransfers.add(ACCOUNT, [
      transfer(1, '100', 1_000, 'deposit'),
      transfer(2, '-25.5', 2_000, 'Rent 50%'),
      transfer(3, '7', 3_000, 'refund', 'WETH', '0x00000000000000000000000000000000000000cc'),
    ]),
  );
});
afterAll(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('perps transfers table', () => {
  it('ignores a transfer it already has', () => {
    expect(store.transaction(() => store.perpsTransfers.add(ACCOUNT, [transfer(2, '-25.5', 2_000), transfer(4, '1', 4_000)]))).toBe(1);
    expect(store.perpsTransfers.rowCount(ACCOUNT)).toBe(4);
    expect(store.perpsTransfers.newestAt(ACCOUNT)).toBe(4_000);
  });

  it('filters by direction, asset, counterparty, window and text (LIKE wildcards taken literally)', () => {
    const ids = (filter: Parameters<typeof store.perpsTransfers.window>[1]) =>
      store.perpsTransfers.window(ACCOUNT, filter, { key: 'createdAt', direction: 'asc' }, 0, 50).rows.map((r) => r.transferId);
    expect(ids({ direction: 'out' })).toEqual([2]);
    expect(ids({ direction: 'in' })).toEqual([1, 3, 4]);
    expect(ids({ asset: 'WETH' })).toEqual([3]);
    expect(ids({ counterparty: FRIEND })).toEqual([1, 2, 4]);
    expect(ids({ fromMs: 2_000, toMs: 3_000 })).toEqual([2, 3]);
    expect(ids({ text: 'rent 50%' })).toEqual([2]);
    expect(ids({ text: '%' })).toEqual([2]);
    expect(ids({ text: '0xcc' })).toEqual([]);
    expect(ids({ text: '00cc' })).toEqual([3]);
    expect(store.perpsTransfers.countMatching(ACCOUNT, { direction: 'in' })).toBe(3);
  });

  it('sorts by amount numerically and windows with offset and limit', () => {
    const page = store.perpsTransfers.window(ACCOUNT, {}, { key: 'amount', direction: 'desc' }, 1, 2);
    expect(page.total).toBe(4);
    expect(page.rows.map((r) => r.amount)).toEqual(['7', '1']);
    expect([...store.perpsTransfers.stream(ACCOUNT, {})].map((r) => r.transferId)).toEqual([4, 3, 2, 1]);
  });

  it('sorts by label (case-insensitively), transfer id and direction over every stored row, not one page', () => {
    const ids = (key: 'label' | 'transferId' | 'direction', direction: 'asc' | 'desc', offset: number, limit: number) =>
      store.perpsTransfers.window(ACCOUNT, {}, { key, direction }, offset, limit).rows.map((r) => r.transferId);
    // Labels: '' (4), 'deposit' (1), 'refund' (3), 'Rent 50%' (2).
    expect(ids('label', 'asc', 0, 10)).toEqual([4, 1, 3, 2]);
    expect(ids('label', 'desc', 0, 1)).toEqual([2]);
    expect(ids('transferId', 'asc', 2, 2)).toEqual([3, 4]);
    expect(ids('transferId', 'desc', 0, 1)).toEqual([4]);
    // Direction: out (2) before in, ties by id.
    expect(ids('direction', 'asc', 0, 10)).toEqual([2, 1, 3, 4]);
    expect(ids('direction', 'desc', 0, 2)).toEqual([4, 3]);
  });
});

describe('perps funding and walks tables', () => {
  it('keeps one payment per instrument and time, and totals each instrument', () => {
    const pay = (instrument_id: number, timestamp: number, funding: string) => ({
      instrument_id, timestamp, funding, size: '1', funding_rate: '0.0001', funding_asset: 'USDC',
    });
    store.transaction(() => store.perpsFunding.add(ACCOUNT, [pay(1, 10, '-0.1'), pay(1, 20, '0.25'), pay(2, 10, '-1'), pay(1, 10, '-0.1')]));
    expect(store.perpsFunding.rowCount(ACCOUNT)).toBe(3);
    expect(store.perpsFunding.window(ACCOUNT, 1, 0, 10)).toEqual({ total: 2, rows: [expect.objectContaining({ timestamp: 20 }), expect.objectContaining({ timestamp: 10 })] });
    expect([...store.perpsFunding.amountsByInstrument(ACCOUNT)]).toEqual([[1, ['-0.1', '0.25']], [2, ['-1']]]);
  });

  it('saves a walk\'s cursor and completes the history when a walk from the beginning ends', () => {
    store.transaction(() => store.perpsWalks.saveWalk(ACCOUNT, 'funding', { cursorEnd: null, floorTs: 0, startedAt: 5 }));
    store.transaction(() => store.perpsWalks.saveWalk(ACCOUNT, 'funding', { cursorEnd: 123, floorTs: 0, startedAt: 5 }));
    expect(store.perpsWalks.walk(ACCOUNT, 'funding')).toEqual({ cursorEnd: 123, floorTs: 0, startedAt: 5 });
    expect(store.perpsWalks.state(ACCOUNT, 'funding').complete).toBe(false);
    store.transaction(() => store.perpsWalks.finishWalk(ACCOUNT, 'funding', true, 99));
    expect(store.perpsWalks.walk(ACCOUNT, 'funding')).toBeNull();
    expect(store.perpsWalks.state(ACCOUNT, 'funding')).toEqual({ complete: true, lastSyncedAt: 99 });
    // A later walk of only the new rows keeps the history complete.
    store.transaction(() => store.perpsWalks.finishWalk(ACCOUNT, 'funding', false, 150));
    expect(store.perpsWalks.state(ACCOUNT, 'funding')).toEqual({ complete: true, lastSyncedAt: 150 });
  });
});
