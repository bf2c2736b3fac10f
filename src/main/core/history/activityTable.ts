/**
 * The `activity` table: pages of walked rows in, the Activity view's windows and the export's
 * stream out. Prepared statements are made once; a page goes in as one transaction together with
 * the walk's new cursor (walkTable.ts), so the store never holds rows without their cursor or a
 * cursor without its rows: a walk resumed after any failure has no gap and no repeat.
 */
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import type { ActivityRow } from '../../../shared/protocol/analytics';
import type { ActivityFilter, ActivityRowView } from '../../../shared/portfolioViews';
import { ActivityRefs } from './activityRefs';
import { ActivityInsert } from './activityInsert';
import { toActivityRowView, type StoredActivity } from './activityRows';
import { ActivitySqlQueries, type WindowSort } from './activitySqlQueries';
import { ActivityColumnIndex } from './activityColumnIndex';

export type { WindowSort } from './activitySqlQueries';

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

export interface ActivityWindow {
  total: number;
  rows: ActivityRowView[];
}

export class ActivityTable {
  /** The filters and sorts in SQL: the export's, and the reference for the view's windows. */
  readonly sql: ActivitySqlQueries;
  /** The view's windows: filtered and sorted in memory. */
  private readonly columns: ActivityColumnIndex;
  private readonly refs: ActivityRefs;
  private readonly insert: ActivityInsert;
  private readonly newest: StatementSync;
  private readonly oldest: StatementSync;
  private readonly count: StatementSync;

  constructor(private readonly db: DatabaseSync) {
    this.refs = new ActivityRefs(db);
    this.insert = new ActivityInsert(db, this.refs);
    this.sql = new ActivitySqlQueries(db);
    this.columns = new ActivityColumnIndex(db);
    this.newest = db.prepare('SELECT ts, seq FROM activity WHERE wallet_id = ? ORDER BY ts DESC, seq DESC LIMIT 1');
    this.oldest = db.prepare('SELECT ts, seq FROM activity WHERE wallet_id = ? ORDER BY ts ASC, seq ASC LIMIT 1');
    this.count = db.prepare('SELECT count(*) AS n FROM activity WHERE wallet_id = ?');
  }

  /** Inserts rows (inside the caller's transaction); returns how many were new. */
  insertRows(wallet: string, rows: readonly ActivityRow[]): number {
    const added = this.insert.rows(wallet, rows);
    if (added > 0) this.columns.stored(this.walletIdOf(wallet), rows);
    return added;
  }

  /** After a rollback: ids remembered for rows it may have removed are read again. */
  rolledBack(): void {
    this.refs.forget();
    this.columns.forget();
  }

  /** The wallet's id, or -1 (matching no row) for a wallet the store has never held. */
  walletIdOf(wallet: string): number {
    return this.refs.walletId(wallet, false) ?? -1;
  }

  newestKey(wallet: string): FeedKey | null {
    return (this.newest.get(this.walletIdOf(wallet)) as FeedKey | undefined) ?? null;
  }

  oldestKey(wallet: string): FeedKey | null {
    return (this.oldest.get(this.walletIdOf(wallet)) as FeedKey | undefined) ?? null;
  }

  rowCount(wallet: string): number {
    return (this.count.get(this.walletIdOf(wallet)) as { n: number }).n;
  }

  /** The filtered total and one sorted window of it, for a virtualized table. */
  window(wallet: string, filter: ActivityFilter, sort: WindowSort, offset: number, limit: number): ActivityWindow {
    const { total, rows } = this.columns.window(this.walletIdOf(wallet), filter, sort, offset, limit);
    return { total, rows: rows.map((row) => toActivityRowView({ ...row, wallet })) };
  }

  /** Bytes the view's in-memory columns hold for the wallet (0 when not held). */
  heldBytes(wallet: string): number {
    return this.columns.bytesHeld(this.walletIdOf(wallet));
  }

  /** SQLite's plan for a window in SQL (ActivitySqlQueries.plan). */
  windowPlan(wallet: string, filter: ActivityFilter, sort: WindowSort): string[] {
    return this.sql.plan(this.walletIdOf(wallet), filter, sort);
  }

  /** Every filtered row, newest first, one at a time off the statement (memory stays flat). */
  *stream(wallet: string, filter: ActivityFilter): Generator<StoredActivity> {
    for (const row of this.sql.stream(this.walletIdOf(wallet), filter)) {
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
    const id = this.walletIdOf(wallet);
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
      .all(this.walletIdOf(wallet)) as Array<{ condition_id: string; token_id: string }>;
    const map = new Map<string, string[]>();
    for (const row of rows) map.set(row.condition_id, [...(map.get(row.condition_id) ?? []), row.token_id]);
    return map;
  }

  countMatching(wallet: string, filter: ActivityFilter): number {
    return this.sql.count(this.walletIdOf(wallet), filter);
  }
}
