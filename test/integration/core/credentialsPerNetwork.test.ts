/**
 * Everything a service issued is per network, through real cores against two real sandboxes on
 * 127.0.0.1: one plays the embedded sandbox (network "sandbox"), the other a remote deployment
 * (network "custom"). Cores run one after the other on ONE data folder (one vault, one account
 * list), as the app does across a switch: credentials and a proxy derived on the remote leave the
 * sandbox's intact — in the account views, in the vault, and at the sandbox's own service.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore } from '../../../src/main/core/createCore';
import type { Core } from '../../../src/main/core/coreApi';
import { createMemoryOsKeyStore, openVault } from '../../../src/main/core/custody';
import { silentLogger } from '../../../src/main/core/log';
import { startSandbox } from '../../../src/sandbox/start';
import type { AccountsState, AccountView } from '../../../src/shared/custodyViews';
import { LIGHT_KDF, type RunningSandbox } from './coreHarness';
import { AnsweringConfirmations } from './answeringConfirmations';

const PASSWORD = 'correct horse battery staple';
let sandboxA: RunningSandbox;
let remoteB: RunningSandbox;
let dataDir: string;
let core: Core | null = null;

async function openCore(target: RunningSandbox, isSandbox: boolean): Promise<Core> {
  await core?.stop();
  core = await createCore({
    dataDir,
    serviceUrls: { ...target.urls, label: isSandbox ? 'Sandbox' : 'Remote', isSandbox },
    log: silentLogger,
    osKeyStore: createMemoryOsKeyStore(),
    vaultKdf: LIGHT_KDF,
    keystoreKdf: LIGHT_KDF,
    // Issuing on the remote waits for main's confirmation; the user says yes.
    confirmationSurface: new AnsweringConfirmations('yes'),
  });
  return core;
}

async function call<T>(channel: string, input: unknown = {}): Promise<T> {
  if (!core) throw new Error('no core');
  const result = await core.dispatch(channel, input, { clientId: 't' });
  if (!result.ok) throw new Error(`${channel} failed: ${result.error.code}: ${result.error.message}`);
  return result.value as T;
}

const active = (state: AccountsState): AccountView => state.accounts.find((a) => a.id === state.activeAccountId)!;

async function vaultRecords() {
  const vault = await openVault(join(dataDir, 'marketdesk.vault'));
  await vault.unlockWithPassword(PASSWORD);
  const records = await Promise.all(vault.listRecords().map((entry) => vault.getRecord(entry.id)));
  vault.lock();
  return records.map((r) => ({
    id: r.id,
    network: r.network,
    secret: r.kind === 'clobCredentials' ? r.credentials.apiKey : r.kind === 'perpsProxy' ? r.proxy.secret : '(key)',
  }));
}

beforeAll(async () => {
  sandboxA = await startSandbox({ seed: 7, port: 0, simulate: false });
  remoteB = await startSandbox({ seed: 8, port: 0, simulate: false });
  dataDir = mkdtempSync(join(tmpdir(), 'marketdesk-networks-'));
});
afterAll(async () => {
  await core?.stop();
  await sandboxA?.stop();
  await remoteB?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('issued secrets are per network (two real sandboxes, one data folder)', () => {
  it('credentials and a proxy derived on network B leave network A\'s intact', async () => {
    // Network A (the sandbox): a vault, an account, its credentials and a proxy.
    await openCore(sandboxA, true);
    await call('createVault', { password: PASSWORD });
    await call('createAccount', { label: 'Main' });
    await call('createClobCredentials', {});
    const onA = active(await call<AccountsState>('createPerpsProxy', { label: 'Bot A', expiryDays: 30 }));
    expect(onA.clobCredentials).not.toBeNull();
    expect(onA.perpsProxies).toHaveLength(1);
    const recordsOnA = await vaultRecords();

    // Network B: the same account, nothing issued there yet.
    await openCore(remoteB, false);
    await call('unlockVault', { password: PASSWORD });
    const fresh = active(await call<AccountsState>('listAccounts'));
    expect(fresh.address).toBe(onA.address);
    expect(fresh.clobCredentials).toBeNull();
    expect(fresh.perpsProxies).toEqual([]);
    // Deleting on B cannot reach A's credentials: there are none here.
    const refused = await core!.dispatch('deleteClobCredentials', {}, { clientId: 't' });
    expect(refused.ok).toBe(false);

    await call('createClobCredentials', {});
    // B is live: the account's first proxy there is explained and confirmed in main's surface.
    const onB = active(await call<AccountsState>('createPerpsProxy', { label: 'Bot B', expiryDays: 30 }));
    expect(onB.clobCredentials?.apiKeyHint).toMatch(/\S/);
    expect(onB.perpsProxies.map((p) => p.label)).toEqual(['Bot B']);
    expect(onB.perpsProxies[0]!.proxyAddress).not.toBe(onA.perpsProxies[0]!.proxyAddress);

    // A's proxy is not B's to delete; B's own proxy can be, and A's stays.
    const notHere = await core!.dispatch('deletePerpsProxy', { proxyAddress: onA.perpsProxies[0]!.proxyAddress }, { clientId: 't' });
    expect(notHere.ok ? null : notHere.error.code).toBe('not_found');
    const extra = active(await call<AccountsState>('createPerpsProxy', { label: 'Bot B2', expiryDays: 30 }));
    const removed = active(await call<AccountsState>('deletePerpsProxy', { proxyAddress: extra.perpsProxies[1]!.proxyAddress }));
    expect(removed.perpsProxies.map((p) => p.label)).toEqual(['Bot B']);

    // The vault now holds both networks' records; A's are byte-for-byte the secrets they were.
    const both = await vaultRecords();
    for (const record of recordsOnA) expect(both).toContainEqual(record);
    expect(both.filter((r) => r.network === 'custom').map((r) => r.id.split(':')[0])).toEqual(['clob.custom', 'proxy.custom']);
    expect(both.filter((r) => r.network === 'custom').every((r) => !recordsOnA.some((a) => a.secret === r.secret))).toBe(true);

    // Back on A: the views are A's, and A's credentials still authenticate at A's service
    // (rotation revokes the old key with an L2-signed DELETE made from the stored credentials).
    await openCore(sandboxA, true);
    await call('unlockVault', { password: PASSWORD });
    const back = active(await call<AccountsState>('listAccounts'));
    expect(back.clobCredentials).toEqual(onA.clobCredentials);
    expect(back.perpsProxies).toEqual(onA.perpsProxies);
    const rotated = active(await call<AccountsState>('rotateClobCredentials'));
    expect(rotated.clobCredentials?.nonce).toBe(onA.clobCredentials!.nonce + 1);

    // B's credentials were not touched by A's rotation.
    const after = await vaultRecords();
    expect(after.filter((r) => r.network === 'custom')).toEqual(both.filter((r) => r.network === 'custom'));
  });
});
