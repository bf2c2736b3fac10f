/**
 * On a network that is not the sandbox, the paper controls refuse before anything is sent, and a
 * new network profile's perps weight budget starts from the sandbox's.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore } from '../../../src/main/core/createCore';
import type { Core } from '../../../src/main/core/coreApi';
import { createMemoryOsKeyStore } from '../../../src/main/core/custody';
import { silentLogger } from '../../../src/main/core/log';
import { networkProfileSchema, newProfileDefaults } from '../../../src/shared/networkProfiles';
import { startSandbox } from '../../../src/sandbox/start';
import type { AccountsState } from '../../../src/shared/custodyViews';
import type { PerpsInfoView } from '../../../src/shared/perpsViews';
import { SANDBOX_PERPS_WEIGHT_BUDGET } from '../../../src/shared/protocol/perps';
import { LIGHT_KDF } from '../core/coreHarness';

let sandbox: Awaited<ReturnType<typeof startSandbox>>;
let core: Core;
let dataDir: string;

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 7, port: 0, simulate: false });
  dataDir = mkdtempSync(join(tmpdir(), 'marketdesk-perps-custom-'));
  core = await createCore({
    dataDir, serviceUrls: { ...sandbox.urls, label: 'Staging', isSandbox: false }, log: silentLogger,
    osKeyStore: createMemoryOsKeyStore(), vaultKdf: LIGHT_KDF, keystoreKdf: LIGHT_KDF,
  });
});
afterAll(async () => {
  await core?.stop();
  await sandbox?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('perps on a network other than the sandbox', () => {
  it('refuses paper funds and positions, saying why, and lists no instruments it was not given', async () => {
    await core.dispatch('createVault', { password: 'other-network-password' }, { clientId: 't' });
    const created = await core.dispatch('createAccount', { label: 'Real' }, { clientId: 't' });
    const accountId = (created.ok ? (created.value as AccountsState) : null)!.accounts[0]!.id;
    for (const [channel, input] of [
      ['requestSandboxPerpsFunds', { accountId, asset: 'USDC', amount: '10' }],
      ['setSandboxPerpsPosition', { accountId, instrumentId: 1, size: '1' }],
    ] as const) {
      const result = await core.dispatch(channel, input, { clientId: 't' });
      expect(result).toEqual({ ok: false, error: expect.objectContaining({ message: 'Paper perps funds and positions exist only on the Sandbox network; nothing was sent.' }) });
    }
    const info = await core.dispatch('getPerpsInfo', {}, { clientId: 't' });
    expect(info.ok && (info.value as PerpsInfoView).instruments).toEqual([]);
  });

  it('starts a new profile from the sandbox perps weight budget, and keeps a budget the user sets', () => {
    const urls = { clob: 'https://clob.example', catalog: 'https://catalog.example', analytics: 'https://a.example', perps: 'https://perps.example' };
    const mine = { id: 'mine', label: 'Mine', urls, ...newProfileDefaults() };
    expect(networkProfileSchema.parse(mine).perpsWeightBudget).toEqual(SANDBOX_PERPS_WEIGHT_BUDGET);
    expect(networkProfileSchema.parse({ ...mine, perpsWeightBudget: { limit: 600, windowMs: 30_000 } }).perpsWeightBudget).toEqual({ limit: 600, windowMs: 30_000 });
    expect(networkProfileSchema.safeParse({ ...mine, perpsWeightBudget: { limit: 0, windowMs: 30_000 } }).success).toBe(false);
  });
});
