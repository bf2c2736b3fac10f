/**
 * One owner per data folder. Two processes on one folder each hold the vault and the account
 * list in memory and overwrite each other's writes (a key created by one was lost for good), so
 * every process that opens a folder takes this lock before it reads anything there.
 *
 * The lock is an OS file lock, not a pid file: `marketdesk.lock` is an (empty) SQLite database
 * held in an exclusive transaction by `node:sqlite`, built into Node 24 and Electron. SQLite
 * takes it with fcntl() byte-range locks on POSIX and LockFileEx on Windows, so the kernel
 * releases it when the holder ends in any way (exit, crash, SIGKILL, power cut): there is no
 * stale lock to detect, no pid to trust after reuse, and nothing a second process could steal
 * from a live one. A second process gets SQLITE_BUSY. Within one process, POSIX drops every
 * lock a process holds on a file when it closes ANY descriptor of that file, so a second attempt
 * here must never open the file: the folders this process holds are refused from memory first.
 *
 * The lock itself says nothing about its holder, so the holder writes who it is (pid, host kind,
 * start time) to `marketdesk.lock.owner.json` once it holds the lock; a refused process reads
 * that file only to name the holder in its message, never to decide anything.
 */
import { closeSync, mkdirSync, openSync, readFileSync, realpathSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';

export const LOCK_FILE_NAME = 'marketdesk.lock';
export const OWNER_FILE_NAME = 'marketdesk.lock.owner.json';

export interface LockOwner {
  pid: number;
  /** Which program holds it: "desktop app", "browser-mode host", "sandbox", a test… */
  hostKind: string;
  /** ISO time the holder took the lock. */
  startedAt: string;
  hostname: string;
}

export interface DataFolderLock {
  readonly dir: string;
  readonly owner: LockOwner;
  /** Lets the next process in; safe to call more than once. */
  release(): void;
}

/** Thrown when another process holds the folder; `owner` is what it wrote about itself, if readable. */
export class DataFolderLockedError extends Error {
  constructor(
    readonly dir: string,
    readonly owner: LockOwner | null,
  ) {
    super(describeRefusal(dir, owner));
    this.name = 'DataFolderLockedError';
  }
}

function describeRefusal(dir: string, owner: LockOwner | null): string {
  const who = owner
    ? `process ${owner.pid} (${owner.hostKind}, started ${owner.startedAt}${owner.hostname === hostname() ? '' : ` on ${owner.hostname}`})`
    : 'another process (it has not said which yet)';
  return `The data folder ${dir} is in use by ${who}. Only one Marketdesk can use a data folder at a time: close that one, or start this one with another data folder.`;
}

function readOwner(file: string): LockOwner | null {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<LockOwner>;
    if (typeof parsed.pid !== 'number' || typeof parsed.hostKind !== 'string' || typeof parsed.startedAt !== 'string') return null;
    return { pid: parsed.pid, hostKind: parsed.hostKind, startedAt: parsed.startedAt, hostname: String(parsed.hostname ?? '') };
  } catch {
    return null;
  }
}

const isBusy = (error: unknown) => {
  const { errcode } = error as { errcode?: number };
  // SQLITE_BUSY (5) and SQLITE_LOCKED (6), with or without extended result bits.
  return typeof errcode === 'number' && ((errcode & 0xff) === 5 || (errcode & 0xff) === 6);
};

/** Lock files (by real path) this process holds, and as whom. */
const heldByThisProcess = new Map<string, LockOwner>();

export interface AcquireOptions {
  hostKind: string;
  now?: () => Date;
}

/**
 * Takes the lock on `dir` (created 0700 when missing) or throws DataFolderLockedError naming the holder.
 * Synchronous, so nothing else can run between "locked" and "read the files".
 */
export function acquireDataFolderLock(dir: string, options: AcquireOptions): DataFolderLock {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const lockFile = join(realpathSync(dir), LOCK_FILE_NAME);
  const ownerFile = join(dir, OWNER_FILE_NAME);
  const heldHere = heldByThisProcess.get(lockFile);
  if (heldHere) throw new DataFolderLockedError(dir, heldHere);
  // Created 0600 by us rather than by SQLite (0644 under the usual umask); an empty file is a valid empty database.
  closeSync(openSync(lockFile, 'a', 0o600));
  // timeout 0: a held lock is refused at once instead of waiting.
  const db = new DatabaseSync(lockFile, { timeout: 0 });
  try {
    // EXCLUSIVE locking mode keeps the lock until the connection closes; BEGIN EXCLUSIVE takes it now.
    // Nothing is ever written to it, so no rollback journal file beside it.
    db.exec('PRAGMA journal_mode = OFF');
    db.exec('PRAGMA locking_mode = EXCLUSIVE');
    db.exec('BEGIN EXCLUSIVE');
  } catch (error) {
    db.close();
    if (isBusy(error)) throw new DataFolderLockedError(dir, readOwner(ownerFile));
    throw new Error(`The data folder ${dir} could not be locked (${(error as Error).message}).`, { cause: error });
  }

  const owner: LockOwner = {
    pid: process.pid,
    hostKind: options.hostKind,
    startedAt: (options.now?.() ?? new Date()).toISOString(),
    hostname: hostname(),
  };
  // Temp + rename: a refused process never reads a half-written owner file.
  const temp = `${ownerFile}.${process.pid}.tmp`;
  writeFileSync(temp, `${JSON.stringify(owner)}\n`, { mode: 0o600 });
  renameSync(temp, ownerFile);

  heldByThisProcess.set(lockFile, owner);
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    heldByThisProcess.delete(lockFile);
    process.off('exit', release);
    // The owner file goes first: it must never name a process that no longer holds the lock. On a
    // folder that turned read-only it cannot go; the next holder writes its own over it.
    try {
      rmSync(ownerFile, { force: true });
    } catch {
      // Read only to name a holder in a refusal, never to decide anything.
    }
    db.close();
  };
  // The OS drops the lock when the process ends anyway; this also tidies the owner file.
  process.on('exit', release);
  return { dir, owner, release };
}
