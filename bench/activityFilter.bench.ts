/**
 * The Activity view's filters and sorts on the sandbox's large wallet (327,680 rows, about 308,000
 * without tips) in the local history store (issue 20, part 6): each query is what one
 * `queryActivity` call does, the filtered total and one 200-row window, first at the top and then
 * at depths a scrollbar drag reaches. Every filter and sort the view offers is a case; each case
 * runs several variants (other markets, words, days, depths) ROUNDS times.
 *
 * Baseline, same rows, same run, interleaved query by query: the same windows answered by SQL
 * alone over the store's indexes (ActivitySqlQueries, the path the view used before). The two
 * answers are compared on every query; a difference stops the bench. Reported per case: p50 and
 * p95 of both, and the ratio of the p95s (SQL ÷ in memory); and the process's CPU time per query
 * in memory, which a shared machine's load inflates far less than the wall time. The first query, which loads the
 * wallet's columns, is reported on its own, and so is each sort key's first query (it makes the
 * key's order, once per wallet), and the columns' memory.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HistoryStore } from '../src/main/core/history/historyStore';
import type { WindowSort } from '../src/main/core/history/activityTable';
import { silentLogger } from '../src/main/core/log';
import { MarketIndex } from '../src/sandbox/analytics/marketIndex';
import { SyntheticHistory } from '../src/sandbox/analytics/synthetic/history';
import { SANDBOX_HISTORY_WALLETS } from '../src/sandbox/analytics/synthetic/wallets';
import { buildWorld } from '../src/sandbox/world/buildWorld';
import type { ActivityFilter } from '../src/shared/portfolioViews';
import type { ActivityRow } from '../src/shared/protocol/analytics';
import { percentile } from './benchChromium';
import { seededRandom, type Bench, type BenchRow } from './harness';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const LIMIT = 200;
const PAGE = 1_000;
const spec = SANDBOX_HISTORY_WALLETS.large;
const wallet = spec.address.toLowerCase();

interface Query {
  filter: ActivityFilter;
  sort: WindowSort;
  offset: number;
}
interface Case {
  name: string;
  queries: Query[];
}

const DESC: WindowSort = { key: 'timestamp', direction: 'desc' };
const day = 86_400;

/** The large wallet's rows, as the walk stores them (sequence id = position + 1). */
function largeWalletRows(): ActivityRow[] {
  const world = buildWorld(7);
  const history = new SyntheticHistory(spec, world.seed, Math.floor(world.epochMs / 1000) - 3_600, new MarketIndex(world));
  return Array.from({ length: history.count }, (_, i) => history.row(i, i + 1));
}

/** The cases: each filter the view's bar offers, each sort key both ways, at the top and deep. */
function cases(rows: readonly ActivityRow[]): Case[] {
  const random = seededRandom(20);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const withMarket = rows.filter((r) => r.condition_id !== null);
  const newest = rows[rows.length - 1]!.block_timestamp;
  const words = ['will', 'win', 'above', 'price', 'election', 'yes', 'no', 'bitcoin', 'temperature', 'cup', 'the '];
  const variants = <T>(make: (i: number) => T, n = 4) => Array.from({ length: n }, (_, i) => make(i));
  const top = (filter: ActivityFilter, sort: WindowSort = DESC): Query => ({ filter, sort, offset: 0 });
  const sorts: Case[] = (['timestamp', 'type', 'title', 'size', 'price', 'usdcSize'] as const).flatMap((key) =>
    (['desc', 'asc'] as const).map((direction) => ({
      name: `sort ${key} ${direction}`,
      queries: [0, 1_000, 100_000, 250_000].map((offset) => ({ filter: {}, sort: { key, direction }, offset })),
    })),
  );
  return [
    { name: 'default (no tips), newest first', queries: [0, 10_000, 150_000, 300_000].map((offset) => ({ filter: {}, sort: DESC, offset })) },
    ...sorts,
    { name: 'one type', queries: (['TRADE', 'SPLIT', 'REDEEM', 'DEPOSIT'] as const).map((type) => top({ types: [type] })) },
    { name: 'several types', queries: [top({ types: ['SPLIT', 'MERGE'] }), top({ types: ['TRADE', 'REDEEM', 'CONVERSION'] }), top({ types: ['REWARD', 'DEPOSIT', 'WITHDRAWAL'] }), top({ types: ['MERGE', 'TRADE'] })] },
    { name: 'tips included', queries: [top({ types: ['TRADE', 'SPLIT', 'MERGE', 'REDEEM', 'CONVERSION', 'REWARD', 'DEPOSIT', 'WITHDRAWAL', 'TIP'] }), top({ types: ['TIP'] }), top({ types: ['TIP', 'DEPOSIT'] }), top({ types: ['TIP'] }, { key: 'usdcSize', direction: 'desc' })] },
    { name: 'side', queries: (['BUY', 'SELL', 'IN', 'OUT'] as const).map((side) => top({ side })) },
    { name: 'one market', queries: variants(() => top({ conditionIds: [pick(withMarket).condition_id!] })) },
    { name: '20 markets', queries: variants(() => top({ conditionIds: [...new Set(variants(() => pick(withMarket).condition_id!, 20))] })) },
    { name: 'event', queries: variants(() => top({ eventSlug: pick(withMarket).event_slug! })) },
    { name: 'from a day', queries: variants((i) => top({ startTs: newest - (30 + 200 * i) * day })) },
    { name: 'from–to days', queries: variants((i) => top({ startTs: newest - (400 + 150 * i) * day, endTs: newest - (100 + 150 * i) * day })) },
    { name: 'text search', queries: variants(() => top({ text: pick(words) }), 6) },
    {
      name: 'combined (type, side, text, from; by size)',
      queries: variants((i) => top({ types: ['TRADE'], side: i % 2 ? 'SELL' : 'BUY', text: pick(words), startTs: newest - 500 * day }, { key: 'size', direction: 'desc' })),
    },
    { name: 'text search sorted by title', queries: variants(() => top({ text: pick(words) }, { key: 'title', direction: 'asc' })) },
  ];
}

/** Wall time and this process's CPU time (user + system) of one call, in ms. */
function timed<T>(run: () => T): { ms: number; cpuMs: number; value: T } {
  const cpu = process.cpuUsage();
  const start = performance.now();
  const value = run();
  const ms = performance.now() - start;
  const used = process.cpuUsage(cpu);
  return { ms, cpuMs: (used.user + used.system) / 1000, value };
}

const bench: Bench = async () => {
  const dir = mkdtempSync(join(tmpdir(), 'marketdesk-activity-filter-'));
  const store = HistoryStore.open(dir, silentLogger);
  try {
    const rows = largeWalletRows();
    for (let i = 0; i < rows.length; i += PAGE) store.transaction(() => store.activity.insertRows(wallet, rows.slice(i, i + PAGE)));
    const walletId = store.activity.walletIdOf(wallet);
    const shown = rows.filter((r) => r.type !== 'TIP').length;
    process.stderr.write(`  stored ${rows.length} rows (${shown} without tips)\n`);

    const first = timed(() => store.activity.window(wallet, {}, DESC, 0, LIMIT));
    const firstBytes = store.activity.heldBytes(wallet);

    // A sort key's first use makes its sorted copy, once per wallet: timed apart, like the load.
    const firstSorts = (['type', 'title', 'size', 'price', 'usdcSize'] as const).map((key) => timed(() => store.activity.window(wallet, {}, { key, direction: 'desc' }, 0, LIMIT)).ms);
    const out: BenchRow[] = [
      { bench: 'activityFilter', metric: 'rows stored (without tips)', value: shown, unit: 'rows' },
      { bench: 'activityFilter', metric: 'first query (loads the columns)', value: first.ms, unit: 'ms' },
      { bench: 'activityFilter', metric: 'memory of the columns (time order)', value: firstBytes / 1_048_576, unit: 'MiB' },
      { bench: 'activityFilter', metric: 'first query of a sort key (makes its order), slowest', value: Math.max(...firstSorts), unit: 'ms' },
      { bench: 'activityFilter', metric: 'memory of the columns (every sort key used)', value: store.activity.heldBytes(wallet) / 1_048_576, unit: 'MiB' },
    ];
    const all = { sql: [] as number[], mem: [] as number[], memCpu: [] as number[] };
    let worst = { name: '', p95: 0 };
    for (const { name, queries } of cases(rows)) {
      const sql: number[] = [];
      const mem: number[] = [];
      const memCpu: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        for (const { filter, sort, offset } of queries) {
          const reference = timed(() => store.activity.sql.window(walletId, filter, sort, offset, LIMIT));
          const answer = timed(() => store.activity.window(wallet, filter, sort, offset, LIMIT));
          sql.push(reference.ms);
          mem.push(answer.ms);
          memCpu.push(answer.cpuMs);
          const expected = `${reference.value.total}:${reference.value.rows.map((r) => `${r.ts}:${r.seq}`).join(',')}`;
          const got = `${answer.value.total}:${answer.value.rows.map((r) => r.key).join(',')}`;
          if (expected !== got) throw new Error(`${name}: the answers differ for ${JSON.stringify({ filter, sort, offset })}`);
        }
      }
      all.sql.push(...sql);
      all.mem.push(...mem);
      all.memCpu.push(...memCpu);
      const p95 = percentile(mem, 95);
      if (p95 > worst.p95) worst = { name, p95 };
      out.push(
        { bench: 'activityFilter', metric: `${name}: p50 in memory`, value: percentile(mem, 50), unit: 'ms' },
        { bench: 'activityFilter', metric: `${name}: p95 in memory`, value: p95, unit: 'ms' },
        { bench: 'activityFilter', metric: `${name}: p95 CPU time in memory`, value: percentile(memCpu, 95), unit: 'ms' },
        { bench: 'activityFilter', metric: `${name}: p95 SQL`, value: percentile(sql, 95), unit: 'ms' },
        { bench: 'activityFilter', metric: `${name}: p95 ratio (SQL ÷ in memory)`, value: percentile(sql, 95) / p95, unit: 'x' },
      );
    }
    const p95 = percentile(all.mem, 95);
    const sqlP95 = percentile(all.sql, 95);
    out.push(
      { bench: 'activityFilter', metric: 'every query: p95 in memory', value: p95, unit: 'ms' },
      { bench: 'activityFilter', metric: 'every query: p95 CPU time in memory', value: percentile(all.memCpu, 95), unit: 'ms' },
      { bench: 'activityFilter', metric: 'every query: p95 SQL', value: sqlP95, unit: 'ms' },
      { bench: 'activityFilter', metric: 'every query: p95 ratio (SQL ÷ in memory)', value: sqlP95 / p95, unit: 'x' },
    );
    return {
      rows: out,
      summary: [
        `Activity filters and sorts, ${shown.toLocaleString('en-US')} rows: p95 ${p95.toFixed(1)} ms over every query (target < 50 ms; slowest case "${worst.name}" ${worst.p95.toFixed(1)} ms; ` +
          `CPU time p95 ${percentile(all.memCpu, 95).toFixed(1)} ms) ` +
          `against ${sqlP95.toFixed(1)} ms in SQL (${(sqlP95 / p95).toFixed(1)}x); first query ${first.ms.toFixed(0)} ms (loads the columns), ` +
          `a sort key's first query up to ${Math.max(...firstSorts).toFixed(0)} ms (makes its order).`,
      ],
    };
  } finally {
    store.close();
    rmSync(dir, { recursive: true, force: true });
  }
};

export default bench;
