/**
 * Perps funding payments per account (address, lower-case): one row per instrument and funding
 * time, pages for the view and per-instrument totals (summed exactly from the decimal strings).
 */
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import type { PerpsFundingRecord } from '../../../shared/protocol/perps';

interface Row {
  instrument_id: number;
  ts: number;
  size: string;
  funding_rate: string;
  funding_asset: string;
  funding: string;
}

const toRecord = (r: Row): PerpsFundingRecord => ({
  instrument_id: r.instrument_id, timestamp: r.ts, size: r.size, funding_rate: r.funding_rate, funding_asset: r.funding_asset, funding: r.funding,
});

export class PerpsFundingTable {
  private readonly insert: StatementSync;
  private readonly count: StatementSync;
  private readonly newest: StatementSync;

  constructor(private readonly db: DatabaseSync) {
    this.insert = db.prepare(
      `INSERT OR IGNORE INTO perps_funding (account, instrument_id, ts, size, funding_rate, funding_asset, funding) VALUES (?,?,?,?,?,?,?)`,
    );
    this.count = db.prepare('SELECT count(*) AS n FROM perps_funding WHERE account = ?');
    this.newest = db.prepare('SELECT max(ts) AS ts FROM perps_funding WHERE account = ?');
  }

  add(account: string, rows: readonly PerpsFundingRecord[]): number {
    let added = 0;
    for (const r of rows) {
      added += Number(this.insert.run(account, r.instrument_id, r.timestamp, r.size, r.funding_rate, r.funding_asset, r.funding).changes);
    }
    return added;
  }

  rowCount(account: string): number {
    return (this.count.get(account) as { n: number }).n;
  }

  newestAt(account: string): number | null {
    return (this.newest.get(account) as { ts: number | null }).ts;
  }

  window(account: string, instrumentId: number | undefined, offset: number, limit: number): { total: number; rows: PerpsFundingRecord[] } {
    const filter = instrumentId === undefined ? '' : ' AND instrument_id = ?';
    const params = instrumentId === undefined ? [account] : [account, instrumentId];
    const total = (this.db.prepare(`SELECT count(*) AS n FROM perps_funding WHERE account = ?${filter}`).get(...params) as { n: number }).n;
    const rows = this.db
      .prepare(`SELECT instrument_id, ts, size, funding_rate, funding_asset, funding FROM perps_funding WHERE account = ?${filter} ORDER BY ts DESC, instrument_id LIMIT ? OFFSET ?`)
      .all(...params, limit, offset) as unknown as Row[];
    return { total, rows: rows.map(toRecord) };
  }

  /** Every payment's amount by instrument (the caller sums them exactly). */
  amountsByInstrument(account: string): Map<number, string[]> {
    const byInstrument = new Map<number, string[]>();
    const statement = this.db.prepare('SELECT instrument_id, funding FROM perps_funding WHERE account = ?');
    for (const row of statement.iterate(account) as Iterable<{ instrument_id: number; funding: string }>) {
      const list = byInstrument.get(row.instrument_id) ?? [];
      list.push(row.funding);
      byInstrument.set(row.instrument_id, list);
    }
    return byInstrument;
  }
}
