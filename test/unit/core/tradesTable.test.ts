/**
 * The trades table stores a walked page exactly, whatever its order: a page sent newest first
 * (the feed's order) goes in from its end, oldest first (tradesTable.ts says why); a row already
 * stored is skipped and not counted.
 */
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { migrate } from '../../../src/main/core/history/migrations';
import { TradesTable } from '../../../src/main/core/history/tradesTable';
import type { TradeRow } from '../../../src/shared/protocol/analytics';

const WALLET = '0x2222222222222222222222222222222222222222';
const dbs: DatabaseSync[] = [];
afterEach(() => dbs.splice(0).forEach((db) => db.close()));

function freshTable(): { db: DatabaseSync; table: TradesTable } {
  const db = new DatabaseSync(':memory:');
  dbs.push(db);
  migrate(db, 0);
  return { db, table: new TradesTable(db) };
}

/** Rows oldest first; two share a block time, told apart by their sequence. */
const trades = (count: number): TradeRow[] =>
  Array.from({ length: count }, (_, i) => ({
    proxy_wallet: WALLET, side: i % 2 ? 'BUY' : 'SELL', role: i % 3 ? 'maker' : 'taker', condition_id: `0x${'AB'.repeat(32)}`, token_id: String(7_000 + (i % 4)),
    market_id: String(i % 4), event_slug: 'event', title: 'Will it?', outcome: i % 5 === 0 ? null : 'Yes', outcome_index: i % 5 === 0 ? 999 : 0,
    size: i + 0.25, price: i % 6 === 0 ? null : (i % 90 + 1) / 100, size_usdc: i % 7 === 0 ? null : i * 1.5, block_timestamp: 1_700_000_000 + Math.floor(i / 2) * 60,
    sequence_id: i + 1, transaction_hash: `0x${i.toString(16).padStart(64, '0')}`,
  }));

const storedKeys = (db: DatabaseSync) => db.prepare('SELECT wallet, ts, seq, side, role, condition_id, price, size_usdc, outcome FROM trades ORDER BY ts, seq').all();
const expectedKeys = (rows: TradeRow[]) =>
  rows.map((r) => ({ wallet: WALLET, ts: r.block_timestamp, seq: r.sequence_id, side: r.side, role: r.role, condition_id: r.condition_id.toLowerCase(), price: r.price, size_usdc: r.size_usdc, outcome: r.outcome }));

describe('trades table', () => {
  it.each(['oldest', 'newest'] as const)('stores a page sent %s first exactly, and skips it when sent again', (first) => {
    const { db, table } = freshTable();
    const oldestFirst = trades(25);
    const page = first === 'oldest' ? oldestFirst : [...oldestFirst].reverse();
    expect(table.insertRows(WALLET, page)).toBe(25);
    expect(storedKeys(db)).toEqual(expectedKeys(oldestFirst));
    expect(table.newestKey(WALLET)).toEqual({ ts: oldestFirst[24]!.block_timestamp, seq: 25 });
    expect(table.insertRows(WALLET, page)).toBe(0);
    expect(table.rowCount(WALLET)).toBe(25);
  });

  it('writes a page sent newest first in key order (each row after the one before it)', () => {
    const { db, table } = freshTable();
    table.insertRows(WALLET, [...trades(10)].reverse());
    // The order rows went in is not visible in the table: a trigger numbers each insert.
    db.exec('CREATE TABLE inserted (n INTEGER PRIMARY KEY, seq INTEGER); CREATE TRIGGER number_inserts AFTER INSERT ON trades BEGIN INSERT INTO inserted (seq) VALUES (NEW.seq); END;');
    table.insertRows(WALLET, [...trades(20)].reverse());
    expect((db.prepare('SELECT seq FROM inserted ORDER BY n').all() as Array<{ seq: number }>).map((r) => r.seq)).toEqual([11, 12, 13, 14, 15, 16, 17, 18, 19, 20]);
  });
});
