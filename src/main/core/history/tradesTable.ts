/** The `trades` table: the wallet's fills walked from `/v2/trades?user=`, keyed like activity. */
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import type { TradeRow } from '../../../shared/protocol/analytics';
import type { FeedKey } from './activityTable';
import { pageIsNewestFirst } from './pageOrder';

const COLUMNS = [
  'wallet', 'ts', 'seq', 'side', 'role', 'condition_id', 'token_id', 'market_id', 'event_slug', 'title', 'outcome', 'outcome_index',
  'size', 'price', 'size_usdc', 'tx',
] as const;

export class TradesTable {
  private readonly insert: StatementSync;
  private readonly newest: StatementSync;
  private readonly count: StatementSync;

  constructor(db: DatabaseSync) {
    this.insert = db.prepare(`INSERT OR IGNORE INTO trades (${COLUMNS.join(',')}) VALUES (${COLUMNS.map(() => '?').join(',')})`);
    this.newest = db.prepare('SELECT ts, seq FROM trades WHERE wallet = ? ORDER BY ts DESC, seq DESC LIMIT 1');
    this.count = db.prepare('SELECT count(*) AS n FROM trades WHERE wallet = ?');
  }

  /**
   * Rows go in oldest first whatever the page's order (a walk's pages come newest first), as
   * activity's do (activityInsert.ts says why: each lands after the one before it, and the
   * B-tree's leaves fill instead of splitting in half). The change count is the rows added.
   */
  insertRows(wallet: string, rows: readonly TradeRow[]): number {
    let added = 0;
    const newestFirst = pageIsNewestFirst(rows);
    for (let i = 0; i < rows.length; i += 1) {
      const r = rows[newestFirst ? rows.length - 1 - i : i]!;
      added += Number(
        this.insert.run(wallet, r.block_timestamp, r.sequence_id, r.side, r.role, r.condition_id.toLowerCase(), r.token_id, r.market_id, r.event_slug,
          r.title, r.outcome, r.outcome_index, r.size, r.price, r.size_usdc, r.transaction_hash).changes,
      );
    }
    return added;
  }

  newestKey(wallet: string): FeedKey | null {
    return (this.newest.get(wallet) as FeedKey | undefined) ?? null;
  }

  rowCount(wallet: string): number {
    return (this.count.get(wallet) as { n: number }).n;
  }
}
