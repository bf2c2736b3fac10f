/**
 * Where each wallet's sync stands: whether its whole history is in the store, when it last
 * reached the service, and the walks in progress with the last cursor whose page is stored.
 * Two walks per wallet and feed at most: `backfill` (down to the oldest row) and `head` (the new
 * rows above the newest known one, down to `stop`).
 */
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import type { FeedKey } from './activityTable';

export type Feed = 'activity' | 'trades';
export type WalkPurpose = 'backfill' | 'head';

export interface SavedWalk {
  purpose: WalkPurpose;
  /** The cursor of the next page to fetch; null when the walk has not fetched its first page. */
  cursor: string | null;
  /** A head walk stops at this row (exclusive); null for a backfill. */
  stop: FeedKey | null;
  /** Newest and oldest timestamps the walk spans, for its ETA. */
  topTs: number | null;
  floorTs: number | null;
  startedAt: number;
}

interface WalkRow {
  purpose: WalkPurpose;
  cursor: string | null;
  stop_ts: number | null;
  stop_seq: number | null;
  top_ts: number | null;
  floor_ts: number | null;
  started_at: number;
}

export class WalkTable {
  private readonly getWalk: StatementSync;
  private readonly putWalk: StatementSync;
  private readonly dropWalk: StatementSync;
  private readonly getState: StatementSync;
  private readonly putState: StatementSync;

  constructor(db: DatabaseSync) {
    this.getWalk = db.prepare('SELECT purpose, cursor, stop_ts, stop_seq, top_ts, floor_ts, started_at FROM walks WHERE wallet = ? AND feed = ? AND purpose = ?');
    this.putWalk = db.prepare(
      `INSERT INTO walks (wallet, feed, purpose, cursor, stop_ts, stop_seq, top_ts, floor_ts, started_at) VALUES (?,?,?,?,?,?,?,?,?)
       ON CONFLICT (wallet, feed, purpose) DO UPDATE SET cursor = excluded.cursor, stop_ts = excluded.stop_ts, stop_seq = excluded.stop_seq,
       top_ts = excluded.top_ts, floor_ts = excluded.floor_ts, started_at = excluded.started_at`,
    );
    this.dropWalk = db.prepare('DELETE FROM walks WHERE wallet = ? AND feed = ? AND purpose = ?');
    this.getState = db.prepare('SELECT complete, last_synced_at FROM sync_state WHERE wallet = ? AND feed = ?');
    this.putState = db.prepare(
      `INSERT INTO sync_state (wallet, feed, complete, last_synced_at) VALUES (?,?,?,?)
       ON CONFLICT (wallet, feed) DO UPDATE SET complete = max(complete, excluded.complete), last_synced_at = excluded.last_synced_at`,
    );
  }

  walk(wallet: string, feed: Feed, purpose: WalkPurpose): SavedWalk | null {
    const row = this.getWalk.get(wallet, feed, purpose) as WalkRow | undefined;
    if (!row) return null;
    return {
      purpose: row.purpose,
      cursor: row.cursor,
      stop: row.stop_ts === null || row.stop_seq === null ? null : { ts: row.stop_ts, seq: row.stop_seq },
      topTs: row.top_ts,
      floorTs: row.floor_ts,
      startedAt: row.started_at,
    };
  }

  saveWalk(wallet: string, feed: Feed, walk: SavedWalk): void {
    this.putWalk.run(wallet, feed, walk.purpose, walk.cursor, walk.stop?.ts ?? null, walk.stop?.seq ?? null, walk.topTs, walk.floorTs, walk.startedAt);
  }

  endWalk(wallet: string, feed: Feed, purpose: WalkPurpose): void {
    this.dropWalk.run(wallet, feed, purpose);
  }

  state(wallet: string, feed: Feed): { complete: boolean; lastSyncedAt: number | null } {
    const row = this.getState.get(wallet, feed) as { complete: number; last_synced_at: number | null } | undefined;
    return { complete: row?.complete === 1, lastSyncedAt: row?.last_synced_at ?? null };
  }

  markSynced(wallet: string, feed: Feed, at: number, complete: boolean): void {
    this.putState.run(wallet, feed, complete ? 1 : 0, at);
  }
}
