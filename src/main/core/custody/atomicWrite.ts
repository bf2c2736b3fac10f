import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { errnoOf } from './errors';

/**
 * Crash-safe replacement of a small file (DESIGN.md invariant 5).
 *
 *   1. write the new bytes to a temporary file in the same directory (0600) and fsync it;
 *   2. keep the current file as `<name>.bak`: hard-link it to a temporary name, then rename that
 *      over the old backup (each step atomic; a copy is made where hard links are unsupported);
 *   3. rename the temporary file over `<name>` (atomic on POSIX and NTFS);
 *   4. fsync the directory so the renames themselves survive a power cut.
 *
 * At every instant `<name>` is either the complete old file or the complete new one: a crash can
 * only leave a stray temporary file behind, which removeStaleTempFiles sweeps on the next open.
 * One process owns a file at a time (the data folder is locked, see dataFolderLock.ts); this is
 * not a lock itself, but `beforeReplace` lets a caller refuse to replace content it did not read.
 */

export type WriteStep = 'temp-written' | 'temp-synced' | 'backup-kept' | 'renamed' | 'directory-synced';

export interface AtomicWriteOptions {
  mode?: number;
  /** Keep the file being replaced as `<name>.bak` (default true). */
  keepBackup?: boolean;
  /** Fail with EEXIST instead of replacing an existing file (creation). */
  exclusive?: boolean;
  /**
   * Runs once the new bytes are safely in the temp file, just before anything replaces `<name>`;
   * throwing aborts the write (the temp file is removed, `<name>` and `.bak` are untouched).
   * The vault checks here that the file still holds the generation it read (compare and swap).
   */
  beforeReplace?: () => Promise<void>;
  /** Test seam: called after each step, so a crash test can kill the process at a chosen point. */
  onStep?: (step: WriteStep) => void;
}

export const backupPathOf = (file: string) => `${file}.bak`;

const TEMP_SUFFIX = '.tmp';
const tempPathOf = (file: string, tag: string) =>
  path.join(path.dirname(file), `.${path.basename(file)}.${tag}${randomBytes(6).toString('hex')}${TEMP_SUFFIX}`);

export async function writeFileAtomic(file: string, data: string | Uint8Array, options: AtomicWriteOptions = {}): Promise<void> {
  const { mode = 0o600, keepBackup = true, exclusive = false, beforeReplace, onStep } = options;
  const temp = tempPathOf(file, '');
  let handle: fs.FileHandle | undefined;
  try {
    // 'wx' refuses to follow a pre-planted symlink or reuse an existing file at the temp name.
    handle = await fs.open(temp, 'wx', mode);
    await handle.chmod(mode); // umask cannot widen it, but make the mode explicit
    await handle.writeFile(data);
    onStep?.('temp-written');
    await handle.sync();
    await handle.close();
    handle = undefined;
    onStep?.('temp-synced');
    await beforeReplace?.();

    if (exclusive) {
      // link() fails with EEXIST where rename() would silently replace: creation never overwrites.
      await fs.link(temp, file);
      await fs.unlink(temp);
      onStep?.('renamed');
    } else {
      if (keepBackup) await keepCopy(file, backupPathOf(file));
      onStep?.('backup-kept');
      await fs.rename(temp, file);
      onStep?.('renamed');
    }
    await fsyncDirectory(path.dirname(file));
    onStep?.('directory-synced');
  } catch (error) {
    await handle?.close().catch(() => {});
    await fs.unlink(temp).catch(() => {});
    throw error;
  }
}

/** Makes `backup` a snapshot of `file` as it is now (no-op when `file` does not exist). */
export async function keepCopy(file: string, backup: string): Promise<void> {
  const temp = tempPathOf(file, 'bak.');
  try {
    await fs.link(file, temp);
  } catch (error) {
    if (errnoOf(error) === 'ENOENT') return;
    // Filesystems without hard links (FAT, some network shares): copy and sync instead.
    await fs.copyFile(file, temp, fs.constants.COPYFILE_EXCL);
    await fs.chmod(temp, 0o600);
    const copy = await fs.open(temp, 'r+');
    try {
      await copy.sync();
    } finally {
      await copy.close();
    }
  }
  try {
    await fs.rename(temp, backup);
  } catch (error) {
    await fs.unlink(temp).catch(() => {});
    throw error;
  }
}

/** Point `<name>.bak` at the current file, so an older copy (old password, deleted key) is gone. */
export async function refreshBackup(file: string): Promise<void> {
  await keepCopy(file, backupPathOf(file));
  await fsyncDirectory(path.dirname(file));
}

export async function fsyncDirectory(dir: string): Promise<void> {
  // Windows cannot open a directory for syncing, and NTFS metadata is journaled anyway.
  if (process.platform === 'win32') return;
  const handle = await fs.open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Removes temporary files a crashed write left next to `file`. Best effort. */
export async function removeStaleTempFiles(file: string): Promise<number> {
  const dir = path.dirname(file);
  const prefix = `.${path.basename(file)}.`;
  let removed = 0;
  const names = await fs.readdir(dir).catch(() => [] as string[]);
  for (const name of names) {
    if (name.startsWith(prefix) && name.endsWith(TEMP_SUFFIX)) {
      await fs.unlink(path.join(dir, name)).then(() => removed++, () => {});
    }
  }
  return removed;
}
