/**
 * One running sandbox per state file. Two sandboxes on one file would each load it, then
 * overwrite each other's saves (API keys issued by one vanish for the other), so the store
 * locks `<file>.lock` before it reads the file and holds it until close().
 *
 * Same design as the app's data-folder lock (src/main/core/dataFolder/dataFolderLock.ts; the
 * sandbox imports only src/shared, so it keeps its own copy): an OS file lock taken through
 * `node:sqlite` (an empty database held in an exclusive transaction: fcntl on POSIX, LockFileEx
 * on Windows), which the kernel drops when the process ends in any way. The holder writes
 * `<file>.lock.owner.json` (pid, start time) so a refused sandbox can say who holds it.
 */
import { closeSync, mkdirSync, openSync, readFileSync, realpathSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';

export interface StateFileLock {
  release(): void;
}

export class StateFileLockedError extends Error {
  constructor(
    readonly file: string,
    readonly holderPid: number | null,
  ) {
    super(
      `sandbox: the state file ${file} is in use by ${holderPid === null ? 'another process' : `process ${holderPid}`}` +
        `${holderPid === null ? '' : ` (${describeHolder(file)})`}; one sandbox per state file: stop it or choose another file`,
    );
    this.name = 'StateFileLockedError';
  }
}

const ownerFileOf = (file: string) => `${file}.lock.owner.json`;

function readHolder(file: string): { pid: number; hostKind: string; startedAt: string } | null {
  try {
    const owner = JSON.parse(readFileSync(ownerFileOf(file), 'utf8')) as { pid?: unknown; hostKind?: unknown; startedAt?: unknown };
    if (typeof owner.pid !== 'number') return null;
    return { pid: owner.pid, hostKind: String(owner.hostKind ?? 'sandbox'), startedAt: String(owner.startedAt ?? 'unknown') };
  } catch {
    return null;
  }
}

function describeHolder(file: string): string {
  const holder = readHolder(file);
  return holder ? `${holder.hostKind}, started ${holder.startedAt}` : 'sandbox';
}

/** Lock files (by real path) this process holds. */
const heldByThisProcess = new Set<string>();

/**
 * Locks `file` for this process or throws StateFileLockedError when another holds it; any other
 * failure (the directory cannot be created yet, …) throws a plain Error, and the store retries
 * before its next save.
 */
export function lockStateFile(file: string): StateFileLock {
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  const lockFile = join(realpathSync(dirname(file)), `${basename(file)}.lock`);
  // POSIX drops this process's lock when ANY descriptor of the file closes: a second attempt in
  // this process must be refused before it opens the file.
  if (heldByThisProcess.has(lockFile)) throw new StateFileLockedError(file, process.pid);
  closeSync(openSync(lockFile, 'a', 0o600));
  const db = new DatabaseSync(lockFile, { timeout: 0 });
  try {
    // Nothing is ever written to it, so no rollback journal file beside it.
    db.exec('PRAGMA journal_mode = OFF');
    db.exec('PRAGMA locking_mode = EXCLUSIVE');
    db.exec('BEGIN EXCLUSIVE');
  } catch (error) {
    db.close();
    const code = (error as { errcode?: number }).errcode;
    if (typeof code === 'number' && ((code & 0xff) === 5 || (code & 0xff) === 6)) throw new StateFileLockedError(file, readHolder(file)?.pid ?? null);
    throw new Error(`sandbox: cannot lock the state file ${file} (${(error as Error).message})`, { cause: error });
  }
  const ownerFile = ownerFileOf(file);
  const temp = `${ownerFile}.${process.pid}.tmp`;
  try {
    writeFileSync(temp, `${JSON.stringify({ pid: process.pid, hostKind: 'sandbox', startedAt: new Date().toISOString() })}\n`, { mode: 0o600 });
    renameSync(temp, ownerFile);
  } catch {
    // Only the refusal message of a second sandbox needs it (a name too long, say): the lock holds without it.
    rmSync(temp, { force: true });
  }
  heldByThisProcess.add(lockFile);
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    heldByThisProcess.delete(lockFile);
    process.off('exit', release);
    rmSync(ownerFile, { force: true });
    db.close();
  };
  process.on('exit', release);
  return { release };
}
