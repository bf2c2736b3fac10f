/**
 * The Activity view's windows answered in memory: a wallet's rows as columns (walletColumns.ts),
 * loaded from the store on the wallet's first query, and one pass over a sort order that tests
 * each row against the filter, counts the matches and keeps the keys of the window's rows; those
 * rows are then read from the store by key. SQL over indexes took 50 ms to over a second per
 * query on 300,000 rows (counting the matches is a scan whatever the index); the pass takes a
 * few milliseconds (bench/activityFilter.bench.ts; docs/decisions/, "Activity filters and sorts in
 * memory"). Answers are those of ActivitySqlQueries, row for row (test/unit/core/activityColumnIndex.test.ts).
 *
 * Rows stored after the load are merged in at the next query: inserts report the time span of
 * their rows, and that span is read again and the rows not held yet appended. At most
 * HELD_WALLETS wallets are held (about 50 bytes a row); the least recently queried is dropped.
 */
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import type { ActivityFilter } from '../../../shared/portfolioViews';
import type { ActivityRow } from '../../../shared/protocol/analytics';
import { marketQueries } from './activityFilterSql';
import { ACTIVITY_SELECT, type StoredActivity } from './activityRows';
import type { WindowSort } from './activitySqlQueries';
import { kindOf, WalletColumns, type ColumnRow } from './walletColumns';

const HELD_WALLETS = 2;
const ALL_TIME: readonly [number, number] = [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER];

interface Held {
  columns: WalletColumns;
  /** The time span of rows stored since the columns last read the store, if any. */
  stale: [number, number] | null;
}

export class ActivityColumnIndex {
  private readonly held = new Map<number, Held>();
  private readonly span: StatementSync;
  private readonly byKey: StatementSync;
  private readonly lastMarket: StatementSync;
  private readonly titleOrder: StatementSync;
  private titleRanks = new Uint32Array(0);
  private ranksUpTo = -1;

  constructor(private readonly db: DatabaseSync) {
    this.span = db.prepare(
      'SELECT ts, seq, type, side, market_ref, size, price, size_usdc FROM activity WHERE wallet_id = ? AND ts BETWEEN ? AND ? ORDER BY ts, seq',
    );
    this.span.setReturnArrays(true);
    this.byKey = db.prepare(`SELECT ${ACTIVITY_SELECT} FROM activity a LEFT JOIN markets m ON m.id = a.market_ref WHERE a.wallet_id = ? AND a.ts = ? AND a.seq = ?`);
    this.lastMarket = db.prepare('SELECT coalesce(max(id), 0) AS id FROM markets');
    this.titleOrder = db.prepare('SELECT id, title FROM markets ORDER BY title');
  }

  /** Rows of `walletId` were stored (some may have been held already): held columns read their time span at the next query. */
  stored(walletId: number, rows: readonly ActivityRow[]): void {
    const held = this.held.get(walletId);
    if (!held) return;
    let [from, to] = held.stale ?? [Infinity, -Infinity];
    for (const row of rows) [from, to] = [Math.min(from, row.block_timestamp), Math.max(to, row.block_timestamp)];
    held.stale = [from, to];
  }

  /** Bytes held for the wallet's columns (the bench reports it). */
  bytesHeld(walletId: number): number {
    return this.held.get(walletId)?.columns.bytes() ?? 0;
  }

  /** After a rollback rows may be gone that the columns hold: they are read again on next use. */
  forget(): void {
    this.held.clear();
  }

  /** The filtered total and one sorted window of it, as stored rows (the wallet left empty). */
  window(walletId: number, filter: ActivityFilter, sort: WindowSort, offset: number, limit: number): { total: number; rows: StoredActivity[] } {
    const columns = this.columnsOf(walletId);
    const { row, kind, market, ts } = columns.sortedBy(sort.key, this.ranks());
    const kindOk = this.allowedKinds(columns, filter);
    const marketOk = this.allowedMarkets(filter);
    const from = filter.startTs ?? -Infinity;
    const to = filter.endTs ?? Infinity;
    const end = offset + limit;
    const keys: number[] = [];
    let total = 0;
    const n = row.length;
    const ascending = sort.direction === 'asc';
    for (let k = 0; k < n; k++) {
      const j = ascending ? k : n - 1 - k;
      if (!kindOk[kind[j]!]) continue;
      const t = ts[j]!;
      if (t < from || t > to) continue;
      if (marketOk) {
        const m = market[j]!;
        if (m < 0 || !marketOk[m]) continue;
      }
      if (total >= offset && total < end) keys.push(row[j]!);
      total += 1;
    }
    const rows = keys.map((i) => this.byKey.get(walletId, columns.ts[i]!, columns.seq[i]!) as unknown as StoredActivity);
    return { total, rows };
  }

  private columnsOf(walletId: number): WalletColumns {
    let held = this.held.get(walletId);
    if (!held) {
      held = { columns: new WalletColumns(), stale: [...ALL_TIME] };
      if (this.held.size >= HELD_WALLETS) this.held.delete(this.held.keys().next().value!);
    }
    // Most recently used last, so the first key is the one to drop.
    this.held.delete(walletId);
    this.held.set(walletId, held);
    if (held.stale) {
      const [fromTs, toTs] = held.stale;
      const rows = this.span.iterate(walletId, fromTs, toTs) as unknown as IterableIterator<ColumnRow>;
      // A first load streams the rows in; a later span is compared with the rows held.
      held.columns.appendSorted(held.columns.count === 0 ? rows : held.columns.missing([...rows], fromTs));
      held.stale = null;
    }
    return held.columns;
  }

  /** Kinds (type and side) the filter allows: the listed types or every type but tips, and the side if one is given. */
  private allowedKinds(columns: WalletColumns, filter: ActivityFilter): Uint8Array {
    const listed = filter.types && filter.types.length > 0 ? new Set<string>(filter.types) : null;
    const ok = new Uint8Array(kindOf(columns.types.texts.length, 0));
    columns.types.texts.forEach((type, typeCode) => {
      if (type === null || !(listed ? listed.has(type) : type !== 'TIP')) return;
      columns.sides.texts.forEach((side, sideCode) => {
        if (!filter.side || side === filter.side) ok[kindOf(typeCode, sideCode)] = 1;
      });
    });
    return ok;
  }

  /** Market ids every market filter allows (one flag per id), or null when none is given. */
  private allowedMarkets(filter: ActivityFilter): Uint8Array | null {
    const queries = marketQueries(filter);
    if (queries.length === 0) return null;
    const hits = new Uint8Array(this.lastMarketId() + 1);
    for (const { where, params } of queries) {
      for (const { id } of this.db.prepare(where).all(...params) as Array<{ id: number }>) hits[id]! += 1;
    }
    return hits.map((count) => (count === queries.length ? 1 : 0));
  }

  private lastMarketId(): number {
    return (this.lastMarket.get() as { id: number }).id;
  }

  /**
   * Each market id's rank by title in SQLite's order (null titles 0, equal titles equal ranks),
   * read again when markets were added. Ranks only ever interleave, so an order made with older
   * ranks stays right for the rows it holds.
   */
  private ranks(): Uint32Array {
    const last = this.lastMarketId();
    if (last === this.ranksUpTo) return this.titleRanks;
    const ranks = new Uint32Array(last + 1);
    let rank = 0;
    let previous: string | null = null;
    for (const { id, title } of this.titleOrder.all() as Array<{ id: number; title: string | null }>) {
      if (title !== null && title !== previous) rank += 1;
      previous = title;
      ranks[id] = title === null ? 0 : rank;
    }
    this.titleRanks = ranks;
    this.ranksUpTo = last;
    return ranks;
  }
}
