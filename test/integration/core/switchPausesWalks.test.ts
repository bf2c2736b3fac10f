/**
 * A network switch in the middle of a history sync: the preflight names the running walk, the
 * switch cancels it with its cursor saved, and back on the first network the next sync fetches only
 * the pages that were missing — no gap, no repeat.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore } from '../../../src/main/core/createCore';
import type { Core } from '../../../src/main/core/coreApi';
import { createMemoryOsKeyStore } from '../../../src/main/core/custody';
import { silentLogger } from '../../../src/main/core/log';
import { SANDBOX_HISTORY_WALLETS, startSandbox, type RunningSandbox } from '../../../src/sandbox/start';
import type { NetworkSwitchPreflight } from '../../../src/shared/networkSwitchViews';
import type { HistorySyncState } from '../../../src/shared/portfolioViews';
import type { JobProgress } from '../../../src/shared/tradingViews';
import { LIGHT_KDF, waitFor } from './coreHarness';
import { addProfilesToSettingsFile, remoteSandboxProfile } from './remoteSandboxProfile';
import { storedKeysDescending } from './storedActivityKeys';

let home: RunningSandbox;
let other: RunningSandbox;
let core: Core;
let dataDir: string;
let lockRoot: string;
const progress: JobProgress[] = [];

const call = async <T>(channel: string, input: unknown = {}): Promise<T> => {
  const result = await core.dispatch(channel, input, { clientId: 'test' });
  if (!result.ok) throw new Error(`${channel}: ${result.error.code}: ${result.error.message}`);
  return result.value as T;
};

/** Requests the home sandbox saw on /v2/activity since its counters were reset. */
function activityRequests(): number {
  const stats = home.edgeStats();
  const total = (scope: string) => stats.find((s) => s.scope === scope)?.total ?? 0;
  return total('analytics') - total('analytics:/trades') - total('analytics:/positions') - total('analytics:/closed-positions') - total('analytics:/ok');
}

beforeAll(async () => {
  home = await startSandbox({ seed: 7, port: 0, simulate: false });
  other = await startSandbox({ seed: 7, port: 0, simulate: false });
  dataDir = mkdtempSync(join(tmpdir(), 'marketdesk-switch-walks-'));
  lockRoot = mkdtempSync(join(tmpdir(), 'marketdesk-switch-walks-locks-'));
  addProfilesToSettingsFile(dataDir, [remoteSandboxProfile('other', 'Other', other.urls)]);
  core = await createCore({
    dataDir,
    serviceUrls: { ...home.urls, label: 'Sandbox', isSandbox: true },
    budgetLockDir: lockRoot,
    log: silentLogger,
    osKeyStore: createMemoryOsKeyStore(),
    vaultKdf: LIGHT_KDF,
    keystoreKdf: LIGHT_KDF,
    // Small pages, so the walk is long enough to be cut off in the middle.
    historyPageSize: 100,
  });
  core.subscribe((event, payload) => {
    if (event === 'jobProgressed') progress.push(payload as JobProgress);
  });
}, 60_000);

afterAll(async () => {
  await core?.stop();
  await home?.stop();
  await other?.stop();
  for (const dir of [dataDir, lockRoot]) if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('a switch during a history walk', () => {
  it('pauses the walk with its cursor; back on the network the sync resumes from there', async () => {
    const { address, rows } = SANDBOX_HISTORY_WALLETS.medium;
    const walk = call<HistorySyncState>('syncActivityHistory', { address, jobId: 'walk' }).catch((error: Error) => error);
    await waitFor(() => progress.some((p) => p.jobId === 'walk' && p.rows >= 3_000), 30_000);

    const preflight = await call<NetworkSwitchPreflight>('getNetworkSwitchPreflight', { networkId: 'other' });
    expect(preflight.needsConfirmation).toBe(true);
    expect(preflight.jobs).toEqual([expect.objectContaining({ jobId: 'walk', kind: 'activitySync', name: 'History sync', resumes: true })]);
    await call('switchNetwork', { networkId: 'other', confirmed: true });
    const outcome = await walk;
    expect(outcome).toBeInstanceOf(Error);
    expect((outcome as Error).message).toMatch(/cancelled/);
    const stored = storedKeysDescending(dataDir, address).length;
    expect(stored).toBeGreaterThanOrEqual(3_000);
    expect(stored).toBeLessThan(rows);

    await call('switchNetwork', { networkId: 'sandbox' });
    expect(await call<HistorySyncState>('getHistorySyncState', { address })).toMatchObject({ rows: stored, complete: false });
    home.resetEdgeStats();
    expect(await call<HistorySyncState>('syncActivityHistory', { address, jobId: 'resumed' })).toMatchObject({ rows, complete: true });
    // One page of the newest rows (nothing new above them), then only the pages below the cursor.
    const pagesMissing = (rows - stored) / 100;
    expect(activityRequests()).toBeGreaterThanOrEqual(1 + pagesMissing);
    expect(activityRequests()).toBeLessThanOrEqual(2 + pagesMissing);
    expect(storedKeysDescending(dataDir, address)).toHaveLength(rows);
  }, 120_000);
});
