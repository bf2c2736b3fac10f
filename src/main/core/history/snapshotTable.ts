/**
 * The last portfolio read from the service per wallet (positions and closed positions as the
 * service sent them), so Portfolio shows something at start and while the service is out of
 * reach, marked with its age. Public data only: nothing of an account's keys is ever here.
 */
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import type { ClosedPositionRow, PositionRow } from '../../../shared/protocol/analytics';

export interface PortfolioSnapshot {
  takenAt: number;
  positions: PositionRow[];
  closed: ClosedPositionRow[];
}

export class SnapshotTable {
  private readonly put: StatementSync;
  private readonly get: StatementSync;

  constructor(db: DatabaseSync) {
    this.put = db.prepare(
      `INSERT INTO portfolio_snapshots (wallet, taken_at, positions, closed) VALUES (?,?,?,?)
       ON CONFLICT (wallet) DO UPDATE SET taken_at = excluded.taken_at, positions = excluded.positions, closed = excluded.closed`,
    );
    this.get = db.prepare('SELECT taken_at, positions, closed FROM portfolio_snapshots WHERE wallet = ?');
  }

  save(wallet: string, snapshot: PortfolioSnapshot): void {
    this.put.run(wallet, snapshot.takenAt, JSON.stringify(snapshot.positions), JSON.stringify(snapshot.closed));
  }

  load(wallet: string): PortfolioSnapshot | null {
    const row = this.get.get(wallet) as { taken_at: number; positions: string; closed: string } | undefined;
    if (!row) return null;
    try {
      return { takenAt: row.taken_at, positions: JSON.parse(row.positions) as PositionRow[], closed: JSON.parse(row.closed) as ClosedPositionRow[] };
    } catch {
      return null;
    }
  }
}
