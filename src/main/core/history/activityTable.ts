/**
 * The `activity` table: pages of walked rows in, the Activity view's windows and the export's
 * stream out. Prepared statements are made once; a page goes in as one transaction together with
 * the walk's new cursor (walkTable.ts), so the store never holds rows without their cursor or a
 * cursor without its rows: a walk resumed after any failure has no gap and no repeat.
 */
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import type { ActivityRow } from '../../../shared/protocol/analytics';
import type { ActivityFilter, ActivityRowView, ActivitySortKey } from '../../../shared/portfolioViews';
import { ActivityRefs } from './activityRefs';
import { ActivityInsert } from './activityInsert';
import { ACTIVITY_FROM, ACTIVITY_SELECT, toActivityRowView, type StoredActivity } from './activityRows';
import { filterSql, orderSql, windowKeysSql, type FilterSql } from './activityFilterSql';

export interface FeedKey {
  ts: number;
  seq: number;
}

export interface HoldingChange {
  ts: number;
  type: string;
  condition_id: string | null;
  token_id: string | null;
  side: string | null;
  size: number | null;
  price: number | null;
  /** USD of the row (a redemption's payout, where the price is not given). */
  size_usdc: number | null;
}

export interface WindowSort {
  key: ActivitySortKey;
  direction: 'asc' | 'desc';
}

export interface ActivityWindow {
  total: number;
  rows: ActivityRowView[];
}

/**
 * Filter and sort indexes made on first use (migrations.ts says why). Each sort index ends with
 * `type` so the default filter (no tips) is answered from the index, without reading the rows a
 * deep window skips over.
 */
const LAZY_INDEXES = {
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

export class ActivityTable {
  private readonly madeIndexes = new Set<LazyIndex>();

  private readonly refs: ActivityRefs;
  private readonly insert: ActivityInsert;
  private readonly newest: StatementSync;
  private readonly oldest: StatementSync;
  private readonly count: StatementSync;

  constructor(private readonly db: DatabaseSync) {
    this.refs = new ActivityRefs(db);
    this.insert = new ActivityInsert(db, this.refs);
    this.newest = db.prepare('SELECT ts, seq FROM activity WHERE wallet_id = ? ORDER BY ts DESC, seq DESC LIMIT 1');
    this.oldest = db.prepare('SELECT ts, seq FROM activity WHERE wallet_id = ? ORDER BY ts ASC, seq ASC LIMIT 1');
    this.count = db.prepare('SELECT count(*) AS n FROM activity WHERE wallet_id = ?');
  }

  /** Inserts rows (inside the caller's transaction); returns how many were new. */
  insertRows(wallet: string, rows: readonly ActivityRow[]): number {
    return this.insert.rows(wallet, rows);
  }

  /** After a rollback: ids remembered for rows it may have removed are read again. */
  rolledBack(): void {
    this.refs.forget();
  }

  /** The wallet's id, or -1 (matching no row) for a wallet the store has never held. */
  private walletId(wallet: string): number {
    return this.refs.walletId(wallet, false) ?? -1;
  }

  newestKey(wallet: string): FeedKey | null {
    return (this.newest.get(this.walletId(wallet)) as FeedKey | undefined) ?? null;
  }

  oldestKey(wallet: string): FeedKey | null {
    return (this.oldest.get(this.walletId(wallet)) as FeedKey | undefined) ?? null;
  }

  rowCount(wallet: string): number {
    return (this.count.get(this.walletId(wallet)) as { n: number }).n;
  }

  /** The filtered total and one sorted window of it, for a virtualized table. */
  window(wallet: string, filter: ActivityFilter, sort: WindowSort, offset: number, limit: number): ActivityWindow {
    const { filterClause, keys } = this.windowQuery(wallet, filter, sort);
    const { where, params } = filterClause;
    const total = (this.db.prepare(`SELECT count(*) AS n FROM activity a WHERE ${where}`).get(...params) as { n: number }).n;
    const rows = this.db
      // The window's keys first, then each row by its primary key (CROSS JOIN keeps that order of lookup).
      .prepare(
        `SELECT ${ACTIVITY_SELECT} FROM (${keys.where}) k CROSS JOIN activity a ON a.wallet_id = ? AND a.ts = k.ts AND a.seq = k.seq ` +
          `LEFT JOIN markets m ON m.id = a.market_ref ORDER BY ${orderSql(sort.key, sort.direction)}`,
      )
      .all(...keys.params, limit, offset, params[0]!) as unknown as StoredActivity[];
    return { total, rows: rows.map((row) => toActivityRowView({ ...row, wallet })) };
  }

  /**
   * SQLite's plan for a window's rows (`EXPLAIN QUERY PLAN`), one step per line: how tests check
   * that every filter and sort the view offers is answered from an index, not by sorting the
   * wallet's whole history, without timing anything.
   */
  windowPlan(wallet: string, filter: ActivityFilter, sort: WindowSort): string[] {
    const { keys } = this.windowQuery(wallet, filter, sort);
    const steps = this.db.prepare(`EXPLAIN QUERY PLAN ${keys.where}`).all(...keys.params, 200, 0) as Array<{ detail: string }>;
    return steps.map((step) => step.detail);
  }

  /** The filter's clause and the query of a window's keys, with the indexes they need made. */
  private windowQuery(wallet: string, filter: ActivityFilter, sort: WindowSort): { filterClause: FilterSql; keys: FilterSql } {
    this.ensureIndexes(indexesFor(filter, sort.key));
    const filterClause = filterSql(this.walletId(wallet), filter);
    return { filterClause, keys: windowKeysSql(filterClause, sort.key, sort.direction) };
  }

  private ensureIndexes(indexes: readonly LazyIndex[]): void {
    for (const index of indexes) {
      if (this.madeIndexes.has(index)) continue;
      this.db.exec(LAZY_INDEXES[index]);
      this.madeIndexes.add(index);
    }
  }

  /** Every filtered row, newest first, one at a time off the statement (memory stays flat). */
  *stream(wallet: string, filter: ActivityFilter): Generator<StoredActivity> {
    this.ensureIndexes(indexesFor(filter));
    const { where, params } = filterSql(this.walletId(wallet), filter);
    const statement = this.db.prepare(`SELECT ${ACTIVITY_SELECT} FROM ${ACTIVITY_FROM} WHERE ${where} ORDER BY a.ts DESC, a.seq DESC`);
    for (const row of statement.iterate(...params) as IterableIterator<StoredActivity>) {
      row.wallet = wallet;
      yield row;
    }
  }

  /**
   * The rows that move holdings, oldest first (the value-over-time series and realised P&L). Read
   * as arrays without the markets join, each row's market then taken from one small map: the
   * large synthetic wallet's quarter-million rows make no string per row that way.
   */
  *holdingChanges(wallet: string, untilTs: number): Generator<HoldingChange> {
    const id = this.walletId(wallet);
    const markets = new Map<number, { condition_id: string | null; token_id: string | null }>();
    const refs = this.db.prepare('SELECT id, condition_id, token_id FROM markets WHERE id IN (SELECT DISTINCT market_ref FROM activity WHERE wallet_id = ?)');
    for (const row of refs.iterate(id) as IterableIterator<{ id: number; condition_id: string | null; token_id: string | null }>) markets.set(row.id, row);
    const statement = this.db.prepare(
      `SELECT ts, type, market_ref, side, size, price, size_usdc FROM activity
       WHERE wallet_id = ? AND ts <= ? AND type IN ('TRADE','SPLIT','MERGE','REDEEM') ORDER BY ts ASC, seq ASC`,
    );
    statement.setReturnArrays(true);
    type Row = [number, string, number | null, string | null, number | null, number | null, number | null];
    for (const [ts, type, ref, side, size, price, usdc] of statement.iterate(id, untilTs) as unknown as IterableIterator<Row>) {
      const market = ref === null ? undefined : markets.get(ref);
      yield { ts, type, condition_id: market?.condition_id ?? null, token_id: market?.token_id ?? null, side, size, price, size_usdc: usdc };
    }
  }

  /** Outcome tokens of each market the wallet touched, to apply a split or merge given per market. */
  tokensByCondition(wallet: string): Map<string, string[]> {
    const rows = this.db
      .prepare(
        `SELECT DISTINCT condition_id, token_id FROM markets WHERE id IN (SELECT market_ref FROM activity WHERE wallet_id = ?)
         AND condition_id IS NOT NULL AND token_id IS NOT NULL`,
      )
      .all(this.walletId(wallet)) as Array<{ condition_id: string; token_id: string }>;
    const map = new Map<string, string[]>();
    for (const row of rows) map.set(row.condition_id, [...(map.get(row.condition_id) ?? []), row.token_id]);
    return map;
  }

  countMatching(wallet: string, filter: ActivityFilter): number {
    this.ensureIndexes(indexesFor(filter));
    const { where, params } = filterSql(this.walletId(wallet), filter);
    return (this.db.prepare(`SELECT count(*) AS n FROM activity a WHERE ${where}`).get(...params) as { n: number }).n;
  }
}
