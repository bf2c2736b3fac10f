/**
 * Issue 7 finding 9: two hosts on one data folder erased each other's keys, because only
 * Electron took a lock. Now every process that opens a data folder locks it first; a second one
 * names the holder and exits non-zero. Proven with real processes: the browser-mode host
 * (`npm run web`'s entry) twice on one folder, and a holder SIGKILLed to show the OS releases
 * the lock with the process (no stale lock, nothing to steal).
 */
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireDataFolderLock, DataFolderLockedError } from '../../src/main/core/dataFolder/dataFolderLock';
import { cleanUpChildren, repoRoot as root, runTsx as run, tempDir as tempDirWithPrefix, until, type TsxRun as Run } from './support/tsxChildren';

const webCli = join(root, 'src/main/web/cli.ts');
const tempDir = () => tempDirWithPrefix('marketdesk-lock-');

afterEach(cleanUpChildren);

/** The second run either exits (the fix) or starts serving (the bug): whichever comes first. */
async function exitOrServe(second: Run): Promise<{ code: number | null; served: boolean }> {
  const served = until(() => second.stdout().includes('http://'), 'the second host', 60_000).then(() => 'served' as const);
  const outcome = await Promise.race([second.exited, served]);
  if (outcome === 'served') return { code: null, served: true };
  return { code: outcome.code, served: false };
}

describe('one process per data folder', () => {
  it('a second browser-mode host on the same folder names the first one and exits non-zero', async () => {
    const dataDir = tempDir();
    const first = run([webCli, '--no-open', '--port', '0', '--data-dir', dataDir]);
    await until(() => first.stdout().includes('http://'), 'the first host to serve');

    const second = run([webCli, '--no-open', '--port', '0', '--data-dir', dataDir]);
    const outcome = await exitOrServe(second);
    expect(outcome.served, 'the second host started serving on a folder the first one owns').toBe(false);
    expect(outcome.code).not.toBe(0);
    expect(outcome.code).not.toBeNull();
    expect(second.stderr()).toContain(`process ${first.child.pid}`);
    expect(second.stderr()).toContain('browser-mode host');
    // The first one is untouched.
    expect(first.child.exitCode).toBeNull();
  }, 120_000);

  it('the lock dies with its holder, even on SIGKILL, and is never taken from a live one', async () => {
    const dataDir = tempDir();
    const holderScript = join(root, 'test/security/fixtures/holdDataFolderLock.ts');
    const holder = run([holderScript, dataDir]);
    await until(() => holder.stdout().includes('locked'), 'the holder to lock');

    // Held by a live process: refused here, with its pid, however often we try.
    for (let i = 0; i < 3; i += 1) {
      let refused: unknown;
      try {
        acquireDataFolderLock(dataDir, { hostKind: 'test' }).release();
      } catch (error) {
        refused = error;
      }
      expect(refused).toBeInstanceOf(DataFolderLockedError);
      expect((refused as DataFolderLockedError).owner?.pid).toBe(holder.child.pid);
      expect((refused as Error).message).toContain(`process ${holder.child.pid} (lock holder fixture`);
    }

    holder.child.kill('SIGKILL');
    await holder.exited;
    const lock = acquireDataFolderLock(dataDir, { hostKind: 'test' });
    expect(lock.owner.pid).toBe(process.pid);
    lock.release();
  }, 60_000);

  it('in one process a second lock on the folder is refused too, and released locks can be taken again', () => {
    const dataDir = tempDir();
    const lock = acquireDataFolderLock(dataDir, { hostKind: 'first' });
    expect(() => acquireDataFolderLock(dataDir, { hostKind: 'second' })).toThrow(DataFolderLockedError);
    lock.release();
    lock.release();
    acquireDataFolderLock(dataDir, { hostKind: 'third' }).release();
  });

  it('a refused second attempt in the holding process leaves the OS lock in place for other processes', async () => {
    const dataDir = tempDir();
    const lock = acquireDataFolderLock(dataDir, { hostKind: 'first' });
    // POSIX drops a process's locks on a file when any of its descriptors closes: the refused
    // attempt used to open and close the lock file, and the next process got the folder.
    expect(() => acquireDataFolderLock(dataDir, { hostKind: 'second' })).toThrow(DataFolderLockedError);
    const other = run([join(root, 'test/security/fixtures/holdDataFolderLock.ts'), dataDir]);
    const { code } = await other.exited;
    expect(other.stdout()).not.toContain('locked');
    expect(code).not.toBe(0);
    expect(other.stderr()).toContain(`process ${process.pid}`);
    lock.release();
  }, 60_000);
});
