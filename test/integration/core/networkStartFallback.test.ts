/**
 * A saved live network that cannot be opened at start (another Marketdesk owns its rate budgets)
 * does not keep the app from starting: the core opens the embedded sandbox, the title bar's
 * network list says why, the saved choice stays for the next start, and a switch to the saved
 * network works once it is free (the notice goes with it).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore } from '../../../src/main/core/createCore';
import type { Core } from '../../../src/main/core/coreApi';
import { createMemoryOsKeyStore } from '../../../src/main/core/custody';
import { silentLogger } from '../../../src/main/core/log';
import { acquireBudgetOwnerLock } from '../../../src/main/core/net/budgetOwnerLock';
import { startSandbox } from '../../../src/sandbox/start';
import type { NetworkChoice } from '../../../src/shared/networkSwitchViews';
import type { AppStatus, NetworkInfo } from '../../../src/shared/viewModels';
import { LIGHT_KDF } from './coreHarness';
import { addProfilesToSettingsFile, remoteSandboxProfile } from './remoteSandboxProfile';

let remote: Awaited<ReturnType<typeof startSandbox>>;
let core: Core | undefined;
let dataDir: string;
let lockRoot: string;

const call = async <T>(channel: string, input: unknown = {}): Promise<T> => {
  const result = await core!.dispatch(channel, input, { clientId: 'start-test' });
  if (!result.ok) throw new Error(`${channel} failed: ${result.error.code}: ${result.error.message}`);
  return result.value as T;
};
const savedActiveId = () => (JSON.parse(readFileSync(join(dataDir, 'settings.json'), 'utf8')) as { activeNetworkId?: string }).activeNetworkId;

beforeAll(async () => {
  remote = await startSandbox({ seed: 3, port: 0, simulate: false });
  dataDir = mkdtempSync(join(tmpdir(), 'marketdesk-start-fallback-'));
  lockRoot = mkdtempSync(join(tmpdir(), 'marketdesk-start-locks-'));
  addProfilesToSettingsFile(dataDir, [remoteSandboxProfile('remote', 'Remote', remote.urls)]);
  const settingsFile = join(dataDir, 'settings.json');
  writeFileSync(settingsFile, JSON.stringify({ ...JSON.parse(readFileSync(settingsFile, 'utf8')), activeNetworkId: 'remote' }));
}, 30_000);

afterAll(async () => {
  await core?.stop();
  await remote?.stop();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(lockRoot, { recursive: true, force: true });
});

describe('a saved live network that cannot be opened at start', () => {
  it('opens the sandbox instead, says why, keeps the saved choice, and switches back once it is free', async () => {
    const held = acquireBudgetOwnerLock(remote.urls, { root: lockRoot, hostKind: 'another app', networkLabel: 'Remote' });
    try {
      core = await createCore({ dataDir, budgetLockDir: lockRoot, log: silentLogger, osKeyStore: createMemoryOsKeyStore(), vaultKdf: LIGHT_KDF, keystoreKdf: LIGHT_KDF });
      expect((await call<AppStatus>('getAppStatus')).network).toMatchObject({ id: 'sandbox', isSandbox: true });
      const active = (await call<NetworkChoice[]>('listNetworks')).find((choice) => choice.active);
      expect(active).toMatchObject({ id: 'sandbox', notice: expect.stringMatching(/^Remote could not be opened when Marketdesk started \(.*another app.*\) — you are on the Sandbox\./) });
      expect(savedActiveId()).toBe('remote');
    } finally {
      held.release();
    }

    expect(await call<NetworkInfo>('switchNetwork', { networkId: 'remote' })).toEqual({ id: 'remote', label: 'Remote', isSandbox: false });
    const after = await call<NetworkChoice[]>('listNetworks');
    expect(after.find((choice) => choice.active)).toMatchObject({ id: 'remote' });
    expect(after.some((choice) => choice.notice !== undefined)).toBe(false);
  }, 60_000);
});
