/**
 * Inserting a walked page of activity rows. Rows go in CHUNK_ROWS at a time through one prepared
 * multi-row `INSERT OR IGNORE … VALUES (…), (…), …` (the rest of a page one by one), its
 * parameters written into one reused array: each statement call has a fixed cost crossing into
 * SQLite, and one call per row was, with the per-row arrays, about a quarter of a walk's insert
 * time (profiled with the historyWalk bench). A row whose key is already stored is skipped, as
 * before; the statement's change count is the number of new rows.
 *
 * Rows go in oldest first whatever the page's order (a walk's pages come newest first): each then
 * lands just after the one before it in the key's B-tree, and SQLite's page splits leave full
 * pages. Newest first, every insert landed at the left edge of a leaf and each split left two half
 * full: 55% more pages to write and commit, and about a sixth more CPU per row (measured,
 * docs/decisions/50-walk-and-startup/03-the-walk-store-cpu.md).
 */
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import type { ActivityRow } from '../../../shared/protocol/analytics';
import type { ActivityRefs } from './activityRefs';
import { ACTIVITY_INSERT_COLUMNS, writeActivityValues, type SqlValue } from './activityRows';
import { pageIsNewestFirst } from './pageOrder';

/** Rows per statement: 50 × 13 parameters, far below SQLite's limit of 32,766. */
const CHUNK_ROWS = 50;
const COLUMNS = ACTIVITY_INSERT_COLUMNS.length;

const insertSql = (rows: number) => {
  const tuple = `(${ACTIVITY_INSERT_COLUMNS.map(() => '?').join(',')})`;
  return `INSERT OR IGNORE INTO activity (${ACTIVITY_INSERT_COLUMNS.join(',')}) VALUES ${Array.from({ length: rows }, () => tuple).join(',')}`;
};

export class ActivityInsert {
  private readonly one: StatementSync;
  private readonly chunk: StatementSync;
  private readonly oneValues: SqlValue[] = new Array<SqlValue>(COLUMNS);
  private readonly chunkValues: SqlValue[] = new Array<SqlValue>(COLUMNS * CHUNK_ROWS);

  constructor(
    db: DatabaseSync,
    private readonly refs: ActivityRefs,
  ) {
    this.one = db.prepare(insertSql(1));
    this.chunk = db.prepare(insertSql(CHUNK_ROWS));
  }

  /** Inserts rows (inside the caller's transaction); returns how many were new. */
  rows(wallet: string, rows: readonly ActivityRow[]): number {
    const walletId = this.refs.walletId(wallet, true);
    const last = rows.length - 1;
    // The k-th row in key order: from the end of a page sent newest first.
    const newestFirst = pageIsNewestFirst(rows);
    const at = (k: number) => rows[newestFirst ? last - k : k]!;
    let added = 0;
    let i = 0;
    for (; i + CHUNK_ROWS <= rows.length; i += CHUNK_ROWS) {
      for (let j = 0; j < CHUNK_ROWS; j++) {
        const row = at(i + j);
        writeActivityValues(this.chunkValues, j * COLUMNS, walletId, this.refs.marketId(row), row);
      }
      added += Number(this.chunk.run(...this.chunkValues).changes);
    }
    for (; i < rows.length; i++) {
      const row = at(i);
      writeActivityValues(this.oneValues, 0, walletId, this.refs.marketId(row), row);
      added += Number(this.one.run(...this.oneValues).changes);
    }
    return added;
  }
}
