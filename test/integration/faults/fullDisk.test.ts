/**
 * Issue 21, faults: a data folder on a real, small filesystem (a tmpfs this test mounts and fills
 * until the kernel answers ENOSPC). The browser-mode host runs as a user runs it, in a process of
 * its own, spoken to over its WebSocket bridge. A settings write, a history sync and an export on
 * the full disk each fail with the sentence the user reads, nothing stored before is lost, the
 * host stays up, and the sync resumes by itself once space is back. Then the folder is remounted
 * read-only and a start on it is refused in one line.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_HISTORY_WALLETS } from '../../../src/sandbox/analytics/synthetic/wallets';
import type { ExportResult, HistorySyncState } from '../../../src/shared/portfolioViews';
import type { DisplayPrefs } from '../../../src/shared/prefs';
import type { BridgeResult } from '../../../src/shared/result';
import type { AppStatus } from '../../../src/shared/viewModels';
import { runFailingHost, startHostProcess, type HostProcess } from './hostProcess';
import { mountDataFolder, type SmallDisk } from './smallDisk';

let disk: SmallDisk | undefined;
let skipReason = '';
let dataDir = '';
let host: HostProcess | undefined;

const full = (what: string) =>
  `The disk is full: ${what} could not be saved in the data folder ${dataDir}. Everything saved before is kept; free some space on that disk and try again.`;

async function ok<T>(channel: string, input: unknown = {}): Promise<T> {
  const result = await host!.call<T>(channel, input);
  if (!result.ok) throw new Error(`${channel}: ${result.error.code}: ${result.error.message}`);
  return result.value;
}

const failure = (result: BridgeResult<unknown>) => (result.ok ? null : { code: result.error.code, message: result.error.message });
const syncState = (address: string) => ok<HistorySyncState>('getHistorySyncState', { address });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Fills the disk for `work`, and frees it afterwards whatever happens. */
async function onFullDisk<T>(work: () => Promise<T>): Promise<T> {
  disk!.fill();
  try {
    return await work();
  } finally {
    disk!.free();
  }
}

beforeAll(async () => {
  const mounted = mountDataFolder(48);
  if ('skip' in mounted) {
    skipReason = mounted.skip;
    return;
  }
  ({ disk, dataDir } = mounted);
  host = await startHostProcess(dataDir);
}, 90_000);

afterAll(async () => {
  try {
    await host?.stop();
  } finally {
    disk?.unmount();
  }
}, 60_000);

describe('faults on a full or read-only data folder (a tmpfs the test mounts)', () => {
  it('a settings write on a full disk says the disk is full, keeps the file as it was, and the host stays up', async ({ skip }) => {
    skip(!disk, skipReason);
    const before = await ok<DisplayPrefs>('getDisplayPrefs');
    const file = join(dataDir, 'settings.json');
    const bytesBefore = readFileSync(file);
    const theme = before.theme === 'dark' ? 'light' : 'dark';
    const refused = await onFullDisk(async () => {
      const result = await host!.call('setDisplayPrefs', { theme });
      const status = await ok<AppStatus>('getAppStatus');
      return { result, status };
    });
    expect(failure(refused.result)).toEqual({ code: 'storage', message: full('your display preferences') });
    expect(refused.status.storage).toMatchObject({ kind: 'full', folder: dataDir, message: full('your display preferences') });
    // Nothing half-written: the same bytes, no temporary file left beside them.
    expect(readFileSync(file).equals(bytesBefore)).toBe(true);
    expect(readdirSync(dataDir).filter((name) => name.includes('settings') && name !== 'settings.json')).toEqual([]);
    expect(await ok<DisplayPrefs>('getDisplayPrefs')).toEqual(before);
    expect(host!.alive()).toBe(true);
    // Space is back: the same write goes through and the status bar's note goes away.
    expect((await ok<DisplayPrefs>('setDisplayPrefs', { theme })).theme).toBe(theme);
    expect((await ok<AppStatus>('getAppStatus')).storage).toBeNull();
  }, 60_000);

  it('a history sync on a full disk fails with the disk\'s sentence, keeps the rows stored before, and resumes by itself once space is back', async ({ skip }) => {
    skip(!disk, skipReason);
    const kept = SANDBOX_HISTORY_WALLETS.tiny;
    const refused = SANDBOX_HISTORY_WALLETS.small;
    expect((await ok<HistorySyncState>('syncActivityHistory', { address: kept.address, jobId: 'kept-sync' })).rows).toBe(kept.rows);

    disk!.fill();
    try {
      const result = await host!.call('syncActivityHistory', { address: refused.address, jobId: 'full-disk-sync' });
      expect(failure(result)).toEqual({ code: 'storage', message: full('the synced history') });
      const state = await syncState(refused.address);
      expect(state.rows).toBe(0);
      expect(state.storageRetry).toMatchObject({ problem: full('the synced history'), attempt: 1, maxAttempts: 12 });
      expect(state.storageRetry!.nextRetryAt).toBeGreaterThan(Date.now());
      // The views heard it: the wallet's state, pushed with the planned retry.
      expect(host!.events('historyChanged').some((s) => (s as HistorySyncState).storageRetry?.problem === full('the synced history'))).toBe(true);
      // What was stored before is all there.
      expect((await syncState(kept.address)).rows).toBe(kept.rows);
      expect((await ok<AppStatus>('getAppStatus')).storage).toMatchObject({ kind: 'full', message: full('the synced history') });
      expect(host!.alive()).toBe(true);
      // Past the batch timer (1 s): the host is still up.
      await sleep(1_500);
      expect(host!.alive()).toBe(true);
    } finally {
      disk!.free();
    }
    // Nobody asks again: the sync's own retry (5 s, doubling, jittered) finds the space.
    const deadline = Date.now() + 45_000;
    let state = await syncState(refused.address);
    while (Date.now() < deadline && !(state.complete && state.rows === refused.rows && state.storageRetry === null)) {
      await sleep(250);
      state = await syncState(refused.address);
    }
    expect(state).toMatchObject({ rows: refused.rows, complete: true, storageRetry: null });
    expect((await ok<AppStatus>('getAppStatus')).storage).toBeNull();
    expect(host!.alive()).toBe(true);
  }, 90_000);

  it('an export on a full disk fails with the disk\'s sentence, leaves no partial file, and works once space is back', async ({ skip }) => {
    skip(!disk, skipReason);
    const { address } = SANDBOX_HISTORY_WALLETS.tiny;
    const exports = join(dataDir, 'exports');
    const result = await onFullDisk(() => host!.call('exportActivity', { address, format: 'csv', jobId: 'full-disk-export' }));
    expect(failure(result)).toEqual({ code: 'storage', message: full('the export') });
    expect(readdirSync(exports)).toEqual([]);
    expect(host!.alive()).toBe(true);
    const done = await ok<ExportResult>('exportActivity', { address, format: 'csv', jobId: 'export-after' });
    expect(done.rows).toBeGreaterThan(0);
    expect(done.downloadPath).toMatch(/^\/downloads\//);
  }, 60_000);

  it('a start on a read-only data folder is refused in one line naming the folder, and changes nothing there', async ({ skip }) => {
    skip(!disk, skipReason);
    await host!.stop();
    expect(host!.exitCode()).toBe(0);
    // Every file's name and bytes (a directory by its name).
    const fingerprint = () => {
      const hash = createHash('sha256');
      for (const name of readdirSync(dataDir).sort()) {
        const path = join(dataDir, name);
        hash.update(`${name}:${statSync(path).isFile() ? readFileSync(path).toString('base64') : 'dir'}|`);
      }
      return hash.digest('hex');
    };
    disk!.remount('ro');
    try {
      const before = fingerprint();
      const run = await runFailingHost(dataDir);
      expect(run.code).toBe(1);
      expect(run.stdout).toBe('');
      expect(run.stderr).toBe(
        `Marketdesk could not start: The data folder is read-only: ${dataDir}. Marketdesk keeps its lock, settings, keys and history there and cannot start without writing to it; make the folder writable, or start with another data folder.\n`,
      );
      expect(fingerprint()).toBe(before);
    } finally {
      disk!.remount('rw');
    }
  }, 60_000);
});
