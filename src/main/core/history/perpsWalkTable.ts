/**
 * Where each perps history walk stands per account and kind: the walk in progress (the
 * `end_time` to ask next and the `start_time` it stops at), whether the whole history is in, and
 * when it was last synced. Saved with each page's rows, so a cancel or restart resumes there.
 */
import type { DatabaseSync, StatementSync } from 'node:sqlite';

export type PerpsWalkKind = 'transfers' | 'funding';

export interface SavedPerpsWalk {
  /** The next `end_time`; null for the exchange's own now (the first page of a walk). */
  cursorEnd: number | null;
  floorTs: number;
  startedAt: number;
}

export class PerpsWalkTable {
  private readonly getWalk: StatementSync;
  private readonly putWalk: StatementSync;
  private readonly dropWalk: StatementSync;
  private readonly getSync: StatementSync;
  private readonly putSync: StatementSync;

  constructor(db: DatabaseSync) {
    this.getWalk = db.prepare('SELECT cursor_end, floor_ts, started_at FROM perps_walks WHERE account = ? AND kind = ?');
    this.putWalk = db.prepare(
      `INSERT INTO perps_walks (account, kind, cursor_end, floor_ts, started_at) VALUES (?,?,?,?,?)
       ON CONFLICT (account, kind) DO UPDATE SET cursor_end = excluded.cursor_end, floor_ts = excluded.floor_ts, started_at = excluded.started_at`,
    );
    this.dropWalk = db.prepare('DELETE FROM perps_walks WHERE account = ? AND kind = ?');
    this.getSync = db.prepare('SELECT complete, last_synced_at FROM perps_sync WHERE account = ? AND kind = ?');
    this.putSync = db.prepare(
      `INSERT INTO perps_sync (account, kind, complete, last_synced_at) VALUES (?,?,?,?)
       ON CONFLICT (account, kind) DO UPDATE SET complete = max(complete, excluded.complete), last_synced_at = excluded.last_synced_at`,
    );
  }

  walk(account: string, kind: PerpsWalkKind): SavedPerpsWalk | null {
    const row = this.getWalk.get(account, kind) as { cursor_end: number | null; floor_ts: number; started_at: number } | undefined;
    return row ? { cursorEnd: row.cursor_end, floorTs: row.floor_ts, startedAt: row.started_at } : null;
  }

  saveWalk(account: string, kind: PerpsWalkKind, walk: SavedPerpsWalk): void {
    this.putWalk.run(account, kind, walk.cursorEnd, walk.floorTs, walk.startedAt);
  }

  /** The walk reached its floor: drop it; a walk down to the beginning completes the history. */
  finishWalk(account: string, kind: PerpsWalkKind, reachedBeginning: boolean, at: number): void {
    this.dropWalk.run(account, kind);
    this.putSync.run(account, kind, reachedBeginning ? 1 : 0, at);
  }

  state(account: string, kind: PerpsWalkKind): { complete: boolean; lastSyncedAt: number | null } {
    const row = this.getSync.get(account, kind) as { complete: number; last_synced_at: number | null } | undefined;
    return { complete: row?.complete === 1, lastSyncedAt: row?.last_synced_at ?? null };
  }
}
