/**
 * The history store's schema, as numbered steps. `PRAGMA user_version` records the last step a
 * file has had; opening runs the missing ones in one transaction each, in order. A step is never
 * edited once released: a change is a new step. (Steps 1 and 2 have not been released yet; step 1
 * was rewritten in place to normalise the activity rows.)
 */
import type { DatabaseSync } from 'node:sqlite';

/** 'MkHs': marks the file as ours, so a foreign SQLite file in its place is recognised. */
export const HISTORY_APPLICATION_ID = 0x4d6b4873;

export const MIGRATIONS: ReadonlyArray<{ version: number; about: string; sql: string }> = [
  {
    version: 1,
    about: 'activity rows, sync state and resumable walks',
    sql: `
      -- Normalised (docs/decisions/, "history store"): binding a row's long texts was most of a
      -- walk's insert cost, and they repeat. A wallet is an integer here; the fields of an outcome
      -- token (market, event, title, outcome) are stored once in \`markets\` and referred to.
      CREATE TABLE wallets (id INTEGER PRIMARY KEY, address TEXT NOT NULL UNIQUE);
      CREATE TABLE markets (
        id INTEGER PRIMARY KEY, condition_id TEXT, market_id TEXT, event_id TEXT, event_slug TEXT, title TEXT,
        outcome TEXT, outcome_index INTEGER, token_id TEXT
      );
      -- Small tables (one row per outcome token): the filters and the title sort start here.
      CREATE INDEX markets_by_condition ON markets(condition_id);
      CREATE INDEX markets_by_event ON markets(event_slug);
      CREATE INDEX markets_by_title ON markets(title);
      CREATE TABLE activity (
        wallet_id INTEGER NOT NULL, ts INTEGER NOT NULL, seq INTEGER NOT NULL, type TEXT NOT NULL,
        block_number INTEGER, log_index INTEGER, tx TEXT NOT NULL, market_ref INTEGER,
        side TEXT, size REAL, price REAL, size_usdc REAL, counterparty TEXT,
        -- The feed's own order and the key of a row (sequence ids are unique within a wallet's
        -- feed). The table is that key's B-tree (no rowid): one B-tree fewer per insert.
        PRIMARY KEY (wallet_id, ts, seq)
      ) WITHOUT ROWID;
      -- The type filter is always on (tips are opt-in). The other filter and sort indexes
      -- (market, size, price, USD) are made on their first use (activityTable.ts): each index
      -- lands its entries all over its B-tree and slows a walk's inserts by about half again,
      -- and most users never filter or sort by most columns.
      CREATE INDEX activity_by_type ON activity(wallet_id, type, ts, seq);
      CREATE TABLE sync_state (
        wallet TEXT NOT NULL, feed TEXT NOT NULL, complete INTEGER NOT NULL DEFAULT 0, last_synced_at INTEGER,
        PRIMARY KEY (wallet, feed)
      );
      -- A walk in progress: the last cursor whose page is in the store, and (for a walk of the new
      -- rows) the newest row known when it began, where it stops.
      CREATE TABLE walks (
        wallet TEXT NOT NULL, feed TEXT NOT NULL, purpose TEXT NOT NULL, cursor TEXT,
        stop_ts INTEGER, stop_seq INTEGER, top_ts INTEGER, floor_ts INTEGER, started_at INTEGER NOT NULL,
        PRIMARY KEY (wallet, feed, purpose)
      );
    `,
  },
  {
    version: 2,
    about: 'last synced portfolio per wallet, and the trades feed',
    sql: `
      CREATE TABLE portfolio_snapshots (
        wallet TEXT PRIMARY KEY, taken_at INTEGER NOT NULL, positions TEXT NOT NULL, closed TEXT NOT NULL
      );
      CREATE TABLE trades (
        wallet TEXT NOT NULL, ts INTEGER NOT NULL, seq INTEGER NOT NULL, side TEXT NOT NULL, role TEXT NOT NULL,
        condition_id TEXT NOT NULL, token_id TEXT NOT NULL, market_id TEXT, event_slug TEXT, title TEXT, outcome TEXT,
        outcome_index INTEGER, size REAL NOT NULL, price REAL, size_usdc REAL, tx TEXT NOT NULL
      );
      CREATE UNIQUE INDEX trades_key ON trades(wallet, ts, seq);
    `,
  },
  {
    version: 3,
    about: 'perps transfers and funding per account, and their walks',
    sql: `
      -- Keyed by the account's address (lower-case): the exchange's account is the owner EOA.
      -- amount_units is the exchange's signed integer in base units (exact); amount the same in
      -- asset units as a decimal string (exact); amount_value a float of it for sorting only.
      CREATE TABLE perps_transfers (
        account TEXT NOT NULL, transfer_id INTEGER NOT NULL, asset TEXT NOT NULL, amount_units TEXT NOT NULL,
        amount TEXT NOT NULL, amount_value REAL NOT NULL, counterparty TEXT NOT NULL, created_ts INTEGER NOT NULL,
        label TEXT NOT NULL,
        PRIMARY KEY (account, transfer_id)
      );
      CREATE INDEX perps_transfers_by_time ON perps_transfers(account, created_ts, transfer_id);
      -- One funding payment per instrument and funding time.
      CREATE TABLE perps_funding (
        account TEXT NOT NULL, instrument_id INTEGER NOT NULL, ts INTEGER NOT NULL, size TEXT NOT NULL,
        funding_rate TEXT NOT NULL, funding_asset TEXT NOT NULL, funding TEXT NOT NULL,
        PRIMARY KEY (account, instrument_id, ts)
      );
      CREATE INDEX perps_funding_by_time ON perps_funding(account, ts);
      -- A walk in progress (newest first): the end_time to ask next (NULL: the exchange's now, as
      -- its clock may differ from ours) and the start_time it stops at.
      CREATE TABLE perps_walks (
        account TEXT NOT NULL, kind TEXT NOT NULL, cursor_end INTEGER, floor_ts INTEGER NOT NULL,
        started_at INTEGER NOT NULL,
        PRIMARY KEY (account, kind)
      );
      CREATE TABLE perps_sync (
        account TEXT NOT NULL, kind TEXT NOT NULL, complete INTEGER NOT NULL DEFAULT 0, last_synced_at INTEGER,
        PRIMARY KEY (account, kind)
      );
    `,
  },
  {
    version: 4,
    about: 'perps equity points per account and kline interval',
    sql: `
      -- One point per kline boundary; equity is the exchange's decimal string, kept exact. The
      -- stored points of an (account, interval) are contiguous: a read that cannot join the new
      -- points to the stored ones drops the older ones (perpsEquityTable.ts).
      CREATE TABLE perps_equity (
        account TEXT NOT NULL, interval TEXT NOT NULL, ts INTEGER NOT NULL, equity TEXT NOT NULL,
        PRIMARY KEY (account, interval, ts)
      ) WITHOUT ROWID;
      -- from_start: the oldest stored point is the account's first at that interval (nothing older exists).
      CREATE TABLE perps_equity_span (
        account TEXT NOT NULL, interval TEXT NOT NULL, from_start INTEGER NOT NULL, synced_at INTEGER NOT NULL,
        PRIMARY KEY (account, interval)
      );
    `,
  },
  {
    version: 5,
    about: 'the type index made on first use, not kept up by every walk',
    sql: `
      -- Kept up by every insert, it was about a quarter of a walk's store work (measured), and the
      -- Activity view now filters by type in memory (activityColumnIndex.ts). The export reads a
      -- wallet's rows in key order whatever their type; a window in SQL that sorts or filters by
      -- type makes it again (activitySqlQueries.ts).
      DROP INDEX IF EXISTS activity_by_type;
    `,
  },
  {
    version: 6,
    about: 'the filter and sort indexes an export made are dropped',
    sql: `
      -- An export with a market filter or a sort made these on first use, and every walk after it
      -- kept them up. The export no longer makes them (it reads the rows in key order); only a
      -- window in SQL does, which the Activity view no longer reads (activitySqlQueries.ts).
      DROP INDEX IF EXISTS activity_by_market;
      DROP INDEX IF EXISTS activity_by_size;
      DROP INDEX IF EXISTS activity_by_price;
      DROP INDEX IF EXISTS activity_by_usdc;
    `,
  },
];

export const LATEST_VERSION = MIGRATIONS[MIGRATIONS.length - 1]!.version;

/** Runs the steps above `from` up to `to` (default: the latest). */
export function migrate(db: DatabaseSync, from: number, to = LATEST_VERSION): void {
  for (const step of MIGRATIONS) {
    if (step.version <= from || step.version > to) continue;
    db.exec('BEGIN IMMEDIATE');
    try {
      db.exec(step.sql);
      db.exec(`PRAGMA user_version = ${step.version}`);
      db.exec('COMMIT');
    } catch (error) {
      db.exec('ROLLBACK');
      throw new Error(`history store: migration ${step.version} (${step.about}) failed: ${(error as Error).message}`, { cause: error });
    }
  }
}
