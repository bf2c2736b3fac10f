import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SecretPresenter } from '../../../src/main/core/accounts/secretPresenter';
import { hexToBytes } from 'viem';
import { exportKeystoreV3 } from '../../../src/main/core/custody';
import type { AccountsState, KeystoreExportResult, VaultState } from '../../../src/shared/custodyViews';
import { callOk, eventsOf, LIGHT_KDF, startHarness, type Harness } from './coreHarness';
import { AnsweringConfirmations } from './answeringConfirmations';

const PASSWORD = 'correct horse battery staple';
const IMPORTED_KEY = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d';
const KEYSTORE_KEY = '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a';
const WATCHED = '0x90F79bf6EB2c4f870365E785982E1f101E93b906';

let harness: Harness;
const user = new AnsweringConfirmations('yes');
const revealed: string[] = [];
const exportedFiles: Array<{ fileName: string; keystoreJson: string }> = [];
const presenter: SecretPresenter = {
  present: async ({ secret }) => {
    revealed.push(`0x${Buffer.from(secret).toString('hex')}`);
    return { shownIn: 'one-time-page', url: 'http://127.0.0.1/reveal/test' };
  },
  // Stands in for the user choosing a keystore password outside the renderer (main's prompt).
  offerKeystore: async (offer) => {
    exportedFiles.push({ fileName: offer.fileName, keystoreJson: await offer.encrypt('export-pass') });
    return { shownIn: 'dialog', url: null, savedAs: offer.fileName };
  },
};

const call = <T>(channel: string, input: unknown = {}) => callOk<T>(harness, channel, input);
const failure = async (channel: string, input: unknown = {}) => {
  const result = await harness.core.dispatch(channel, input, { clientId: 'test-window' });
  if (result.ok) throw new Error(`${channel} unexpectedly succeeded`);
  return result.error;
};
const active = (state: AccountsState) => state.accounts.find((a) => a.id === state.activeAccountId)!;

beforeAll(async () => {
  harness = await startHarness({ secretPresenter: presenter, confirmationSurface: user });
});
afterAll(async () => {
  await harness?.stop();
});

describe('custody through the bridge, against the sandbox', () => {
  it('starts with no vault and refuses signing with a clear reason', async () => {
    const state = await call<VaultState>('getVaultState');
    expect(state).toMatchObject({ exists: false, unlocked: false, autoLockMinutes: 15 });
    expect(await failure('createAccount', { label: 'Main' })).toMatchObject({ code: 'no_vault', message: expect.stringMatching(/create one in Accounts/) });
  });

  it('refuses a short vault password, then creates the vault', async () => {
    expect(await failure('createVault', { password: 'short' })).toMatchObject({
      code: 'invalid_input',
      message: expect.stringMatching(/password: the vault password must be at least 8 characters/),
    });
    const state = await call<VaultState>('createVault', { password: PASSWORD });
    expect(state).toMatchObject({ exists: true, unlocked: true });
    expect(eventsOf(harness, 'vaultStateChanged').at(-1)).toMatchObject({ unlocked: true });
  });

  it('creates, imports and watches accounts, and refuses duplicates and bad keys', async () => {
    const created = await call<AccountsState>('createAccount', { label: 'Main' });
    expect(active(created)).toMatchObject({ label: 'Main', kind: 'key', signatureType: 'EOA', funder: null });

    const imported = await call<AccountsState>('importPrivateKeyAccount', { label: 'Imported', privateKey: IMPORTED_KEY.slice(2) });
    expect(imported.accounts.map((a) => a.address)).toContain(privateKeyToAccount(IMPORTED_KEY).address);

    const keystore = await exportKeystoreV3(hexToBytes(KEYSTORE_KEY), 'keystore-pass', { scrypt: LIGHT_KDF });
    const withKeystore = await call<AccountsState>('importKeystoreAccount', {
      label: 'From keystore',
      keystoreJson: JSON.stringify(keystore),
      keystorePassword: 'keystore-pass',
      signatureType: 'SAFE',
      funder: WATCHED,
    });
    expect(withKeystore.accounts.find((a) => a.label === 'From keystore')).toMatchObject({
      address: privateKeyToAccount(KEYSTORE_KEY).address,
      signatureType: 'SAFE',
      funder: WATCHED,
    });

    const watched = await call<AccountsState>('addWatchOnlyAccount', { label: 'Watched', address: WATCHED.toLowerCase() });
    expect(watched.accounts.at(-1)).toMatchObject({ kind: 'watchOnly', address: WATCHED });

    expect(await failure('importPrivateKeyAccount', { label: 'Again', privateKey: IMPORTED_KEY })).toMatchObject({
      code: 'conflict',
      message: expect.stringMatching(/already in Marketdesk as "Imported"/),
    });
    expect(await failure('importPrivateKeyAccount', { label: 'Short', privateKey: '0x1234' })).toMatchObject({
      message: expect.stringMatching(/32 bytes/),
    });
    expect(await failure('importKeystoreAccount', { label: 'K', keystoreJson: JSON.stringify(keystore), keystorePassword: 'wrong' })).toMatchObject({
      message: expect.stringMatching(/Wrong password or corrupted keystore/),
    });
    expect(await failure('createAccount', { label: 'Proxy', signatureType: 'PROXY' })).toMatchObject({
      message: expect.stringMatching(/needs the funder address/),
    });
  });

  it('renames, reorders and switches accounts, pushing each change', async () => {
    const before = await call<AccountsState>('listAccounts');
    const [first, second] = before.accounts;
    await call('renameAccount', { accountId: first!.id, label: 'Primary' });
    const reordered = await call<AccountsState>('reorderAccounts', { accountIds: [second!.id, first!.id] });
    expect(reordered.accounts.slice(0, 2).map((a) => a.label)).toEqual(['Imported', 'Primary']);
    const switched = await call<AccountsState>('switchAccount', { accountId: second!.id });
    expect(switched.activeAccountId).toBe(second!.id);
    expect(eventsOf(harness, 'accountsChanged').at(-1)?.activeAccountId).toBe(second!.id);
  });

  it('creates order-book credentials with an L1 signature, derives on a used nonce, rotates and deletes', async () => {
    const created = active(await call<AccountsState>('createClobCredentials', {}));
    expect(created.clobCredentials).toMatchObject({ nonce: 0, apiKeyHint: expect.stringMatching(/^•+[0-9a-f-]{4}$/) });

    // Nonce 0 was used: creating again derives the same key.
    const derived = active(await call<AccountsState>('createClobCredentials', { nonce: 0 }));
    expect(derived.clobCredentials?.apiKeyHint).toBe(created.clobCredentials?.apiKeyHint);

    const rotated = active(await call<AccountsState>('rotateClobCredentials'));
    expect(rotated.clobCredentials?.nonce).toBe(1);
    expect(rotated.clobCredentials?.apiKeyHint).not.toBe(created.clobCredentials?.apiKeyHint);

    const deleted = active(await call<AccountsState>('deleteClobCredentials'));
    expect(deleted.clobCredentials).toBeNull();
    expect(await failure('deleteClobCredentials')).toMatchObject({ code: 'not_found' });
  });

  it('creates and deletes a perps proxy signed by the owner key', async () => {
    const created = active(await call<AccountsState>('createPerpsProxy', { label: 'Bot', expiryDays: 30 }));
    const proxy = created.perpsProxies[0]!;
    expect(proxy).toMatchObject({ label: 'Bot', referralCode: null });
    expect(proxy.expiresAt - Date.now()).toBeGreaterThan(29 * 86_400_000);
    const deleted = active(await call<AccountsState>('deletePerpsProxy', { proxyAddress: proxy.proxyAddress }));
    expect(deleted.perpsProxies).toEqual([]);
  });

  it('refuses signing for a watch-only account', async () => {
    const { accounts } = await call<AccountsState>('listAccounts');
    await call('switchAccount', { accountId: accounts.find((a) => a.kind === 'watchOnly')!.id });
    expect(await failure('createClobCredentials', {})).toMatchObject({ code: 'watch_only', message: expect.stringMatching(/watch-only address/) });
    await call('switchAccount', { accountId: accounts[0]!.id });
  });

  it('locks: signing refused, accounts still listed; wrong password refused, then throttled; unlocks', async () => {
    await call('lockVault');
    expect(await call<VaultState>('getVaultState')).toMatchObject({ unlocked: false, lockReason: 'manual' });
    expect((await call<AccountsState>('listAccounts')).accounts.length).toBe(4);
    expect(await failure('createClobCredentials', {})).toMatchObject({ code: 'locked', message: expect.stringMatching(/vault is locked/) });

    for (let i = 0; i < 3; i++) expect(await failure('unlockVault', { password: 'not the password' })).toMatchObject({ code: 'wrong_password' });
    expect(await failure('unlockVault', { password: PASSWORD })).toMatchObject({ code: 'throttled', message: expect.stringMatching(/try again in \d+ s/) });
    expect((await call<VaultState>('getVaultState')).retryAfterMs).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await call<VaultState>('unlockVault', { password: PASSWORD })).toMatchObject({ unlocked: true, retryAfterMs: 0 });
  });

  it('locks on system sleep and on idle', async () => {
    harness.core.handleSystemEvent('suspend');
    expect(await call<VaultState>('getVaultState')).toMatchObject({ unlocked: false, lockReason: 'sleep' });
    await call('unlockVault', { password: PASSWORD });
    expect(await failure('setAutoLockMinutes', { minutes: 2000 })).toMatchObject({ code: 'invalid_input' });
    expect((await call<VaultState>('setAutoLockMinutes', { minutes: 5 })).autoLockMinutes).toBe(5);
    expect((await call<{ idleLockAt: number }>('reportUserActivity')).idleLockAt).toBeGreaterThan(Date.now() + 4 * 60_000);
  });

  it('remembers the vault on this device (asked in main’s surface) and unlocks without the password', async () => {
    expect((await call<VaultState>('setRememberOnDevice', { enabled: true })).deviceUnlock).toMatchObject({ available: true, enabled: true });
    expect(user.asked.at(-1)).toMatchObject({ kind: 'guardrail', title: 'Remember the vault on this computer' });
    await call('lockVault');
    expect(await call<VaultState>('unlockVaultWithDevice')).toMatchObject({ unlocked: true });
    expect((await call<VaultState>('setRememberOnDevice', { enabled: false })).deviceUnlock.enabled).toBe(false);
  });

  it('exports a keystore that imports back to the same address, and reveals only through the presenter', async () => {
    const { accounts } = await call<AccountsState>('listAccounts');
    const imported = accounts.find((a) => a.label === 'Imported')!;
    expect(await failure('exportAccountKeystore', { accountId: imported.id, password: 'wrong password' })).toMatchObject({
      code: 'wrong_password',
    });
    expect(exportedFiles).toEqual([]);
    const result = await call<KeystoreExportResult>('exportAccountKeystore', { accountId: imported.id, password: PASSWORD });
    const [exported] = exportedFiles;
    expect(result).toEqual({ shownIn: 'dialog', url: null, savedAs: exported!.fileName });
    expect(exported!.fileName).toMatch(/^UTC--.+--[0-9a-f]{40}\.json$/);
    expect(JSON.parse(exported!.keystoreJson)).toMatchObject({ version: 3, address: imported.address.slice(2).toLowerCase() });
    expect(exported!.keystoreJson).not.toContain(IMPORTED_KEY.slice(2));

    const reveal = await call<{ shownIn: string }>('revealAccountPrivateKey', { accountId: imported.id, password: PASSWORD });
    expect(reveal).toEqual({ shownIn: 'one-time-page', url: 'http://127.0.0.1/reveal/test' });
    expect(revealed).toEqual([IMPORTED_KEY]);
  });

  it('removes an account after the password, with its secrets', async () => {
    const { accounts } = await call<AccountsState>('listAccounts');
    const target = accounts.find((a) => a.label === 'Imported')!;
    expect(await failure('removeAccount', { accountId: target.id, password: 'nope nope' })).toMatchObject({ code: 'wrong_password' });
    const after = await call<AccountsState>('removeAccount', { accountId: target.id, password: PASSWORD });
    expect(after.accounts.map((a) => a.id)).not.toContain(target.id);
    // The key is gone from the vault too: importing it again is a fresh account, not a conflict.
    const again = await call<AccountsState>('importPrivateKeyAccount', { label: 'Imported again', privateKey: IMPORTED_KEY });
    expect(again.accounts.at(-1)?.label).toBe('Imported again');
  });
});
