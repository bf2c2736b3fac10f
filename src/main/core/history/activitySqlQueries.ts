/**
 * The Activity view's filters and sorts answered by SQL alone (activityFilterSql.ts), over the
 * store's indexes. The export's stream and its count use it; for a window it is the reference
 * the in-memory index (activityColumnIndex.ts) is checked against, and the activityFilter
 * bench's baseline: the view no longer reads its windows this way (docs/decisions/, "Activity
 * filters and sorts in memory").
 */
import type { DatabaseSync } from 'node:sqlite';
import type { ActivityFilter, ActivitySortKey } from '../../../shared/portfolioViews';
import { ACTIVITY_FROM, ACTIVITY_SELECT, type StoredActivity } from './activityRows';
import { filterSql, orderSql, windowKeysSql, type FilterSql } from './activityFilterSql';

export interface WindowSort {
  key: ActivitySortKey;
  direction: 'asc' | 'desc';
}

/**
 * Filter and sort indexes made on first use by a window in SQL (migrations.ts says why), never by
 * the export: an index once made is kept up by every later walk (a second B-tree per row), and
 * the export reads the wallet's rows in key order anyway. Each sort index ends with
 * `type` so the default filter (no tips) is answered from the index, without reading the rows a
 * deep window skips over.
 */
const LAZY_INDEXES = {
  // Windows sorted or filtered by type only (migrations.ts, step 5, says why).
  type: 'CREATE INDEX IF NOT EXISTS activity_by_type ON activity(wallet_id, type, ts, seq)',
  // Market filters (condition, event, text) and the title sort go through the row's market reference.
  market: 'CREATE INDEX IF NOT EXISTS activity_by_market ON activity(wallet_id, market_ref, ts, seq, type)',
  size: 'CREATE INDEX IF NOT EXISTS activity_by_size ON activity(wallet_id, size, ts, seq, type)',
  price: 'CREATE INDEX IF NOT EXISTS activity_by_price ON activity(wallet_id, price, ts, seq, type)',
  usdcSize: 'CREATE INDEX IF NOT EXISTS activity_by_usdc ON activity(wallet_id, size_usdc, ts, seq, type)',
} as const;
type LazyIndex = keyof typeof LAZY_INDEXES;

function indexesFor(filter: ActivityFilter, sort?: ActivitySortKey): LazyIndex[] {
  const wanted: LazyIndex[] = [];
  const byMarket = (filter.conditionIds && filter.conditionIds.length > 0) || filter.eventSlug || (filter.text && filter.text.trim() !== '') || sort === 'title';
  if (byMarket) wanted.push('market');
  if (sort === 'size' || sort === 'price' || sort === 'usdcSize') wanted.push(sort);
  return wanted;
}

export class ActivitySqlQueries {
  private readonly madeIndexes = new Set<LazyIndex>();

  constructor(private readonly db: DatabaseSync) {}

  /** The filtered total and one sorted window of it, as stored rows (the wallet left empty). */
  window(walletId: number, filter: ActivityFilter, sort: WindowSort, offset: number, limit: number): { total: number; rows: StoredActivity[] } {
    const { filterClause, keys } = this.windowQuery(walletId, filter, sort);
    const { where, params } = filterClause;
    const total = (this.db.prepare(`SELECT count(*) AS n FROM activity a WHERE ${where}`).get(...params) as { n: number }).n;
    const rows = this.db
      // The window's keys first, then each row by its primary key (CROSS JOIN keeps that order of lookup).
      .prepare(
        `SELECT ${ACTIVITY_SELECT} FROM (${keys.where}) k CROSS JOIN activity a ON a.wallet_id = ? AND a.ts = k.ts AND a.seq = k.seq ` +
          `LEFT JOIN markets m ON m.id = a.market_ref ORDER BY ${orderSql(sort.key, sort.direction)}`,
      )
      .all(...keys.params, limit, offset, walletId) as unknown as StoredActivity[];
    return { total, rows };
  }

  /**
   * SQLite's plan for a window's rows (`EXPLAIN QUERY PLAN`), one step per line: how tests check
   * that every filter and sort is answered from an index, not by sorting the wallet's whole
   * history, without timing anything.
   */
  plan(walletId: number, filter: ActivityFilter, sort: WindowSort): string[] {
    const { keys } = this.windowQuery(walletId, filter, sort);
    const steps = this.db.prepare(`EXPLAIN QUERY PLAN ${keys.where}`).all(...keys.params, 200, 0) as Array<{ detail: string }>;
    return steps.map((step) => step.detail);
  }

  /**
   * Every filtered row, newest first, one at a time off the statement (memory stays flat): the
   * wallet's rows in key order, filtered as they are read. No index is made for it (see above).
   */
  *stream(walletId: number, filter: ActivityFilter): Generator<StoredActivity> {
    const { where, params } = filterSql(walletId, filter);
    const statement = this.db.prepare(`SELECT ${ACTIVITY_SELECT} FROM ${ACTIVITY_FROM} WHERE ${where} ORDER BY a.ts DESC, a.seq DESC`);
    yield* statement.iterate(...params) as IterableIterator<StoredActivity>;
  }

  /** The export's total: one pass over the wallet's keys, with no index made for it (see above). */
  count(walletId: number, filter: ActivityFilter): number {
    const { where, params } = filterSql(walletId, filter);
    return (this.db.prepare(`SELECT count(*) AS n FROM activity a WHERE ${where}`).get(...params) as { n: number }).n;
  }

  /** The filter's clause and the query of a window's keys, with the indexes they need made. */
  private windowQuery(walletId: number, filter: ActivityFilter, sort: WindowSort): { filterClause: FilterSql; keys: FilterSql } {
    // A window sorted or filtered by type reads its index; the export's stream and count do not need it.
    const byType = sort.key === 'type' || (filter.types !== undefined && filter.types.length > 0);
    this.ensureIndexes([...indexesFor(filter, sort.key), ...(byType ? (['type'] as const) : [])]);
    const filterClause = filterSql(walletId, filter);
    return { filterClause, keys: windowKeysSql(filterClause, sort.key, sort.direction) };
  }

  private ensureIndexes(indexes: readonly LazyIndex[]): void {
    for (const index of indexes) {
      if (this.madeIndexes.has(index)) continue;
      this.db.exec(LAZY_INDEXES[index]);
      this.madeIndexes.add(index);
    }
  }
}
