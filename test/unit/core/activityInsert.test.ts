/**
 * A page goes into the store in multi-row statements plus a remainder row by row
 * (activityInsert.ts): every row arrives once, in full, whatever the page's length and order; a row already
 * stored is skipped and not counted; a market whose fields change under the same token id gets
 * its own reference.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HistoryStore } from '../../../src/main/core/history/historyStore';
import { silentLogger } from '../../../src/main/core/log';
import type { ActivityRow } from '../../../src/shared/protocol/analytics';

const WALLET = '0x1111111111111111111111111111111111111111';
const ALL = { types: ['TRADE', 'SPLIT', 'MERGE', 'REDEEM', 'CONVERSION', 'REWARD', 'DEPOSIT', 'WITHDRAWAL', 'TIP'] } as const;
const hex = (n: number, width: number) => n.toString(16).padStart(width, '0');

/** Rows oldest first; every third without a market (a deposit), the rest over 40 outcome tokens. */
function syntheticActivity(count: number, seed: number): ActivityRow[] {
  return Array.from({ length: count }, (_, i) => {
    const market = (i * 7 + seed) % 40;
    const hasMarket = i % 3 !== 0;
    return {
      proxy_wallet: WALLET, type: hasMarket ? 'TRADE' : 'DEPOSIT', block_timestamp: 1_700_000_000 + i * 60, sequence_id: i + 1,
      block_number: 1000 + i, log_index: i % 7, transaction_hash: `0x${hex(i + seed * 10_000, 64)}`,
      condition_id: hasMarket ? `0x${hex(market, 64)}` : null, market_id: hasMarket ? String(market) : null,
      event_id: hasMarket ? String(market >> 2) : null, event_slug: hasMarket ? `event-${market >> 2}` : null,
      title: hasMarket ? `Will market ${market} resolve yes?` : null, outcome: hasMarket ? (market % 2 ? 'Yes' : 'No') : null,
      outcome_index: hasMarket ? market % 2 : null, token_id: hasMarket ? String(10_000 + market) : null,
      side: hasMarket ? (i % 2 ? 'BUY' : 'SELL') : null, size: i + 0.5, price: hasMarket ? ((i % 98) + 1) / 100 : null,
      size_usdc: i * 2 + 0.25, counterparty: null,
    };
  });
}

let dir: string;
let store: HistoryStore;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'marketdesk-insert-'));
  store = HistoryStore.open(dir, silentLogger);
});
afterEach(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

const stored = () => [...store.activity.stream(WALLET, { ...ALL, types: [...ALL.types] })];

describe('inserting a page of activity rows', () => {
  it.each([
    [1, 'oldest'], [49, 'oldest'], [50, 'oldest'], [51, 'oldest'], [137, 'oldest'], [1000, 'oldest'],
    [2, 'newest'], [51, 'newest'], [1000, 'newest'],
  ] as const)('stores all %i rows of a page sent %s first exactly as sent', (count, first) => {
    const oldestFirst = syntheticActivity(count, count);
    const rows = first === 'oldest' ? oldestFirst : [...oldestFirst].reverse();
    expect(store.transaction(() => store.activity.insertRows(WALLET, rows))).toBe(count);
    const back = stored();
    expect(back).toHaveLength(count);
    const newestFirst = [...oldestFirst].reverse();
    back.forEach((row, i) => {
      const sent = newestFirst[i]!;
      expect({ ts: row.ts, seq: row.seq, type: row.type, tx: row.tx, title: row.title, token: row.token_id, size: row.size, price: row.price, usdc: row.size_usdc, counterparty: row.counterparty })
        .toEqual({ ts: sent.block_timestamp, seq: sent.sequence_id, type: sent.type, tx: sent.transaction_hash, title: sent.title, token: sent.token_id, size: sent.size, price: sent.price, usdc: sent.size_usdc, counterparty: sent.counterparty });
    });
  });

  it('counts only the rows new to the store when a page overlaps stored rows', () => {
    const rows = syntheticActivity(230, 5);
    store.transaction(() => store.activity.insertRows(WALLET, rows.slice(60, 160)));
    expect(store.transaction(() => store.activity.insertRows(WALLET, rows))).toBe(130);
    expect(store.activity.rowCount(WALLET)).toBe(230);
  });

  it('gives a token whose market fields changed its own market reference', () => {
    const [first, second] = syntheticActivity(2, 9).map((row) => ({ ...row, type: 'TRADE' as const, token_id: '777', title: 'Old title', condition_id: '0x' + 'a'.repeat(64) }));
    store.transaction(() => store.activity.insertRows(WALLET, [first!, { ...second!, title: 'New title' }]));
    expect(stored().map((row) => row.title)).toEqual(['New title', 'Old title']);
  });

  it('a row with a condition and no token (a redemption) refers to its own market, and a changed one to a new one', () => {
    const condition = '0x' + 'b'.repeat(64);
    const rows: ActivityRow[] = syntheticActivity(4, 11).map((row) => ({ ...row, type: 'REDEEM', token_id: null, outcome: null, outcome_index: null, condition_id: condition, title: 'Redeemed' }));
    rows[3] = { ...rows[3]!, title: 'Renamed' };
    rows[1] = { ...rows[1]!, condition_id: null, market_id: null, event_id: null, event_slug: null, title: null };
    store.transaction(() => store.activity.insertRows(WALLET, rows));
    expect(stored().map((row) => [row.condition_id, row.title])).toEqual([[condition, 'Renamed'], [condition, 'Redeemed'], [null, null], [condition, 'Redeemed']]);
  });
});
