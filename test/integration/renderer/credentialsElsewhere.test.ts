/**
 * The renderer's side of credentials bound to their origin, through its stores over the real core
 * and a real sandbox: a live profile ("Staging") now points at this sandbox, while the account's
 * credentials there were issued by another host. The ticket's block names both hosts (the kind on
 * which it offers "Re-issue for this host"); the re-issue it runs asks main's confirmation, which
 * names this host, and the block is gone once the credentials are bound here.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore } from '../../../src/main/core/createCore';
import type { Core } from '../../../src/main/core/coreApi';
import { createMemoryOsKeyStore, createVault } from '../../../src/main/core/custody';
import { silentLogger } from '../../../src/main/core/log';
import { startSandbox } from '../../../src/sandbox/start';
import { AnsweringConfirmations } from '../core/answeringConfirmations';
import { callOk, LIGHT_KDF, type Harness, type RunningSandbox } from '../core/coreHarness';
import { addProfilesToSettingsFile, remoteSandboxProfile } from '../core/remoteSandboxProfile';
import { installBridge } from './storesOverCore';

const PASSWORD = 'credentials elsewhere password';
const ISSUED_BY = 'https://clob.issued-here-before.example';
const KEY = Uint8Array.from(Buffer.from('ac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80', 'hex'));
const CLOB = { apiKey: 'api-key-of-the-old-host-0000-4000', secret: 'b2xkLWhvc3Qtc2VjcmV0', passphrase: 'old-host-passphrase' };

let sandbox: RunningSandbox;
let dataDir: string;
let core: Core;
const confirmations = new AnsweringConfirmations('yes');

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 7, port: 0, simulate: false });
  dataDir = mkdtempSync(join(tmpdir(), 'marketdesk-elsewhere-'));
  addProfilesToSettingsFile(dataDir, [remoteSandboxProfile('staging', 'Staging', sandbox.urls)]);
  const settings = join(dataDir, 'settings.json');
  writeFileSync(settings, JSON.stringify({ ...JSON.parse(readFileSync(settings, 'utf8')), activeNetworkId: 'staging' }));
  const vault = await createVault(join(dataDir, 'marketdesk.vault'), PASSWORD, { kdf: LIGHT_KDF });
  await vault.putRecord({ id: 'key:acct', accountId: 'acct', kind: 'signingKey', privateKey: KEY });
  await vault.putRecord({ id: 'clob.staging:acct', accountId: 'acct', kind: 'clobCredentials', network: 'staging', credentials: CLOB, origin: ISSUED_BY });
  vault.lock();
  const account = { id: 'acct', label: 'Trader', address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', kind: 'key', signatureType: 'EOA', funder: null, clobCredentials: null, perpsProxies: [], createdAt: 1 };
  const hint = { apiKeyHint: '••••4000', nonce: 0, createdAt: 1, origin: ISSUED_BY };
  writeFileSync(join(dataDir, 'accounts.json'), JSON.stringify({ accounts: [account], activeAccountId: 'acct', issuedByNetwork: { staging: { acct: { clobCredentials: hint, perpsProxies: [] } } } }));
  core = await createCore({
    dataDir, budgetLockDir: join(dataDir, 'locks'), log: silentLogger, osKeyStore: createMemoryOsKeyStore(), vaultKdf: LIGHT_KDF, keystoreKdf: LIGHT_KDF, confirmationSurface: confirmations,
  });
  installBridge({ core } as Harness);
}, 60_000);

afterAll(async () => {
  await core?.stop();
  await sandbox?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('credentials issued by another host, in the renderer', () => {
  it('blocks the ticket naming both hosts, and the re-issue (after main\'s confirmation names this host) lifts it', async () => {
    const here = new URL(sandbox.urls.clob).origin;
    await callOk({ core } as Harness, 'unlockVault', { password: PASSWORD });
    const [{ useAccountsStore }, { useVaultStore }, { currentTradingBlock }, { useOnboardingStore }] = await Promise.all([
      import('../../../src/renderer/stores/accountsStore'),
      import('../../../src/renderer/stores/vaultStore'),
      import('../../../src/renderer/stores/tradingAccess'),
      import('../../../src/renderer/stores/onboardingStore'),
    ]);
    await useVaultStore.getState().load();
    await useAccountsStore.getState().load();
    expect(currentTradingBlock()).toEqual({
      kind: 'credentials_elsewhere',
      reason: `The order-book credentials of "Trader" were issued by ${ISSUED_BY}; this network now points at ${here}. Re-issue them for the new host to trade here.`,
    });

    const state = await useOnboardingStore.getState().createCredentials('acct', 'Trader', false);
    expect(confirmations.asked.at(-1)!.facts).toContainEqual({ label: 'Signature sent to', value: here, warn: true });
    expect(state?.accounts[0]!.clobCredentials?.origin).toBe(here);
    expect(currentTradingBlock()).toBeNull();
  });
});
