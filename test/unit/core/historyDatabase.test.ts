/**
 * The history store's file: created 0600 with our application id and the latest schema; a
 * corrupt, foreign or newer-version file is moved aside (never deleted) with a log line naming
 * where it went; an older schema is migrated in place with its rows kept.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { HISTORY_FILE_NAME, openHistoryDatabase } from '../../../src/main/core/history/historyDatabase';
import { HistoryStore } from '../../../src/main/core/history/historyStore';
import { HISTORY_APPLICATION_ID, LATEST_VERSION, migrate } from '../../../src/main/core/history/migrations';
import type { Logger } from '../../../src/main/core/log';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'marketdesk-history-'));
  dirs.push(dir);
  return dir;
};
const recordingLog = () => {
  const lines: string[] = [];
  const log: Logger = { info: (m) => lines.push(m), warn: (m) => lines.push(m), error: (m) => lines.push(m) };
  return { log, lines };
};
const pragma = (db: DatabaseSync, name: string) => (db.prepare(`PRAGMA ${name}`).get() as Record<string, number>)[name];
const FIXED_NOW = () => new Date('2026-11-26T06:00:00.000Z');

describe('history database file', () => {
  it('a new store is created 0600 with our application id at the latest schema version', () => {
    const dir = tempDir();
    const { db, path, movedAside } = openHistoryDatabase(dir, recordingLog().log);
    expect(movedAside).toBeNull();
    expect(pragma(db, 'application_id')).toBe(HISTORY_APPLICATION_ID);
    expect(pragma(db, 'user_version')).toBe(LATEST_VERSION);
    db.prepare("INSERT INTO sync_state (wallet, feed, complete) VALUES ('0xabc', 'activity', 1)").run();
    db.close();
    if (process.platform !== 'win32') {
      for (const name of readdirSync(dir)) expect({ name, mode: (statSync(join(dir, name)).mode & 0o777).toString(8) }).toEqual({ name, mode: '600' });
    }
    // Reopening keeps the data: nothing is migrated twice.
    const again = openHistoryDatabase(dir, recordingLog().log);
    expect(again.db.prepare('SELECT count(*) AS n FROM sync_state').get()).toEqual({ n: 1 });
    expect(again.movedAside).toBeNull();
    again.db.close();
    expect(path).toBe(join(dir, HISTORY_FILE_NAME));
  });

  it('a corrupt file is moved aside with a timestamp and a log line, and a fresh store starts', () => {
    const dir = tempDir();
    const garbage = Buffer.from('this is not a database at all '.repeat(200));
    writeFileSync(join(dir, HISTORY_FILE_NAME), garbage);
    const { log, lines } = recordingLog();
    const { db, movedAside } = openHistoryDatabase(dir, log, FIXED_NOW);
    expect(movedAside).toBe(join(dir, `${HISTORY_FILE_NAME}.unusable-2026-11-26T06-00-00-000Z`));
    expect(readFileSync(movedAside!)).toEqual(garbage);
    expect(lines.join('\n')).toMatch(/was not usable because it cannot be read as a database.*moved to .*unusable-2026/);
    expect(pragma(db, 'user_version')).toBe(LATEST_VERSION);
    db.close();
  });

  it('a database of another program is moved aside, not overwritten', () => {
    const dir = tempDir();
    const foreign = new DatabaseSync(join(dir, HISTORY_FILE_NAME));
    foreign.exec("PRAGMA application_id = 1234; CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('keep me');");
    foreign.close();
    const { log, lines } = recordingLog();
    const { db, movedAside } = openHistoryDatabase(dir, log, FIXED_NOW);
    expect(lines.join('\n')).toContain('it is a database of another program');
    const kept = new DatabaseSync(movedAside!, { readOnly: true });
    expect(kept.prepare('SELECT body FROM notes').get()).toEqual({ body: 'keep me' });
    kept.close();
    expect(pragma(db, 'application_id')).toBe(HISTORY_APPLICATION_ID);
    db.close();
  });

  it('a store written by a newer Marketdesk is moved aside rather than read with the wrong schema', () => {
    const dir = tempDir();
    const newer = new DatabaseSync(join(dir, HISTORY_FILE_NAME));
    newer.exec(`PRAGMA application_id = ${HISTORY_APPLICATION_ID}; CREATE TABLE future (x); PRAGMA user_version = ${LATEST_VERSION + 5};`);
    newer.close();
    const { log, lines } = recordingLog();
    const { db, movedAside } = openHistoryDatabase(dir, log, FIXED_NOW);
    expect(movedAside).not.toBeNull();
    expect(existsSync(movedAside!)).toBe(true);
    expect(lines.join('\n')).toContain(`written by a newer Marketdesk (schema ${LATEST_VERSION + 5}`);
    db.close();
  });

  it('a store of the earlier, unreleased layout (no wallets table) is moved aside, not read with the wrong schema', () => {
    const dir = tempDir();
    const early = new DatabaseSync(join(dir, HISTORY_FILE_NAME));
    early.exec(`PRAGMA application_id = ${HISTORY_APPLICATION_ID}; CREATE TABLE activity (wallet TEXT, ts INTEGER); PRAGMA user_version = 2;`);
    early.close();
    const { log, lines } = recordingLog();
    const { db, movedAside } = openHistoryDatabase(dir, log, FIXED_NOW);
    expect(movedAside).not.toBeNull();
    expect(lines.join('\n')).toContain('layout of an unreleased development build');
    expect(pragma(db, 'user_version')).toBe(LATEST_VERSION);
    db.close();
  });

  it('a version-1 store is migrated to the latest version with its rows kept', () => {
    const dir = tempDir();
    const old = new DatabaseSync(join(dir, HISTORY_FILE_NAME));
    old.exec(`PRAGMA application_id = ${HISTORY_APPLICATION_ID}`);
    migrate(old, 0, 1);
    old.prepare("INSERT INTO wallets (id, address) VALUES (1, '0xw')").run();
    old.prepare("INSERT INTO activity (wallet_id, ts, seq, type, tx) VALUES (1, 100, 1, 'TRADE', '0xt')").run();
    expect(pragma(old, 'user_version')).toBe(1);
    old.close();

    const { db, movedAside } = openHistoryDatabase(dir, recordingLog().log);
    expect(movedAside).toBeNull();
    expect(pragma(db, 'user_version')).toBe(LATEST_VERSION);
    expect(db.prepare('SELECT w.address AS wallet, ts, seq FROM activity a JOIN wallets w ON w.id = a.wallet_id').all()).toEqual([{ wallet: '0xw', ts: 100, seq: 1 }]);
    // Version 2's tables exist now.
    expect(db.prepare("SELECT name FROM sqlite_schema WHERE name IN ('portfolio_snapshots','trades') ORDER BY name").all()).toEqual([
      { name: 'portfolio_snapshots' },
      { name: 'trades' },
    ]);
    db.close();
  });

  it('a version-4 store loses the type index every walk kept up, and keeps its rows; a window by type makes it again', () => {
    const dir = tempDir();
    const path = join(dir, HISTORY_FILE_NAME);
    const old = new DatabaseSync(path);
    old.exec(`PRAGMA application_id = ${HISTORY_APPLICATION_ID}`);
    migrate(old, 0, 4);
    old.prepare("INSERT INTO wallets (id, address) VALUES (1, '0xw')").run();
    old.prepare("INSERT INTO activity (wallet_id, ts, seq, type, tx) VALUES (1, 100, 1, 'TRADE', '0xt'), (1, 90, 1, 'TIP', '0xu')").run();
    old.close();
    // Read on a connection of its own (the store's file is in WAL mode: committed schema is seen).
    const typeIndexes = () => {
      const db = new DatabaseSync(path, { readOnly: true });
      const found = db.prepare("SELECT count(*) AS n FROM sqlite_schema WHERE type = 'index' AND name = 'activity_by_type'").get() as { n: number };
      db.close();
      return found.n;
    };
    expect(typeIndexes()).toBe(1);

    const store = HistoryStore.open(dir, recordingLog().log);
    expect(typeIndexes()).toBe(0);
    expect(store.activity.rowCount('0xw')).toBe(2);
    // The export counts and reads the rows in key order without it.
    expect(store.activity.countMatching('0xw', { types: ['TIP'] })).toBe(1);
    expect(typeIndexes()).toBe(0);
    // A window in SQL sorted by type (the in-memory view's reference) makes it on first use.
    expect(store.activity.sql.window(1, {}, { key: 'type', direction: 'asc' }, 0, 10).rows.map((row) => row.type)).toEqual(['TRADE']);
    expect(typeIndexes()).toBe(1);
    store.close();
  });

  it('a version-5 store loses the indexes an export made; an export by market or sort makes none, and a SQL window still does', () => {
    const dir = tempDir();
    const path = join(dir, HISTORY_FILE_NAME);
    const old = new DatabaseSync(path);
    old.exec(`PRAGMA application_id = ${HISTORY_APPLICATION_ID}`);
    migrate(old, 0, 5);
    old.prepare("INSERT INTO wallets (id, address) VALUES (1, '0xw')").run();
    old.prepare("INSERT INTO markets (id, condition_id, token_id) VALUES (1, '0xc1', '11'), (2, '0xc2', '22')").run();
    old.prepare("INSERT INTO activity (wallet_id, ts, seq, type, tx, market_ref, size) VALUES (1, 100, 1, 'TRADE', '0xt', 1, 5), (1, 90, 1, 'TRADE', '0xu', 2, 7), (1, 80, 1, 'TRADE', '0xv', 1, 9)").run();
    old.exec('CREATE INDEX activity_by_market ON activity(wallet_id, market_ref, ts, seq, type); CREATE INDEX activity_by_size ON activity(wallet_id, size, ts, seq, type)');
    old.close();
    const lazyIndexes = () => {
      const db = new DatabaseSync(path, { readOnly: true });
      const rows = db.prepare("SELECT name FROM sqlite_schema WHERE type = 'index' AND name LIKE 'activity_by_%' ORDER BY name").all() as Array<{ name: string }>;
      db.close();
      return rows.map((row) => row.name);
    };
    expect(lazyIndexes()).toEqual(['activity_by_market', 'activity_by_size']);

    const store = HistoryStore.open(dir, recordingLog().log);
    expect(lazyIndexes()).toEqual([]);
    // The export's count and rows by market are exact without an index, and make none.
    const byMarket = { conditionIds: ['0xc1'] };
    expect(store.activity.countMatching('0xw', byMarket)).toBe(2);
    expect([...store.activity.stream('0xw', byMarket)].map((row) => row.ts)).toEqual([100, 80]);
    expect(lazyIndexes()).toEqual([]);
    // A window in SQL (the in-memory view's reference) still makes what it plans with.
    expect(store.activity.sql.window(1, byMarket, { key: 'size', direction: 'desc' }, 0, 10).rows.map((row) => row.ts)).toEqual([80, 100]);
    expect(lazyIndexes()).toEqual(['activity_by_market', 'activity_by_size']);
    store.close();
  });
});
