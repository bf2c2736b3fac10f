/**
 * Opens the history store's SQLite file (node:sqlite, built into Node 24 and Electron) in the data
 * folder. The file is a cache of public data, but it is never deleted behind the user's back: one
 * that is not a database, fails its integrity check, belongs to something else or to a newer
 * Marketdesk is renamed aside with a timestamp and a log line says so; then a fresh one is made.
 */
import { chmodSync, closeSync, existsSync, openSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { SANDBOX_NETWORK_ID } from '../../../shared/networkProfiles';
import type { Logger } from '../log';
import { HISTORY_APPLICATION_ID, LATEST_VERSION, migrate } from './migrations';

export const HISTORY_FILE_NAME = 'history.sqlite';

/**
 * One store per network: the rows a deployment's services return are that deployment's. The
 * sandbox keeps the file name it always had (so an upgrade finds its history where it was);
 * another network gets `history-<networkId>.sqlite` (a profile id is lower-case letters, digits
 * and "-", safe as a file name).
 */
export function historyFileName(networkId: string = SANDBOX_NETWORK_ID): string {
  if (networkId === SANDBOX_NETWORK_ID) return HISTORY_FILE_NAME;
  if (!/^[a-z0-9][a-z0-9-]{0,39}$/.test(networkId)) throw new Error(`history store: "${networkId}" is not a network id.`);
  return `history-${networkId}.sqlite`;
}

export interface OpenedHistory {
  db: DatabaseSync;
  path: string;
  /** Where an unusable earlier file was moved, if one was. */
  movedAside: string | null;
}

type Verdict = { ok: true; version: number } | { ok: false; why: string };

function inspect(db: DatabaseSync): Verdict {
  try {
    const check = db.prepare('PRAGMA quick_check').get() as { quick_check?: string } | undefined;
    if (check?.quick_check !== 'ok') return { ok: false, why: `it failed the integrity check (${String(check?.quick_check).slice(0, 120)})` };
    const appId = (db.prepare('PRAGMA application_id').get() as { application_id: number }).application_id;
    const version = (db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version;
    const tables = (db.prepare("SELECT count(*) AS n FROM sqlite_schema WHERE type = 'table'").get() as { n: number }).n;
    if (appId === 0 && version === 0 && tables === 0) return { ok: true, version: 0 };
    if (appId !== HISTORY_APPLICATION_ID) return { ok: false, why: 'it is a database of another program' };
    if (version > LATEST_VERSION) return { ok: false, why: `it was written by a newer Marketdesk (schema ${version}, this one knows ${LATEST_VERSION})` };
    // Steps 1-2 were rewritten before any release (migrations.ts): a development build's file of
    // the earlier layout has no `wallets` table, and is moved aside like any file we cannot use.
    const normalised = (db.prepare("SELECT count(*) AS n FROM sqlite_schema WHERE type = 'table' AND name = 'wallets'").get() as { n: number }).n;
    if (version >= 1 && normalised === 0) return { ok: false, why: 'it has the layout of an unreleased development build' };
    return { ok: true, version };
  } catch (error) {
    return { ok: false, why: `it cannot be read as a database (${(error as Error).message})` };
  }
}

function moveAside(path: string, now: Date): string {
  const aside = `${path}.unusable-${now.toISOString().replace(/[:.]/g, '-')}`;
  renameSync(path, aside);
  // A leftover journal belongs to the file moved, never to the fresh one.
  for (const suffix of ['-wal', '-shm', '-journal']) {
    if (existsSync(path + suffix)) renameSync(path + suffix, aside + suffix);
  }
  return aside;
}

function connect(path: string): DatabaseSync {
  // Created 0600 by us (SQLite would use 0644 under the usual umask); its -wal and -shm files
  // take the database file's mode.
  closeSync(openSync(path, 'a', 0o600));
  chmodSync(path, 0o600);
  return new DatabaseSync(path, { timeout: 2_000 });
}

export function openHistoryDatabase(
  dataDir: string,
  log: Logger,
  now: () => Date = () => new Date(),
  networkId: string = SANDBOX_NETWORK_ID,
): OpenedHistory {
  const path = join(dataDir, historyFileName(networkId));
  let db = connect(path);
  let movedAside: string | null = null;
  let verdict = inspect(db);
  if (!verdict.ok) {
    db.close();
    movedAside = moveAside(path, now());
    log.error(`history store: ${path} was not usable because ${verdict.why}; it was moved to ${movedAside} and a new, empty store was started (the history will be synced again).`);
    db = connect(path);
    verdict = inspect(db);
    if (!verdict.ok) throw new Error(`history store: a new ${path} could not be opened: ${verdict.why}`);
  }
  // 16 KiB pages (set while the file is empty, before WAL fixes it): an activity row is ~450
  // bytes, and 4 KiB pages made a walk's inserts and commits several times slower (measured).
  if (verdict.version === 0) db.exec('PRAGMA page_size = 16384');
  db.exec('PRAGMA journal_mode = WAL');
  // NORMAL with WAL: a power cut may lose the last commits, never corrupt; the store re-syncs them.
  db.exec('PRAGMA synchronous = NORMAL');
  // The walks' writer thread has a connection of its own (walkWriter.ts): a write waits for its batch.
  db.exec('PRAGMA busy_timeout = 10000');
  // Index inserts of a big walk land all over the sort indexes: a larger page cache keeps them in memory.
  db.exec('PRAGMA cache_size = -65536');
  // Checkpoint (copy the WAL into the file) every 64 MiB rather than 16 MiB: a big walk's index
  // pages are then copied once per checkpoint instead of again and again.
  db.exec('PRAGMA wal_autocheckpoint = 4096');
  if (verdict.version === 0) db.exec(`PRAGMA application_id = ${HISTORY_APPLICATION_ID}`);
  migrate(db, verdict.version);
  return { db, path, movedAside };
}
