/**
 * Perps transfers per account (address, lower-case) in the history store: inserted by the sync's
 * walk (repeats ignored by transfer id), read back filtered, sorted and windowed for the view, and
 * streamed one row at a time for the export.
 */
import type { DatabaseSync, SQLInputValue, StatementSync } from 'node:sqlite';
import type { PerpsTransferFilter, PerpsTransferSort, PerpsTransferSortKey } from '../../../shared/perpsViews';

export interface StoredPerpsTransfer {
  transferId: number;
  asset: string;
  amountUnits: string;
  amount: string;
  counterparty: string;
  createdAt: number;
  label: string;
}


const SORT_COLUMNS: Record<PerpsTransferSortKey, string> = {
  createdAt: 'created_ts',
  // Out (a negative amount) before in, ascending.
  direction: "(amount_units NOT LIKE '-%')",
  amount: 'amount_value',
  asset: 'asset',
  counterparty: 'counterparty',
  label: 'lower(label)',
  transferId: 'transfer_id',
};

const COLUMNS = 'transfer_id, asset, amount_units, amount, counterparty, created_ts, label';

interface Row {
  transfer_id: number;
  asset: string;
  amount_units: string;
  amount: string;
  counterparty: string;
  created_ts: number;
  label: string;
}

const toStored = (r: Row): StoredPerpsTransfer => ({
  transferId: r.transfer_id, asset: r.asset, amountUnits: r.amount_units, amount: r.amount, counterparty: r.counterparty,
  createdAt: r.created_ts, label: r.label,
});

/** The WHERE clause of a filter, with its parameters (all bound, never spliced). */
function where(account: string, filter: PerpsTransferFilter): { sql: string; params: SQLInputValue[] } {
  const parts = ['account = ?'];
  const params: SQLInputValue[] = [account];
  if (filter.direction === 'in') parts.push("amount_units NOT LIKE '-%'");
  if (filter.direction === 'out') parts.push("amount_units LIKE '-%'");
  const add = (sql: string, value: SQLInputValue) => {
    parts.push(sql);
    params.push(value);
  };
  if (filter.asset) add('asset = ?', filter.asset);
  if (filter.counterparty) add('counterparty = ?', filter.counterparty.toLowerCase());
  if (filter.fromMs !== undefined) add('created_ts >= ?', filter.fromMs);
  if (filter.toMs !== undefined) add('created_ts <= ?', filter.toMs);
  if (filter.text) {
    const like = `%${filter.text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    parts.push("(lower(label) LIKE ? ESCAPE '\\' OR counterparty LIKE ? ESCAPE '\\')");
    params.push(like, like);
  }
  return { sql: parts.join(' AND '), params };
}

export class PerpsTransfersTable {
  private readonly insert: StatementSync;
  private readonly count: StatementSync;
  private readonly newest: StatementSync;

  constructor(private readonly db: DatabaseSync) {
    this.insert = db.prepare(
      `INSERT OR IGNORE INTO perps_transfers (account, transfer_id, asset, amount_units, amount, amount_value, counterparty, created_ts, label)
       VALUES (?,?,?,?,?,?,?,?,?)`,
    );
    this.count = db.prepare('SELECT count(*) AS n FROM perps_transfers WHERE account = ?');
    this.newest = db.prepare('SELECT max(created_ts) AS ts FROM perps_transfers WHERE account = ?');
  }

  /** Inserts rows; returns how many were new. */
  add(account: string, rows: readonly StoredPerpsTransfer[]): number {
    let added = 0;
    for (const r of rows) {
      const result = this.insert.run(account, r.transferId, r.asset, r.amountUnits, r.amount, Number(r.amount), r.counterparty.toLowerCase(), r.createdAt, r.label);
      added += Number(result.changes);
    }
    return added;
  }

  rowCount(account: string): number {
    return (this.count.get(account) as { n: number }).n;
  }

  newestAt(account: string): number | null {
    return (this.newest.get(account) as { ts: number | null }).ts;
  }

  window(account: string, filter: PerpsTransferFilter, sort: PerpsTransferSort, offset: number, limit: number) {
    const { sql, params } = where(account, filter);
    const total = (this.db.prepare(`SELECT count(*) AS n FROM perps_transfers WHERE ${sql}`).get(...params) as { n: number }).n;
    const dir = sort.direction === 'asc' ? 'ASC' : 'DESC';
    const rows = this.db
      .prepare(`SELECT ${COLUMNS} FROM perps_transfers WHERE ${sql} ORDER BY ${SORT_COLUMNS[sort.key]} ${dir}, transfer_id ${dir} LIMIT ? OFFSET ?`)
      .all(...params, limit, offset) as unknown as Row[];
    return { total, rows: rows.map(toStored) };
  }

  countMatching(account: string, filter: PerpsTransferFilter): number {
    const { sql, params } = where(account, filter);
    return (this.db.prepare(`SELECT count(*) AS n FROM perps_transfers WHERE ${sql}`).get(...params) as { n: number }).n;
  }

  /** Rows one at a time off the statement (newest first), for the export. */
  *stream(account: string, filter: PerpsTransferFilter): Generator<StoredPerpsTransfer> {
    const { sql, params } = where(account, filter);
    const statement = this.db.prepare(`SELECT ${COLUMNS} FROM perps_transfers WHERE ${sql} ORDER BY created_ts DESC, transfer_id DESC`);
    for (const row of statement.iterate(...params)) yield toStored(row as unknown as Row);
  }
}
