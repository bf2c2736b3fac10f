/**
 * The local history store: one SQLite file in the data folder (historyDatabase.ts) holding the
 * walked activity and trades per wallet, the walks in progress and the last synced portfolios.
 * Wallets are keyed lower-case. Synchronous by design (node:sqlite): each call is short, and a
 * page of 1,000 rows goes in as one transaction in a few milliseconds.
 */
import type { DatabaseSync } from 'node:sqlite';
import type { Logger } from '../log';
import { ActivityTable } from './activityTable';
import { openHistoryDatabase } from './historyDatabase';
import { SnapshotTable } from './snapshotTable';
import { TradesTable } from './tradesTable';
import { WalkTable } from './walkTable';

export const walletKey = (address: string) => address.toLowerCase();

export class HistoryStore {
  readonly activity: ActivityTable;
  readonly trades: TradesTable;
  readonly walks: WalkTable;
  readonly snapshots: SnapshotTable;
  private closed = false;

  constructor(
    private readonly db: DatabaseSync,
    readonly path: string,
  ) {
    this.activity = new ActivityTable(db);
    this.trades = new TradesTable(db);
    this.walks = new WalkTable(db);
    this.snapshots = new SnapshotTable(db);
  }

  static open(dataDir: string, log: Logger): HistoryStore {
    const { db, path } = openHistoryDatabase(dataDir, log);
    return new HistoryStore(db, path);
  }

  /** Runs `work` as one transaction: all of it is stored, or none. */
  transaction<T>(work: () => T): T {
    this.db.exec('BEGIN IMMEDIATE');
    try {
      const result = work();
      this.db.exec('COMMIT');
      return result;
    } catch (error) {
      if (this.db.isTransaction) this.db.exec('ROLLBACK');
      throw error;
    }
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.db.close();
  }
}
