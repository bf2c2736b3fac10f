/**
 * The local history store: one SQLite file in the data folder (historyDatabase.ts) holding the
 * walked activity and trades per wallet, the walks in progress and the last synced portfolios.
 * Wallets are keyed lower-case. Synchronous by design (node:sqlite): each call is short, and a
 * page of 1,000 rows goes in as one transaction in a few milliseconds.
 *
 * A full disk or a read-only folder fails a write with a StorageFault naming the folder; SQLite
 * rolls the refused transaction back, so the file keeps every batch committed before it. The
 * batch that commits from a timer never throws out of it: its failure is counted (a walk that
 * wrote into the lost batch stops, see `failedSince`) and told to the status bar.
 */
import { availableParallelism } from 'node:os';
import { dirname } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { StorageFault, storageFault } from '../dataFolder/storageFaults';
import { ignoreStorageReport, type StorageReport } from '../dataFolder/storageHealth';
import { silentLogger, type Logger } from '../log';
import { ActivityTable } from './activityTable';
import { openHistoryDatabase } from './historyDatabase';
import { PerpsEquityTable } from './perpsEquityTable';
import { PerpsFundingTable } from './perpsFundingTable';
import { PerpsTransfersTable } from './perpsTransfersTable';
import { PerpsWalkTable } from './perpsWalkTable';
import { SnapshotTable } from './snapshotTable';
import { TradesTable } from './tradesTable';
import { WalkTable } from './walkTable';
import { WalkWriter } from './walkWriter';

/** How long a write batch stays open before it commits. */
const BATCH_MS = 1_000;

export const walletKey = (address: string) => address.toLowerCase();

/** Whether a walk writes on its own thread by default on this machine: only with more than two cores (see walkWriter). */
export const walksOnWriterThreadByDefault = (): boolean => availableParallelism() > 2;

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
  /** Write batches lost to a failed commit or an aborted transaction since the store opened. */
  private lostBatches = 0;
  private lastLoss: Error | null = null;
  /** The walks' writer thread: started with the first walk, null where none can run. */
  private writer: WalkWriter | null | undefined;
  private walksOnThread: boolean | undefined;

  constructor(
    private readonly db: DatabaseSync,
    readonly path: string,
    private readonly log: Logger = silentLogger,
    private readonly report: StorageReport = ignoreStorageReport,
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
  static open(dataDir: string, log: Logger, networkId?: string, report?: StorageReport): HistoryStore {
    const { db, path } = openHistoryDatabase(dataDir, log, undefined, networkId);
    return new HistoryStore(db, path, log, report);
  }

  /** How many write batches were lost so far: pass it to `failedSince` later. */
  lossCount(): number {
    return this.lostBatches;
  }

  /**
   * The failure that lost a batch after `lossCount()` was `count`, or null. A walk keeps its
   * cursor in memory across batches: if a batch it wrote into was lost, the stored cursor is
   * older than the walk's, and going on would skip the lost rows. It stops and resumes from the file.
   */
  failedSince(count: number): Error | null {
    return this.lostBatches > count ? this.lastLoss : null;
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
      this.guarded(() => this.db.exec('BEGIN IMMEDIATE'));
      this.batchOpen = true;
      this.batchTimer = setTimeout(() => this.flushQuietly(), BATCH_MS);
      this.batchTimer.unref?.();
    }
    this.guarded(() => this.db.exec('SAVEPOINT work'));
    try {
      const result = work();
      this.db.exec('RELEASE work');
      return result;
    } catch (error) {
      // A full disk may make SQLite roll the whole transaction back by itself: then the batch is gone.
      if (this.db.isTransaction) {
        this.db.exec('ROLLBACK TO work');
        this.db.exec('RELEASE work');
      } else {
        this.batchLost(error);
      }
      // Wallet and market ids inserted inside the savepoint are gone with it.
      this.activity.rolledBack();
      throw this.faultOf(error) ?? error;
    }
  }

  /** Commits the open write batch, if any; a refused commit throws a StorageFault and the batch is lost. */
  flush(): void {
    if (this.batchTimer) clearTimeout(this.batchTimer);
    this.batchTimer = null;
    if (!this.batchOpen) return;
    this.batchOpen = false;
    try {
      this.db.exec('COMMIT');
    } catch (error) {
      if (this.db.isTransaction) {
        try {
          this.db.exec('ROLLBACK');
        } catch {
          // Already rolled back by SQLite.
        }
      }
      this.batchLost(error);
      this.activity.rolledBack();
      throw this.faultOf(error) ?? error;
    }
    this.report.written();
  }

  /** The batch timer's (and the close's) commit: nobody waits on it, so its failure is logged, counted and shown, never thrown. */
  private flushQuietly(): void {
    try {
      this.flush();
    } catch (error) {
      this.log.warn(`history store: a write batch was not committed: ${error instanceof Error ? error.message : 'unknown error'}`);
    }
  }

  /** Runs a statement outside any work (BEGIN, SAVEPOINT); a disk refusal becomes a StorageFault. */
  private guarded(statement: () => void): void {
    try {
      statement();
    } catch (error) {
      throw this.faultOf(error) ?? error;
    }
  }

  private batchLost(error: unknown): void {
    this.batchOpen = false;
    if (this.batchTimer) clearTimeout(this.batchTimer);
    this.batchTimer = null;
    this.lostBatches += 1;
    this.lastLoss = this.faultOf(error) ?? (error instanceof Error ? error : new Error(String(error)));
  }

  /** A full or read-only disk as the user reads it (and told to the status bar); null for anything else. */
  private faultOf(error: unknown): StorageFault | null {
    const fault = storageFault(error, 'the synced history', { folder: dirname(this.path) });
    if (fault) this.report.failed(fault);
    return fault;
  }

  /**
   * The thread walks write their pages on (walkWriter.ts), started on first use; null where it is
   * not used, no worker can run, or once it failed (the walk then writes here, with `write`).
   * By default only with more than two cores: on two, the service's process and this one's loop
   * already share them, and the thread path, even handed each page as text, spends more CPU per
   * row than it frees (measured by the historyWalk bench, which runs both). What is batched here is committed
   * first, so the two connections never wait on each other at a walk's start.
   */
  walkWriter(): WalkWriter | null {
    if (this.closed) return null;
    if (this.writer === undefined) {
      const onThread = this.walksOnThread ?? walksOnWriterThreadByDefault();
      this.writer = onThread
        ? WalkWriter.start(this.path, {
            committed: (wallet, from, to) => {
              // The thread's last commit is told after the store closed: nothing left to update.
              if (!this.closed) this.activity.storedElsewhere(wallet, from, to);
            },
            failed: (failure) => {
              if (failure instanceof StorageFault) this.report.failed(failure);
            },
          })
        : null;
    }
    if (this.writer && !this.writer.usable) this.writer = null;
    if (this.writer) this.flush();
    return this.writer;
  }

  /** Walks write on the writer thread (true) or here (false), whatever the cores; before the first walk (the bench and the tests choose). */
  writeWalksOnThread(onThread: boolean): void {
    this.walksOnThread = onThread;
  }

  /** Runs `work` and commits it at once (with anything batched before it). */
  transaction<T>(work: () => T): T {
    const result = this.write(work);
    this.flush();
    return result;
  }

  /** Commits what is batched (a refusal is logged: the walks resume from the file's cursors) and closes. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.writer?.close();
    this.flushQuietly();
    this.db.close();
  }
}
