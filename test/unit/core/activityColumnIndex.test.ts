/**
 * The Activity view's windows answered in memory (activityColumnIndex.ts) are those SQL gives
 * (ActivitySqlQueries, the path the view used before), total and rows, for every filter and sort
 * the view offers, on generated rows with the awkward values: null amounts, -0, rows without a
 * market, markets without a title, titles shared by several markets, titles that differ only in
 * case or outside ASCII (SQLite's LIKE folds ASCII only, its order is by UTF-8 bytes), `%` and
 * `_` in titles. And they stay so while rows arrive: newer, older, filling a gap, repeated, and
 * after a write that was rolled back.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededRandom } from '../../../bench/harness';
import type { WindowSort } from '../../../src/main/core/history/activityTable';
import { HistoryStore } from '../../../src/main/core/history/historyStore';
import { silentLogger } from '../../../src/main/core/log';
import type { ActivityFilter } from '../../../src/shared/portfolioViews';
import { ACTIVITY_TYPES, type ActivityRow } from '../../../src/shared/protocol/analytics';

const WALLET = '0x3333333333333333333333333333333333333333';
const TITLES = ['Will BTC close above 100k?', 'will btc close above 100k?', 'Élection 2026', 'élection 2026', 'Ünïcode 😀 title', 'Zebra', '50% chance_of rain', null, 'Zebra'];
const hex = (n: number, width: number) => n.toString(16).padStart(width, '0');

/** Rows with every awkward value; `count` rows from sequence id `firstSeq` on, a second or so apart. */
function awkwardRows(count: number, firstSeq: number, startTs: number, seed: number): ActivityRow[] {
  const random = seededRandom(seed);
  const amount = () => {
    const roll = random();
    return roll < 0.08 ? null : roll < 0.12 ? -0 : roll < 0.15 ? 0 : Math.round(random() * 100_000) / 100;
  };
  return Array.from({ length: count }, (_, k) => {
    const type = ACTIVITY_TYPES[Math.floor(random() * ACTIVITY_TYPES.length)]!;
    const market = Math.floor(random() * 60);
    const hasMarket = random() < 0.85;
    const side = type === 'TIP' ? (random() < 0.5 ? 'IN' : 'OUT') : random() < 0.2 ? null : random() < 0.5 ? 'BUY' : 'SELL';
    return {
      proxy_wallet: WALLET, type, block_timestamp: startTs + Math.floor(k / 3), sequence_id: firstSeq + k, block_number: 1 + k, log_index: k % 5,
      transaction_hash: `0x${hex(firstSeq + k, 64)}`,
      condition_id: hasMarket ? `0x${hex(market, 64)}` : null, market_id: hasMarket ? String(market) : null, event_id: hasMarket ? String(market % 7) : null,
      event_slug: hasMarket ? `event-${market % 7}` : null, title: hasMarket ? TITLES[market % TITLES.length]! : null,
      outcome: hasMarket ? (market % 3 === 0 ? null : market % 2 ? 'Yes' : 'Ño') : null, outcome_index: hasMarket ? market % 2 : null,
      token_id: hasMarket ? String(5_000 + market) : null, side, size: amount(), price: amount(), size_usdc: amount(), counterparty: null,
    };
  });
}

const SORTS: WindowSort[] = (['timestamp', 'type', 'title', 'size', 'price', 'usdcSize'] as const).flatMap((key) => [
  { key, direction: 'asc' as const },
  { key, direction: 'desc' as const },
]);
const FILTERS: ActivityFilter[] = [
  {},
  { types: ['TRADE'] },
  { types: ['TIP', 'DEPOSIT', 'MERGE'] },
  { side: 'SELL' },
  { side: 'IN' },
  { conditionIds: [`0x${hex(3, 64)}`, `0x${hex(17, 64)}`] },
  { eventSlug: 'event-2' },
  { text: 'btc' },
  { text: 'ÉLECTION' },
  { text: 'élection' },
  { text: '%' },
  { text: '0% c' },
  { text: 'ñ' },
  { text: '😀' },
  { text: 'no such words' },
  { types: ['TRADE', 'REDEEM'], side: 'BUY', text: 'zebra', eventSlug: 'event-5' },
];

let dir: string;
let store: HistoryStore;
const wallet = WALLET.toLowerCase();

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'marketdesk-columns-'));
  store = HistoryStore.open(dir, silentLogger);
});
afterAll(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Every filter × sort at the top and further down (past the end for most filters): in memory and in SQL alike. */
function expectSameAsSql(filters: readonly ActivityFilter[], sorts: readonly WindowSort[]): number {
  const walletId = store.activity.walletIdOf(wallet);
  const oldest = store.activity.oldestKey(wallet)!.ts;
  let compared = 0;
  for (const [n, base] of filters.entries()) {
    // A time window too, on a few of them.
    for (const filter of n < 4 ? [base, { ...base, startTs: oldest + 100, endTs: oldest + 900 }] : [base]) {
      for (const sort of sorts) {
        for (const offset of [0, 2_500]) {
          const sql = store.activity.sql.window(walletId, filter, sort, offset, 120);
          const shown = store.activity.window(wallet, filter, sort, offset, 120);
          const expected = { total: sql.total, keys: sql.rows.map((r) => `${r.ts}:${r.seq}`), titles: sql.rows.map((r) => r.title) };
          expect({ filter, sort, offset, total: shown.total, keys: shown.rows.map((r) => r.key), titles: shown.rows.map((r) => r.title) }).toEqual({ filter, sort, offset, ...expected });
          compared += 1;
        }
      }
    }
  }
  return compared;
}

// Each test compares a few hundred windows, both ways: seconds, more on a loaded machine.
describe('Activity windows in memory against SQL', { timeout: 90_000 }, () => {
  it('every filter and sort the view offers gives SQL\'s total and rows, window by window', () => {
    store.transaction(() => store.activity.insertRows(wallet, awkwardRows(5_000, 10_000, 1_700_000_000, 1)));
    expect(expectSameAsSql(FILTERS, SORTS)).toBe((FILTERS.length + 4) * SORTS.length * 2);
    // The rows are all there and the default view leaves tips out.
    expect(store.activity.window(wallet, { types: [...ACTIVITY_TYPES] }, SORTS[0]!, 0, 1).total).toBe(5_000);
  });

  it('rows stored after the first query are in the next answer: newer, older, a gap filled, repeats ignored', () => {
    const all = awkwardRows(3_000, 1, 1_690_000_000, 2);
    const newer = awkwardRows(900, 20_000, 1_710_000_000, 3);
    // Older rows with a gap in them, then the gap filled, then a page stored again.
    store.transaction(() => store.activity.insertRows(wallet, [...all.slice(0, 1_000), ...all.slice(2_000)]));
    store.transaction(() => store.activity.insertRows(wallet, newer));
    expectSameAsSql([{}, { text: 'btc' }], SORTS);
    store.transaction(() => store.activity.insertRows(wallet, all.slice(1_000, 2_000)));
    store.transaction(() => store.activity.insertRows(wallet, all.slice(500, 1_500)));
    expectSameAsSql(FILTERS.slice(0, 6), SORTS);
    expect(store.activity.window(wallet, { types: [...ACTIVITY_TYPES] }, SORTS[0]!, 0, 1).total).toBe(5_000 + 3_000 + 900);
  });

  it('a write rolled back leaves nothing behind in the answers', () => {
    const rolledBack = awkwardRows(400, 30_000, 1_720_000_000, 4).map((row) => ({ ...row, title: 'Rolled back' }));
    expect(() =>
      store.write(() => {
        store.activity.insertRows(wallet, rolledBack);
        // A query inside the write sees the rows; the rollback must take them out again.
        const inSql = store.activity.sql.window(store.activity.walletIdOf(wallet), { text: 'rolled back' }, SORTS[0]!, 0, 10).total;
        expect(inSql).toBeGreaterThan(200);
        expect(store.activity.window(wallet, { text: 'rolled back' }, SORTS[0]!, 0, 10).total).toBe(inSql);
        throw new Error('cut off');
      }),
    ).toThrow('cut off');
    store.flush();
    expect(store.activity.window(wallet, { text: 'rolled back' }, SORTS[0]!, 0, 10).total).toBe(0);
    expectSameAsSql([{}], SORTS);
  });
});
