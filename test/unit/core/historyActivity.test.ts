/**
 * The Activity view's queries on the store: filters, sorts and windows agree with the same
 * filter applied in plain code, tips only when asked, and on a quarter-million rows every query
 * the view makes is answered from an index (its query plan, not its timing, is what is checked).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WindowSort } from '../../../src/main/core/history/activityTable';
import { HistoryStore } from '../../../src/main/core/history/historyStore';
import { silentLogger } from '../../../src/main/core/log';
import type { ActivityFilter } from '../../../src/shared/portfolioViews';
import type { ActivityRow, ActivityType } from '../../../src/shared/protocol/analytics';
import { seededRandom } from '../../../bench/harness';

const WALLET = '0x1111111111111111111111111111111111111111';
const TYPES: ActivityType[] = ['TRADE', 'TRADE', 'TRADE', 'SPLIT', 'MERGE', 'REDEEM', 'REWARD', 'DEPOSIT', 'WITHDRAWAL', 'TIP'];
const hex = (n: number, width: number) => n.toString(16).padStart(width, '0');

export function syntheticActivity(count: number, seed = 1): ActivityRow[] {
  const random = seededRandom(seed);
  const rows: ActivityRow[] = [];
  let ts = 1_700_000_000;
  for (let i = 0; i < count; i++) {
    ts += Math.floor(random() * 300);
    const type = TYPES[Math.floor(random() * TYPES.length)]!;
    const market = Math.floor(random() * 400);
    const hasMarket = ['TRADE', 'SPLIT', 'MERGE', 'REDEEM'].includes(type);
    const side = type === 'TRADE' ? (random() < 0.5 ? 'BUY' : 'SELL') : type === 'TIP' ? (random() < 0.5 ? 'IN' : 'OUT') : null;
    rows.push({
      proxy_wallet: WALLET, type, block_timestamp: ts, sequence_id: i + 1, block_number: 1000 + i, log_index: i % 7,
      transaction_hash: `0x${hex(i, 64)}`,
      condition_id: hasMarket ? `0x${hex(market, 64)}` : null, market_id: hasMarket ? String(market) : null,
      event_id: hasMarket ? String(market >> 2) : null, event_slug: hasMarket ? `event-${market >> 2}` : null,
      title: hasMarket ? `Will market ${market} resolve yes?` : null, outcome: hasMarket ? (market % 2 ? 'Yes' : 'No') : null,
      outcome_index: hasMarket ? market % 2 : null, token_id: hasMarket ? String(10_000 + market) : null,
      side, size: Math.round(random() * 10_000) / 100, price: type === 'TRADE' ? Math.round(random() * 99 + 1) / 100 : null,
      size_usdc: Math.round(random() * 5_000) / 100, counterparty: type === 'TIP' ? `0x${hex(market, 40)}` : null,
    });
  }
  return rows;
}

const N = 250_000;
let dir: string;
let store: HistoryStore;
let rows: ActivityRow[];

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'marketdesk-activity-'));
  store = HistoryStore.open(dir, silentLogger);
  rows = syntheticActivity(N);
  for (let i = 0; i < rows.length; i += 25_000) store.transaction(() => store.activity.insertRows(WALLET.toLowerCase(), rows.slice(i, i + 25_000)));
}, 60_000);
afterAll(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

const wallet = WALLET.toLowerCase();

describe('activity queries on a quarter-million rows', () => {
  it('holds every row once; inserting the same page again adds nothing', () => {
    expect(store.activity.rowCount(wallet)).toBe(N);
    expect(store.transaction(() => store.activity.insertRows(wallet, rows.slice(0, 1000)))).toBe(0);
    expect(store.activity.newestKey(wallet)).toEqual({ ts: rows[N - 1]!.block_timestamp, seq: N });
    expect(store.activity.oldestKey(wallet)).toEqual({ ts: rows[0]!.block_timestamp, seq: 1 });
  });

  it('the default view leaves tips out; tips come only when asked', () => {
    const noTips = rows.filter((r) => r.type !== 'TIP').length;
    expect(store.activity.window(wallet, {}, { key: 'timestamp', direction: 'desc' }, 0, 10).total).toBe(noTips);
    const tips = store.activity.window(wallet, { types: ['TIP'] }, { key: 'timestamp', direction: 'desc' }, 0, 500);
    expect(tips.total).toBe(N - noTips);
    expect(tips.rows.every((r) => r.type === 'TIP' && (r.side === 'IN' || r.side === 'OUT'))).toBe(true);
  });

  it('filters and sorts agree with the same filter in plain code, window by window', () => {
    const market = rows.find((r) => r.condition_id)!;
    const expected = rows
      .filter((r) => r.type === 'TRADE' && r.side === 'SELL' && r.condition_id === market.condition_id && r.block_timestamp >= rows[1000]!.block_timestamp)
      .sort((a, b) => (b.size ?? 0) - (a.size ?? 0) || b.block_timestamp - a.block_timestamp || b.sequence_id - a.sequence_id);
    const filter = { types: ['TRADE' as const], side: 'SELL' as const, conditionIds: [market.condition_id!], startTs: rows[1000]!.block_timestamp };
    const page = store.activity.window(wallet, filter, { key: 'size', direction: 'desc' }, 3, 20);
    expect(page.total).toBe(expected.length);
    expect(page.rows.map((r) => r.key)).toEqual(expected.slice(3, 23).map((r) => `${r.block_timestamp}:${r.sequence_id}`));
    expect(page.rows[0]).toMatchObject({ type: 'TRADE', side: 'SELL', conditionId: market.condition_id, title: market.title });
  });

  it('a text search is a case-insensitive substring of title or outcome, with % and _ taken literally', () => {
    const count = rows.filter((r) => r.type !== 'TIP' && (r.title?.includes('market 42 ') || false)).length;
    expect(store.activity.window(wallet, { text: 'MARKET 42 ' }, { key: 'timestamp', direction: 'desc' }, 0, 1).total).toBe(count);
    expect(store.activity.window(wallet, { text: '%' }, { key: 'timestamp', direction: 'desc' }, 0, 1).total).toBe(0);
  });

  it('every filter and sort the view offers is answered from an index, never by sorting the whole history', () => {
    const sorts = ['timestamp', 'type', 'title', 'size', 'price', 'usdcSize'] as const;
    const queries: Array<[string, ActivityFilter, WindowSort]> = [
      ...sorts.flatMap((key) => (['asc', 'desc'] as const).map((direction): [string, ActivityFilter, WindowSort] => [`${key} ${direction}`, {}, { key, direction }])),
      ['type=TRADE', { types: ['TRADE'] }, { key: 'timestamp', direction: 'desc' }],
      ['market + side', { conditionIds: [rows.find((r) => r.condition_id)!.condition_id!], side: 'SELL' }, { key: 'timestamp', direction: 'desc' }],
      ['event + window', { eventSlug: 'event-7', startTs: rows[50_000]!.block_timestamp }, { key: 'timestamp', direction: 'asc' }],
      ['text search by title', { text: 'market 1' }, { key: 'title', direction: 'asc' }],
    ];
    for (const [name, filter, sort] of queries) {
      const plan = store.activity.windowPlan(wallet, filter, sort);
      // A bare SCAN of the table means no index narrows the wallet's rows.
      expect({ name, plan, scansTable: plan.some((step) => /^SCAN (a|activity)$/.test(step)) }).toMatchObject({ name, scansTable: false });
      if (filter.text) {
        // A text search narrows to the markets whose title matches; only those rows are sorted.
        expect({ name, plan }).toMatchObject({ name, plan: expect.arrayContaining([expect.stringMatching(/^SEARCH a USING .*INDEX activity_by_market/)]) });
      } else if (sort.key === 'title') {
        // Titles live in the markets table: its title index is walked in order and each market's
        // rows merged in (a sort within one title is fine; rows without a market are the rest).
        expect({ name, plan }).toMatchObject({ name, plan: expect.arrayContaining(['MERGE (UNION ALL)', 'SCAN m USING COVERING INDEX markets_by_title']) });
      } else {
        // A temporary B-tree for ORDER BY means every matching row is read and sorted per window.
        expect({ name, plan, sortsEverything: plan.some((step) => step.includes('TEMP B-TREE')) }).toMatchObject({ name, sortsEverything: false });
      }
    }
    // And the windows those plans serve hold the right rows at depth (the last one starts at 200,000).
    const deep = store.activity.window(wallet, {}, { key: 'timestamp', direction: 'asc' }, 200_000, 200);
    const expected = rows.filter((r) => r.type !== 'TIP').slice(200_000, 200_200).map((r) => `${r.block_timestamp}:${r.sequence_id}`);
    expect(deep.rows.map((r) => r.key)).toEqual(expected);
  });

  it('the export stream yields exactly the filtered rows, newest first', () => {
    const filter = { types: ['REDEEM' as const] };
    const streamed = [...store.activity.stream(wallet, filter)].map((r) => `${r.ts}:${r.seq}`);
    const expected = rows.filter((r) => r.type === 'REDEEM').reverse().map((r) => `${r.block_timestamp}:${r.sequence_id}`);
    expect(streamed).toEqual(expected);
  });

  it('the title sort agrees with plain code, rows without a title first when ascending, in both directions', () => {
    const keyOf = (r: ActivityRow) => `${r.block_timestamp}:${r.sequence_id}`;
    const byTitle = (a: ActivityRow, b: ActivityRow) =>
      (a.title === b.title ? 0 : a.title === null ? -1 : b.title === null ? 1 : a.title < b.title ? -1 : 1) ||
      a.block_timestamp - b.block_timestamp ||
      a.sequence_id - b.sequence_id;
    const ascending = rows.filter((r) => r.type !== 'TIP').sort(byTitle);
    const descending = [...ascending].reverse();
    for (const offset of [0, 40_000, ascending.length - 30]) {
      const up = store.activity.window(wallet, {}, { key: 'title', direction: 'asc' }, offset, 50);
      expect(up.rows.map((r) => r.key)).toEqual(ascending.slice(offset, offset + 50).map(keyOf));
      const down = store.activity.window(wallet, {}, { key: 'title', direction: 'desc' }, offset, 50);
      expect(down.rows.map((r) => r.key)).toEqual(descending.slice(offset, offset + 50).map(keyOf));
    }
  });

  it('a write that fails leaves no wallet or market id behind: the next write stores its rows whole', () => {
    const other = '0x2222222222222222222222222222222222222222';
    const fresh = syntheticActivity(60, 7).map((r) => ({ ...r, proxy_wallet: other, title: r.title && `Fresh ${r.title}` }));
    expect(() =>
      store.transaction(() => {
        store.activity.insertRows(other, fresh);
        throw new Error('cut off');
      }),
    ).toThrow('cut off');
    expect(store.activity.rowCount(other)).toBe(0);
    expect(store.transaction(() => store.activity.insertRows(other, fresh))).toBe(60);
    const shown = store.activity.window(other, { types: ['TRADE', 'SPLIT', 'MERGE', 'REDEEM'] }, { key: 'timestamp', direction: 'asc' }, 0, 60);
    const expected = fresh.filter((r) => r.condition_id !== null);
    expect(shown.rows.map((r) => [r.title, r.conditionId, r.tokenId, r.outcome])).toEqual(expected.map((r) => [r.title, r.condition_id, r.token_id, r.outcome]));
  });
});
