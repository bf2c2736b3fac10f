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
import { PerpsEquityTable } from './perpsEquityTable';
import { PerpsFundingTable } from './perpsFundingTable';
import { PerpsTransfersTable } from './perpsTransfersTable';
import { PerpsWalkTable } from './perpsWalkTable';
import { SnapshotTable } from './snapshotTable';
import { TradesTable } from './tradesTable';
import { WalkTable } from './walkTable';

/** How long a write batch stays open before it commits. */
const BATCH_MS = 1_000;

export const walletKey = (address: string) => address.toLowerCase();

export class HistoryStore {
  readonly activity: ActivityTable;
  readonly trades: TradesTable;
  readonly walks: WalkTable;
  readonly snapshots: SnapshotTable;
  readonly perpsTransfers: PerpsTransfersTable;
  readonly perpsFunding: PerpsFundingTable;
  readonly perpsWalks: PerpsWalkTable;
  readonly perpsEquity: PerpsEquityTable;
  private closed = false;
  private batchOpen = false;
  private batchTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: DatabaseSync,
    readonly path: string,
  ) {
    this.activity = new ActivityTable(db);
    this.trades = new TradesTable(db);
    this.walks = new WalkTable(db);
    this.snapshots = new SnapshotTable(db);
    this.perpsTransfers = new PerpsTransfersTable(db);
    this.perpsFunding = new PerpsFundingTable(db);
    this.perpsWalks = new PerpsWalkTable(db);
    this.perpsEquity = new PerpsEquityTable(db);
  }

  /** The store of one network's rows (historyFileName: the sandbox keeps history.sqlite). */
  static open(dataDir: string, log: Logger, networkId?: string): HistoryStore {
    const { db, path } = openHistoryDatabase(dataDir, log, undefined, networkId);
    return new HistoryStore(db, path);
  }

  /**
   * Runs `work` inside the store's write batch (opened if none is), all of it or none of it
   * (a savepoint). The batch commits BATCH_MS after it opened, or at `flush()`. A walk writes each
   * page (rows and cursor together) as it arrives, so the store's work overlaps the service's
   * next page, and a commit per page, which would write the same index pages again and again,
   * is avoided. A crash loses at most the last batch: its rows together with their cursors.
   */
  write<T>(work: () => T): T {
    if (!this.batchOpen) {
      this.db.exec('BEGIN IMMEDIATE');
      this.batchOpen = true;
      this.batchTimer = setTimeout(() => this.flush(), BATCH_MS);
      this.batchTimer.unref?.();
    }
    this.db.exec('SAVEPOINT work');
    try {
      const result = work();
      this.db.exec('RELEASE work');
      return result;
    } catch (error) {
      this.db.exec('ROLLBACK TO work');
      this.db.exec('RELEASE work');
      // Wallet and market ids inserted inside the savepoint are gone with it.
      this.activity.rolledBack();
      throw error;
    }
  }

  /** Commits the open write batch, if any. */
  flush(): void {
    if (this.batchTimer) clearTimeout(this.batchTimer);
    this.batchTimer = null;
    if (!this.batchOpen) return;
    this.batchOpen = false;
    this.db.exec('COMMIT');
  }

  /** Runs `work` and commits it at once (with anything batched before it). */
  transaction<T>(work: () => T): T {
    const result = this.write(work);
    this.flush();
    return result;
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.flush();
    this.db.close();
  }
}
