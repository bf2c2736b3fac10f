/**
 * File plumbing of the sandbox state file: atomic replacement, leftover temp files, and moving
 * an unusable file aside. POSIX semantics; on Windows the directory fsync is skipped.
 *
 * The state file holds exchange-side secrets (API key secrets and passphrases) of a paper
 * exchange on the user's own machine, so the file is created with mode 0600 and its directory,
 * when we create it, with 0700. `rename` keeps the temp file's mode, so every version of the
 * file is 0600 whatever the umask allowed before.
 */
import { randomBytes } from 'node:crypto';
import { access, mkdir, open, readdir, rename, rm, type FileHandle } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

export const STATE_FILE_MODE = 0o600;
const DIRECTORY_MODE = 0o700;
const TEMP_SUFFIX = '.tmp';
/** Bound on `<name>.corrupt-<stamp>-<n>` attempts when several land in the same millisecond. */
const MAX_QUARANTINE_NAMES = 100;

/** Temp files live beside the target (same filesystem, so the rename is atomic) as `.<name>.<pid>-<hex>.tmp`. */
const tempPrefix = (file: string) => `.${basename(file)}.`;

/** Writes `text` to a fresh 0600 temp file, fsyncs it, renames it over `file`, fsyncs the directory. */
export async function writeFileAtomically(file: string, text: string): Promise<void> {
  const dir = dirname(file);
  await mkdir(dir, { recursive: true, mode: DIRECTORY_MODE });
  const temp = join(dir, `${tempPrefix(file)}${process.pid}-${randomBytes(6).toString('hex')}${TEMP_SUFFIX}`);
  let handle: FileHandle | undefined;
  try {
    handle = await open(temp, 'wx', STATE_FILE_MODE);
    // The open mode is masked by the umask; chmod makes it exactly 0600.
    await handle.chmod(STATE_FILE_MODE);
    await handle.writeFile(text, 'utf8');
    await handle.sync();
    await handle.close();
    handle = undefined;
    await rename(temp, file);
  } catch (error) {
    await handle?.close().catch(() => undefined);
    await rm(temp, { force: true }).catch(() => undefined);
    throw error;
  }
  await syncDirectory(dir);
}

async function syncDirectory(dir: string): Promise<void> {
  let handle: FileHandle | undefined;
  try {
    handle = await open(dir, 'r');
    await handle.sync();
  } catch {
    // Not supported everywhere (Windows); the rename itself already happened.
  } finally {
    await handle?.close().catch(() => undefined);
  }
}

/**
 * Deletes temp files a crashed run left beside `file`. One state file serves one sandbox at a
 * time, so no live writer owns them. Errors are ignored: a leftover only costs disk space.
 */
export async function removeLeftoverTempFiles(file: string): Promise<void> {
  const dir = dirname(file);
  const prefix = tempPrefix(file);
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return;
  }
  const leftovers = names.filter((name) => name.startsWith(prefix) && name.endsWith(TEMP_SUFFIX));
  await Promise.all(leftovers.map((name) => rm(join(dir, name), { force: true }).catch(() => undefined)));
}

const exists = (path: string) => access(path).then(() => true, () => false);

/** Renames `file` to `<file>.corrupt-<timestamp>` (never over an existing file); null when it cannot. */
export async function setAside(file: string, now: Date): Promise<string | null> {
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  for (let i = 0; i < MAX_QUARANTINE_NAMES; i += 1) {
    const target = `${file}.corrupt-${stamp}${i === 0 ? '' : `-${i}`}`;
    if (await exists(target)) continue;
    try {
      await rename(file, target);
      return target;
    } catch {
      return null;
    }
  }
  return null;
}
