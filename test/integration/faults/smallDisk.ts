/**
 * A real, small filesystem for the fault tests: a tmpfs mounted by the test (root only), filled
 * for real until the kernel answers ENOSPC, and remounted read-only. Where mounting is not
 * permitted, `mountSmallDisk` answers why, and the tests skip with that reason.
 */
import { execFileSync } from 'node:child_process';
import { closeSync, mkdirSync, mkdtempSync, openSync, rmSync, rmdirSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface SmallDisk {
  /** The mount point. */
  root: string;
  /** Fills every free byte with a file of its own (ENOSPC at the end); returns the bytes written. */
  fill(): number;
  /** Removes what `fill` wrote: the space is back. */
  free(): void;
  remount(mode: 'ro' | 'rw'): void;
  /** Unmounts (lazily if something still holds it) and removes the mount point; safe to call twice. */
  unmount(): void;
}

const FILLER = '.filler';

function mount(dir: string, sizeMiB: number): void {
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${sizeMiB}m,mode=0700`, 'tmpfs', dir], { stdio: 'pipe' });
}

/** A tmpfs of `sizeMiB`, or the reason it could not be made here. */
export function mountSmallDisk(sizeMiB: number): SmallDisk | { skip: string } {
  const root = mkdtempSync(join(tmpdir(), 'marketdesk-smalldisk-'));
  try {
    mount(root, sizeMiB);
  } catch (error) {
    rmSync(root, { recursive: true, force: true });
    const said = (error as { stderr?: Buffer }).stderr?.toString().trim() || (error as Error).message;
    return { skip: `a tmpfs could not be mounted here (${said.split('\n')[0]}); the fault tests need root (mount -t tmpfs)` };
  }
  let mounted = true;
  return {
    root,
    fill() {
      const fd = openSync(join(root, FILLER), 'a');
      let written = 0;
      try {
        // Big chunks first, then pages, so that the last free page is taken too.
        for (const size of [1 << 20, 1 << 12, 1 << 9]) {
          const chunk = Buffer.alloc(size, 0x5a);
          for (;;) {
            try {
              written += writeSync(fd, chunk);
            } catch (error) {
              if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
              break;
            }
          }
        }
      } finally {
        closeSync(fd);
      }
      return written;
    },
    free() {
      rmSync(join(root, FILLER), { force: true });
    },
    remount(mode) {
      execFileSync('mount', ['-o', `remount,${mode}`, root], { stdio: 'pipe' });
    },
    unmount() {
      if (!mounted) return;
      mounted = false;
      try {
        execFileSync('umount', [root], { stdio: 'pipe' });
      } catch {
        execFileSync('umount', ['-l', root], { stdio: 'pipe' });
      }
      rmdirSync(root);
    },
  };
}

/** A tmpfs of `sizeMiB` holding an empty data folder (0700), or the reason it could not be made here. */
export function mountDataFolder(sizeMiB: number): { disk: SmallDisk; dataDir: string } | { skip: string } {
  const disk = mountSmallDisk(sizeMiB);
  if ('skip' in disk) return disk;
  const dataDir = join(disk.root, 'data');
  mkdirSync(dataDir, { mode: 0o700 });
  return { disk, dataDir };
}
