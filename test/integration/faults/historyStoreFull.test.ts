/**
 * Issue 21, faults: the history store's write batch commits from a timer, where a throw would end
 * the whole process. On a real tmpfs filled until ENOSPC, that commit is refused: nothing is
 * thrown out of the timer, the batch is counted lost (a walk that wrote into it stops rather than
 * skip its rows), the status bar hears of it, and what was committed before is all there.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StorageHealth } from '../../../src/main/core/dataFolder/storageHealth';
import { HistoryStore } from '../../../src/main/core/history/historyStore';
import { silentLogger } from '../../../src/main/core/log';
import type { PortfolioSnapshot } from '../../../src/main/core/history/snapshotTable';
import { mountSmallDisk, type SmallDisk } from './smallDisk';

let disk: SmallDisk | undefined;
let skipReason = '';
beforeAll(() => {
  const mounted = mountSmallDisk(8);
  if ('skip' in mounted) skipReason = mounted.skip;
  else disk = mounted;
});
afterAll(() => disk?.unmount());

/** A snapshot of about `kib` KiB, so that a batch of a few needs real space. */
const snapshot = (takenAt: number, kib: number): PortfolioSnapshot => ({
  takenAt, positions: [{ title: 'x'.repeat(kib * 1024) } as unknown as PortfolioSnapshot['positions'][number]], closed: [],
});
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the history store on a full disk (a tmpfs the test mounts)', () => {
  it('a batch the disk refuses from the timer is lost quietly and counted; the file keeps every commit before it', async ({ skip }) => {
    skip(!disk, skipReason);
    const dir = join(disk!.root, 'data');
    mkdirSync(dir, { mode: 0o700 });
    const health = new StorageHealth();
    const store = HistoryStore.open(dir, silentLogger, undefined, health);
    try {
      store.transaction(() => store.snapshots.save('0xkept', snapshot(1, 64)));
      const losses = store.lossCount();
      disk!.fill();
      try {
        // Written into the batch (in memory); the timer commits it a second later, onto a full disk.
        for (let i = 0; i < 8; i++) store.write(() => store.snapshots.save(`0xlost-${i}`, snapshot(2, 256)));
        await sleep(1_500);
        const lost = store.failedSince(losses);
        expect(lost).toMatchObject({
          code: 'storage',
          message: `The disk is full: the synced history could not be saved in the data folder ${dir}. Everything saved before is kept; free some space on that disk and try again.`,
        });
        expect(health.current()).toMatchObject({ kind: 'full', folder: dir });
        expect(store.snapshots.load('0xlost-0')).toBeNull();
        expect(store.snapshots.load('0xkept')?.takenAt).toBe(1);
      } finally {
        disk!.free();
      }
      // Space is back: the next batch commits and the status bar's note goes.
      store.transaction(() => store.snapshots.save('0xafter', snapshot(3, 64)));
      expect(store.snapshots.load('0xafter')?.takenAt).toBe(3);
      expect(store.failedSince(store.lossCount())).toBeNull();
      expect(health.current()).toBeNull();
    } finally {
      store.close();
    }
    // Reopened from the file: the commits before and after the refused batch, nothing of it.
    const reopened = HistoryStore.open(dir, silentLogger);
    expect([reopened.snapshots.load('0xkept')?.takenAt, reopened.snapshots.load('0xlost-3'), reopened.snapshots.load('0xafter')?.takenAt]).toEqual([1, null, 3]);
    reopened.close();
  });
});
