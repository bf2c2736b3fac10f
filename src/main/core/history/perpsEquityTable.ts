/**
 * Perps equity points per account (address, lower-case) and kline interval in the history store:
 * the points the equity chart has read, kept so a later read asks the exchange only for what is
 * newer, and so the chart still has its series while the exchange cannot be reached. The points
 * of one (account, interval) are kept contiguous (no missing kline between the oldest and the
 * newest); `fromStart` says whether the oldest is the account's very first.
 */
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import type { PerpsEquityPoint } from '../../../shared/protocol/perps';

export class PerpsEquityTable {
  private readonly insert: StatementSync;
  private readonly bounds: StatementSync;
  private readonly newestRows: StatementSync;
  private readonly dropBefore: StatementSync;
  private readonly getSpan: StatementSync;
  private readonly putSpan: StatementSync;

  constructor(db: DatabaseSync) {
    // Replace: the newest kline of a real exchange may still move until its interval ends.
    this.insert = db.prepare('INSERT OR REPLACE INTO perps_equity (account, interval, ts, equity) VALUES (?,?,?,?)');
    this.bounds = db.prepare('SELECT count(*) AS n, min(ts) AS oldest, max(ts) AS newest FROM perps_equity WHERE account = ? AND interval = ?');
    this.newestRows = db.prepare('SELECT ts, equity FROM perps_equity WHERE account = ? AND interval = ? ORDER BY ts DESC LIMIT ?');
    this.dropBefore = db.prepare('DELETE FROM perps_equity WHERE account = ? AND interval = ? AND ts < ?');
    this.getSpan = db.prepare('SELECT from_start, synced_at FROM perps_equity_span WHERE account = ? AND interval = ?');
    this.putSpan = db.prepare(
      `INSERT INTO perps_equity_span (account, interval, from_start, synced_at) VALUES (?,?,?,?)
       ON CONFLICT (account, interval) DO UPDATE SET from_start = excluded.from_start, synced_at = excluded.synced_at`,
    );
  }

  put(account: string, interval: string, points: readonly PerpsEquityPoint[]): void {
    for (const [ts, equity] of points) this.insert.run(account, interval, ts, equity);
  }

  /** How many points are stored, and the oldest and newest time (null when none). */
  span(account: string, interval: string): { count: number; oldest: number | null; newest: number | null; fromStart: boolean; syncedAt: number | null } {
    const b = this.bounds.get(account, interval) as { n: number; oldest: number | null; newest: number | null };
    const s = this.getSpan.get(account, interval) as { from_start: number; synced_at: number } | undefined;
    return { count: b.n, oldest: b.oldest, newest: b.newest, fromStart: b.n > 0 && s?.from_start === 1, syncedAt: s?.synced_at ?? null };
  }

  markSynced(account: string, interval: string, fromStart: boolean, at: number): void {
    this.putSpan.run(account, interval, fromStart ? 1 : 0, at);
  }

  /** The newest `limit` points, oldest first (the chart's order). */
  newest(account: string, interval: string, limit: number): PerpsEquityPoint[] {
    const rows = this.newestRows.all(account, interval, limit) as Array<{ ts: number; equity: string }>;
    return rows.reverse().map((r) => [r.ts, r.equity]);
  }

  /** Drops the points before `ts` (they no longer join the newer ones, or are beyond the cap). */
  dropOlderThan(account: string, interval: string, ts: number): void {
    this.dropBefore.run(account, interval, ts);
  }
}
