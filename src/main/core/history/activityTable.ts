/**
 * The `activity` table: pages of walked rows in, the Activity view's windows and the export's
 * stream out. Prepared statements are made once; a page goes in as one transaction together with
 * the walk's new cursor (walkTable.ts), so the store never holds rows without their cursor or a
 * cursor without its rows: a walk resumed after any failure has no gap and no repeat.
 */
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import type { ActivityRow } from '../../../shared/protocol/analytics';
import type { ActivityFilter, ActivityRowView, ActivitySortKey } from '../../../shared/portfolioViews';
import { ACTIVITY_COLUMNS, activityValues, toActivityRowView, type StoredActivity } from './activityRows';
import { filterSql, orderSql } from './activityFilterSql';

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
  condition: 'CREATE INDEX IF NOT EXISTS activity_by_condition ON activity(wallet, condition_id, ts, seq)',
  event: 'CREATE INDEX IF NOT EXISTS activity_by_event ON activity(wallet, event_slug, ts, seq)',
  title: 'CREATE INDEX IF NOT EXISTS activity_by_title ON activity(wallet, title, ts, seq, type)',
  size: 'CREATE INDEX IF NOT EXISTS activity_by_size ON activity(wallet, size, ts, seq, type)',
  price: 'CREATE INDEX IF NOT EXISTS activity_by_price ON activity(wallet, price, ts, seq, type)',
  usdcSize: 'CREATE INDEX IF NOT EXISTS activity_by_usdc ON activity(wallet, size_usdc, ts, seq, type)',
} as const;
type LazyIndex = keyof typeof LAZY_INDEXES;

function indexesFor(filter: ActivityFilter, sort?: ActivitySortKey): LazyIndex[] {
  const wanted: LazyIndex[] = [];
  if (filter.conditionIds && filter.conditionIds.length > 0) wanted.push('condition');
  if (filter.eventSlug) wanted.push('event');
  if (sort && sort !== 'timestamp' && sort !== 'type') wanted.push(sort);
  return wanted;
}

export class ActivityTable {
  private readonly madeIndexes = new Set<LazyIndex>();

  private readonly insert: StatementSync;
  private readonly newest: StatementSync;
  private readonly oldest: StatementSync;
  private readonly count: StatementSync;

  constructor(private readonly db: DatabaseSync) {
    this.insert = db.prepare(
      `INSERT OR IGNORE INTO activity (${ACTIVITY_COLUMNS.join(',')}) VALUES (${ACTIVITY_COLUMNS.map(() => '?').join(',')})`,
    );
    this.newest = db.prepare('SELECT ts, seq FROM activity WHERE wallet = ? ORDER BY ts DESC, seq DESC LIMIT 1');
    this.oldest = db.prepare('SELECT ts, seq FROM activity WHERE wallet = ? ORDER BY ts ASC, seq ASC LIMIT 1');
    this.count = db.prepare('SELECT count(*) AS n FROM activity WHERE wallet = ?');
  }

  /** Inserts rows (inside the caller's transaction); returns how many were new. */
  insertRows(wallet: string, rows: readonly ActivityRow[]): number {
    let added = 0;
    for (const row of rows) added += Number(this.insert.run(...activityValues(wallet, row)).changes);
    return added;
  }

  newestKey(wallet: string): FeedKey | null {
    return (this.newest.get(wallet) as FeedKey | undefined) ?? null;
  }

  oldestKey(wallet: string): FeedKey | null {
    return (this.oldest.get(wallet) as FeedKey | undefined) ?? null;
  }

  rowCount(wallet: string): number {
    return (this.count.get(wallet) as { n: number }).n;
  }

  /** The filtered total and one sorted window of it, for a virtualized table. */
  window(wallet: string, filter: ActivityFilter, sort: WindowSort, offset: number, limit: number): ActivityWindow {
    const { where, params } = this.windowQuery(wallet, filter, sort);
    const total = (this.db.prepare(`SELECT count(*) AS n FROM activity WHERE ${where}`).get(...params) as { n: number }).n;
    const rows = this.db
      .prepare(`SELECT ${ACTIVITY_COLUMNS.join(',')} FROM activity WHERE ${where} ORDER BY ${orderSql(sort.key, sort.direction)} LIMIT ? OFFSET ?`)
      .all(...params, limit, offset) as unknown as StoredActivity[];
    return { total, rows: rows.map(toActivityRowView) };
  }

  /**
   * SQLite's plan for a window's rows (`EXPLAIN QUERY PLAN`), one step per line: how tests check
   * that every filter and sort the view offers is answered from an index, not by sorting the
   * wallet's whole history, without timing anything.
   */
  windowPlan(wallet: string, filter: ActivityFilter, sort: WindowSort): string[] {
    const { where, params } = this.windowQuery(wallet, filter, sort);
    const steps = this.db
      .prepare(`EXPLAIN QUERY PLAN SELECT ${ACTIVITY_COLUMNS.join(',')} FROM activity WHERE ${where} ORDER BY ${orderSql(sort.key, sort.direction)} LIMIT ? OFFSET ?`)
      .all(...params, 200, 0) as Array<{ detail: string }>;
    return steps.map((step) => step.detail);
  }

  private windowQuery(wallet: string, filter: ActivityFilter, sort: WindowSort): { where: string; params: Array<string | number> } {
    this.ensureIndexes(indexesFor(filter, sort.key));
    return filterSql(wallet, filter);
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
    const { where, params } = filterSql(wallet, filter);
    const statement = this.db.prepare(`SELECT ${ACTIVITY_COLUMNS.join(',')} FROM activity WHERE ${where} ORDER BY ts DESC, seq DESC`);
    yield* statement.iterate(...params) as IterableIterator<StoredActivity>;
  }

  /** The rows that move holdings, oldest first (for the value-over-time series). */
  *holdingChanges(wallet: string, untilTs: number): Generator<HoldingChange> {
    const statement = this.db.prepare(
      `SELECT ts, type, condition_id, token_id, side, size, price FROM activity
       WHERE wallet = ? AND ts <= ? AND type IN ('TRADE','SPLIT','MERGE','REDEEM') ORDER BY ts ASC, seq ASC`,
    );
    yield* statement.iterate(wallet, untilTs) as IterableIterator<HoldingChange>;
  }

  /** Outcome tokens of each market the wallet touched, to apply a split or merge given per market. */
  tokensByCondition(wallet: string): Map<string, string[]> {
    const rows = this.db
      .prepare('SELECT DISTINCT condition_id, token_id FROM activity WHERE wallet = ? AND condition_id IS NOT NULL AND token_id IS NOT NULL')
      .all(wallet) as Array<{ condition_id: string; token_id: string }>;
    const map = new Map<string, string[]>();
    for (const row of rows) map.set(row.condition_id, [...(map.get(row.condition_id) ?? []), row.token_id]);
    return map;
  }

  countMatching(wallet: string, filter: ActivityFilter): number {
    this.ensureIndexes(indexesFor(filter));
    const { where, params } = filterSql(wallet, filter);
    return (this.db.prepare(`SELECT count(*) AS n FROM activity WHERE ${where}`).get(...params) as { n: number }).n;
  }
}
