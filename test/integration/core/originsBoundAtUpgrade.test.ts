/**
 * A data folder from the release before origins were recorded: credentials and a proxy in the
 * vault without an origin, and their hints in accounts.json without one. The first unlock after
 * upgrading binds each to its network's host as the profile says then (the sandbox's to the
 * embedded sandbox, a profile's to its URLs, a network with no profile left to nothing); a later
 * unlock changes nothing, even after the profile was re-pointed.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore } from '../../../src/main/core/createCore';
import type { Core } from '../../../src/main/core/coreApi';
import { createMemoryOsKeyStore, createVault, openVault } from '../../../src/main/core/custody';
import { silentLogger } from '../../../src/main/core/log';
import { startSandbox } from '../../../src/sandbox/start';
import type { AccountsState } from '../../../src/shared/custodyViews';
import { EMBEDDED_SANDBOX_ISSUER } from '../../../src/shared/issuedOrigin';
import { LIGHT_KDF, type RunningSandbox } from './coreHarness';
import { addProfilesToSettingsFile, remoteSandboxProfile } from './remoteSandboxProfile';

const PASSWORD = 'upgrade binding password';
const KEY = Uint8Array.from(Buffer.from('ac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80', 'hex'));
const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const CLOB = { apiKey: 'old-api-key-0000-4000-8000-aaaaaaaa', secret: 'b2xkLXNlY3JldA==', passphrase: 'old-passphrase' };
const PROXY = { proxyAddress: '0x1111111111111111111111111111111111111111', secret: 'old-proxy-secret' } as const;
const hint = { apiKeyHint: '••••aaaa', nonce: 0, createdAt: 1 };
const proxyHint = { proxyAddress: PROXY.proxyAddress, label: 'Old bot', expiresAt: Date.now() + 86_400_000, createdAt: 1, referralCode: null };

let exchange: RunningSandbox;
let dataDir: string;
let core: Core | null = null;

async function openCore(): Promise<Core> {
  await core?.stop();
  core = await createCore({
    dataDir,
    serviceUrls: { ...exchange.urls, label: 'Sandbox', isSandbox: true },
    log: silentLogger,
    osKeyStore: createMemoryOsKeyStore(),
    vaultKdf: LIGHT_KDF,
    keystoreKdf: LIGHT_KDF,
  });
  return core;
}
const call = async <T>(channel: string, input: unknown = {}): Promise<T> => {
  const result = await core!.dispatch(channel, input, { clientId: 'upgrade-test' });
  if (!result.ok) throw new Error(`${channel} failed: ${result.error.code}: ${result.error.message}`);
  return result.value as T;
};
const vaultOrigins = async () => {
  const vault = await openVault(join(dataDir, 'marketdesk.vault'));
  await vault.unlockWithPassword(PASSWORD);
  const records = await Promise.all(vault.listRecords().map((entry) => vault.getRecord(entry.id)));
  vault.lock();
  return Object.fromEntries(records.filter((r) => r.kind !== 'signingKey').map((r) => [r.id, 'origin' in r ? r.origin : 'none']));
};
const hintedOrigins = () => {
  const file = JSON.parse(readFileSync(join(dataDir, 'accounts.json'), 'utf8')) as { issuedByNetwork: Record<string, Record<string, { clobCredentials: { origin?: string | null } | null; perpsProxies: Array<{ origin?: string | null }> }>> };
  return Object.fromEntries(Object.entries(file.issuedByNetwork).map(([network, byAccount]) => [network, [byAccount.acct!.clobCredentials?.origin, ...byAccount.acct!.perpsProxies.map((p) => p.origin)]]));
};

beforeAll(async () => {
  exchange = await startSandbox({ seed: 7, port: 0, simulate: false });
  dataDir = mkdtempSync(join(tmpdir(), 'marketdesk-upgrade-'));
  addProfilesToSettingsFile(dataDir, [remoteSandboxProfile('staging', 'Staging', exchange.urls)]);
  // What the previous release left: records and hints without an origin.
  const vault = await createVault(join(dataDir, 'marketdesk.vault'), PASSWORD, { kdf: LIGHT_KDF });
  await vault.putRecord({ id: 'key:acct', accountId: 'acct', kind: 'signingKey', privateKey: KEY });
  await vault.putRecord({ id: 'clob:acct', accountId: 'acct', kind: 'clobCredentials', network: 'sandbox', credentials: CLOB });
  await vault.putRecord({ id: 'clob.staging:acct', accountId: 'acct', kind: 'clobCredentials', network: 'staging', credentials: CLOB });
  await vault.putRecord({ id: `proxy.staging:acct:${PROXY.proxyAddress}`, accountId: 'acct', kind: 'perpsProxy', network: 'staging', proxy: PROXY });
  await vault.putRecord({ id: 'clob.gone:acct', accountId: 'acct', kind: 'clobCredentials', network: 'gone', credentials: CLOB });
  vault.lock();
  const account = { id: 'acct', label: 'Old', address: ADDRESS, kind: 'key', signatureType: 'EOA', funder: null, clobCredentials: null, perpsProxies: [], createdAt: 1 };
  writeFileSync(
    join(dataDir, 'accounts.json'),
    JSON.stringify({
      accounts: [account],
      activeAccountId: 'acct',
      issuedByNetwork: {
        sandbox: { acct: { clobCredentials: hint, perpsProxies: [] } },
        staging: { acct: { clobCredentials: hint, perpsProxies: [proxyHint] } },
        gone: { acct: { clobCredentials: hint, perpsProxies: [] } },
      },
    }),
  );
}, 60_000);

afterAll(async () => {
  await core?.stop();
  await exchange?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('records issued before origins were recorded', () => {
  it('are bound at the first unlock to their network\'s host as its profile says then', async () => {
    await openCore();
    expect(await vaultOrigins()).toEqual({ 'clob:acct': 'none', 'clob.staging:acct': 'none', [`proxy.staging:acct:${PROXY.proxyAddress}`]: 'none', 'clob.gone:acct': 'none' });
    await call('unlockVault', { password: PASSWORD });
    const state = await call<AccountsState>('listAccounts');
    expect(state.accounts[0]!.clobCredentials?.origin).toBe(EMBEDDED_SANDBOX_ISSUER);
    expect(state.hosts).toEqual({ clob: EMBEDDED_SANDBOX_ISSUER, perps: EMBEDDED_SANDBOX_ISSUER });
    const clob = new URL(exchange.urls.clob).origin;
    const perps = new URL(exchange.urls.perps).origin;
    const bound = {
      'clob:acct': EMBEDDED_SANDBOX_ISSUER,
      'clob.staging:acct': clob,
      [`proxy.staging:acct:${PROXY.proxyAddress}`]: perps,
      'clob.gone:acct': null,
    };
    expect(await vaultOrigins()).toEqual(bound);
    expect(hintedOrigins()).toEqual({ sandbox: [EMBEDDED_SANDBOX_ISSUER], staging: [clob, perps], gone: [null] });

    // Staging is re-pointed; the next unlock keeps what the first one bound.
    addProfilesToSettingsFile(dataDir, [remoteSandboxProfile('staging', 'Staging', { ...exchange.urls, clob: 'https://clob.elsewhere.example', perps: 'https://perps.elsewhere.example' })]);
    await openCore();
    await call('unlockVault', { password: PASSWORD });
    expect(await vaultOrigins()).toEqual(bound);
    expect(hintedOrigins()).toEqual({ sandbox: [EMBEDDED_SANDBOX_ISSUER], staging: [clob, perps], gone: [null] });
  });
});
