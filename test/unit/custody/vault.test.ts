import { promises as fs } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  DuplicateRecordError,
  InvalidPrivateKeyError,
  InvalidRecordError,
  OsKeyStoreUnavailableError,
  OsUnlockFailedError,
  OsUnlockNotEnabledError,
  RecordNotFoundError,
  VaultExistsError,
  VaultLockedError,
  WeakPasswordError,
  WrongPasswordError,
} from '../../../src/main/core/custody/errors';
import { createMemoryOsKeyStore } from '../../../src/main/core/custody/osKeyStorePort';
import { addressOfPrivateKey } from '../../../src/main/core/custody/keyAddress';
import { createVault, openVault, type Vault } from '../../../src/main/core/custody/vault';
import { DEFAULT_VAULT_SCRYPT } from '../../../src/main/core/custody/vaultSlots';
import { caught, CLOB, expectNoSecret, fileHash, LIGHT_KDF, PASSWORD, PROXY, PROXY_KEY_HEX, signingKey, SIGNING_KEY_HEX, tempDir } from './helpers';

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

async function vaultWithRecords(options: Parameters<typeof createVault>[2] = {}): Promise<{ vault: Vault; file: string }> {
  const file = path.join(await tempDir(), 'custody', 'vault.json');
  const vault = await createVault(file, PASSWORD, { kdf: LIGHT_KDF, ...options });
  await vault.putRecord({ id: 'key-a', accountId: 'acct-a', kind: 'signingKey', privateKey: signingKey() });
  await vault.putRecord({ id: 'clob-a', accountId: 'acct-a', kind: 'clobCredentials', network: 'sandbox', credentials: CLOB });
  await vault.putRecord({
    id: 'proxy-a',
    accountId: 'acct-a',
    kind: 'perpsProxy', network: 'sandbox',
    proxy: { ...PROXY, proxyPrivateKey: Buffer.from(PROXY_KEY_HEX, 'hex') },
  });
  return { vault, file };
}

describe('vault round trip', () => {
  it('creates, stores three kinds, reopens locked, unlocks and reads them back', async () => {
    const { vault, file } = await vaultWithRecords();
    expect(vault.isUnlocked).toBe(true);

    const reopened = await openVault(file);
    expect(reopened.isUnlocked).toBe(false);
    expect(reopened.vaultId).toBe(vault.vaultId);
    expect(reopened.recoveredFromBackup).toBeNull();
    // The index is readable while locked, and carries only non-secret hints.
    expect(reopened.listRecords()).toEqual([
      expect.objectContaining({ id: 'key-a', kind: 'signingKey', accountId: 'acct-a', hint: addressOfPrivateKey(signingKey()) }),
      expect.objectContaining({ id: 'clob-a', kind: 'clobCredentials', network: 'sandbox', hint: '••••cafe' }),
      expect.objectContaining({ id: 'proxy-a', kind: 'perpsProxy', network: 'sandbox', hint: PROXY.proxyAddress }),
    ]);
    expect(await caught(() => reopened.getRecord('key-a'))).toBeInstanceOf(VaultLockedError);

    await reopened.unlockWithPassword(PASSWORD);
    const key = await reopened.getRecord('key-a');
    expect(key.kind === 'signingKey' && hex(key.privateKey)).toBe(SIGNING_KEY_HEX);
    const clob = await reopened.getRecord('clob-a');
    expect(clob.kind === 'clobCredentials' && clob.credentials).toEqual(CLOB);
    const proxy = await reopened.getRecord('proxy-a');
    expect(proxy.kind === 'perpsProxy' && proxy.proxy.secret).toBe(PROXY.secret);
    expect(proxy.kind === 'perpsProxy' && proxy.proxy.proxyPrivateKey && hex(proxy.proxy.proxyPrivateKey)).toBe(PROXY_KEY_HEX);

    reopened.lock();
    expect(reopened.isUnlocked).toBe(false);
    expect(await caught(() => reopened.putRecord({ accountId: 'b', kind: 'clobCredentials', network: 'sandbox', credentials: CLOB }))).toBeInstanceOf(VaultLockedError);
  });

  it('keeps no secret in clear on disk, and writes the file 0600 in a 0700 directory', async () => {
    const { file } = await vaultWithRecords();
    const text = await fs.readFile(file, 'utf8');
    for (const secret of [PASSWORD, SIGNING_KEY_HEX, CLOB.secret, CLOB.passphrase, CLOB.apiKey, PROXY.secret, PROXY_KEY_HEX]) {
      expect(text).not.toContain(secret);
      expect(text).not.toContain(Buffer.from(secret).toString('base64'));
    }
    expect(JSON.parse(text)).toMatchObject({ format: 'marketdesk-vault', version: 2 });
    if (process.platform !== 'win32') {
      expect((await fs.stat(file)).mode & 0o777).toBe(0o600);
      expect((await fs.stat(path.dirname(file))).mode & 0o777).toBe(0o700);
      expect((await fs.stat(`${file}.bak`)).mode & 0o777).toBe(0o600);
    }
  });

  it('records the scrypt parameters in the file; defaults are N=2^17, r=8, p=1', async () => {
    expect(DEFAULT_VAULT_SCRYPT).toEqual({ N: 131072, r: 8, p: 1 });
    const { file } = await vaultWithRecords();
    const kdfParams = JSON.parse(await fs.readFile(file, 'utf8')).slots.password.kdfParams;
    expect(kdfParams).toMatchObject({ N: 1024, r: 8, p: 1, dkLen: 32 });
    expect(Buffer.from(kdfParams.salt, 'base64')).toHaveLength(32);
    expect((await openVault(file)).kdfCost).toEqual(LIGHT_KDF);
  });

  it('replaces, deletes and deletes per account', async () => {
    const { vault, file } = await vaultWithRecords();
    const rotated = { ...CLOB, apiKey: 'rotated-key-0000-9999' };
    await vault.putRecord({ id: 'clob-a', accountId: 'acct-a', kind: 'clobCredentials', network: 'sandbox', credentials: rotated, replace: true });
    const clob = await vault.getRecord('clob-a');
    expect(clob.kind === 'clobCredentials' && clob.credentials.apiKey).toBe(rotated.apiKey);
    await vault.deleteRecord('proxy-a');
    expect(await caught(() => vault.getRecord('proxy-a'))).toBeInstanceOf(RecordNotFoundError);
    expect(await caught(() => vault.deleteRecord('proxy-a'))).toBeInstanceOf(RecordNotFoundError);
    // Deletion refreshes the backup, so the deleted record does not linger in .bak.
    expect(await fs.readFile(`${file}.bak`, 'utf8')).not.toContain('proxy-a');
    expect(await vault.deleteRecordsOfAccount('acct-a')).toBe(2);
    expect((await openVault(file)).listRecords()).toEqual([]);
  });

  it('refuses duplicates: ids, a second key for an account, the same key twice', async () => {
    const { vault, file } = await vaultWithRecords();
    const before = await fileHash(file);
    const cases = [
      () => vault.putRecord({ id: 'key-a', accountId: 'acct-z', kind: 'clobCredentials', network: 'sandbox', credentials: CLOB }),
      () => vault.putRecord({ accountId: 'acct-a', kind: 'signingKey', privateKey: Buffer.from(PROXY_KEY_HEX, 'hex') }),
      () => vault.putRecord({ accountId: 'acct-b', kind: 'signingKey', privateKey: signingKey() }),
      () => vault.putRecord({ accountId: 'acct-a', kind: 'clobCredentials', network: 'sandbox', credentials: CLOB }),
      () => vault.putRecord({ accountId: 'acct-a', kind: 'perpsProxy', network: 'sandbox', proxy: PROXY }),
    ];
    for (const attempt of cases) expect(await caught(attempt)).toBeInstanceOf(DuplicateRecordError);
    expect(await fileHash(file)).toBe(before);
  });

  it('refuses invalid records with errors naming the field, not the value', async () => {
    const { vault, file } = await vaultWithRecords();
    const before = await fileHash(file);
    const shortKey = await caught(() => vault.putRecord({ accountId: 'b', kind: 'signingKey', privateKey: new Uint8Array(31) }));
    expect(shortKey).toBeInstanceOf(InvalidPrivateKeyError);
    expect(shortKey.message).toMatch(/exactly 32 bytes/);
    const noSecret = await caught(() => vault.putRecord({ accountId: 'b', kind: 'clobCredentials', network: 'sandbox', credentials: { ...CLOB, secret: '' } }));
    expect(noSecret).toBeInstanceOf(InvalidRecordError);
    expect(noSecret.message).toContain('field secret');
    expectNoSecret(noSecret);
    const badAddress = await caught(() => vault.putRecord({ accountId: 'b', kind: 'perpsProxy', network: 'sandbox', proxy: { ...PROXY, proxyAddress: '0x12' } }));
    expect(badAddress.message).toContain('field proxyAddress');
    expect(await caught(() => vault.putRecord({ accountId: 'bad account/..', kind: 'clobCredentials', network: 'sandbox', credentials: CLOB }))).toBeInstanceOf(InvalidRecordError);
    expect(await fileHash(file)).toBe(before);
  });

  it('refuses to create over an existing vault, and a short password', async () => {
    const { file } = await vaultWithRecords();
    expect(await caught(() => createVault(file, PASSWORD, { kdf: LIGHT_KDF }))).toBeInstanceOf(VaultExistsError);
    expect(await caught(() => createVault(path.join(path.dirname(file), 'other.json'), 'short', { kdf: LIGHT_KDF }))).toBeInstanceOf(WeakPasswordError);
  });

  it('serialises concurrent writes without losing any', async () => {
    const { vault, file } = await vaultWithRecords();
    await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        vault.putRecord({ accountId: `acct-${i}`, kind: 'clobCredentials', network: 'sandbox', credentials: { ...CLOB, apiKey: `key-${i}-abcdefgh` } }),
      ),
    );
    const reopened = await openVault(file);
    expect(reopened.listRecords()).toHaveLength(11);
    await reopened.unlockWithPassword(PASSWORD);
  });
});

describe('password change', () => {
  it('re-keys the vault: the new password opens it, the old one and the old backup do not', async () => {
    const { vault, file } = await vaultWithRecords();
    const oldBackup = await fs.readFile(`${file}.bak`);
    const wrong = await caught(() => vault.changePassword('not the password', 'new password 123'));
    expect(wrong).toBeInstanceOf(WrongPasswordError);

    await vault.changePassword(PASSWORD, 'new password 123');
    // Re-entry is checked against the slot the vault now holds in memory.
    expect(await caught(() => vault.verifyPassword(PASSWORD))).toBeInstanceOf(WrongPasswordError);
    await vault.verifyPassword('new password 123');
    const reopened = await openVault(file);
    expect(await caught(() => reopened.unlockWithPassword(PASSWORD))).toBeInstanceOf(WrongPasswordError);
    await reopened.unlockWithPassword('new password 123');
    const key = await reopened.getRecord('key-a');
    expect(key.kind === 'signingKey' && hex(key.privateKey)).toBe(SIGNING_KEY_HEX);

    // The backup copy is refreshed, so no file on disk still opens with the old password.
    expect(await fs.readFile(`${file}.bak`)).not.toEqual(oldBackup);
    await fs.rm(file);
    const fromBackup = await openVault(file);
    expect(fromBackup.recoveredFromBackup).not.toBeNull();
    expect(await caught(() => fromBackup.unlockWithPassword(PASSWORD))).toBeInstanceOf(WrongPasswordError);
  });

  it('can raise the scrypt cost while changing the password', async () => {
    const { vault, file } = await vaultWithRecords();
    await vault.changePassword(PASSWORD, 'new password 123', { kdf: { N: 2 ** 11, r: 8, p: 1 } });
    expect((await openVault(file)).kdfCost).toEqual({ N: 2048, r: 8, p: 1 });
  });
});

describe('OS keychain slot (in-memory OsKeyStore)', () => {
  it('remembers on this device, unlocks without the password, and forgets', async () => {
    const osKeyStore = createMemoryOsKeyStore();
    const { vault, file } = await vaultWithRecords({ osKeyStore });
    await vault.enableOsUnlock();
    expect(vault.osUnlockEnabled).toBe(true);
    expect(osKeyStore.size).toBe(1);

    const reopened = await openVault(file, { osKeyStore });
    expect(reopened.osUnlockEnabled).toBe(true);
    await reopened.unlockWithOsKeyStore();
    const clob = await reopened.getRecord('clob-a');
    expect(clob.kind === 'clobCredentials' && clob.credentials.secret).toBe(CLOB.secret);

    const result = await reopened.disableOsUnlock();
    expect(result.keychainEntryRemoved).toBe(true);
    expect(osKeyStore.size).toBe(0);
    const again = await openVault(file, { osKeyStore });
    expect(await caught(() => again.unlockWithOsKeyStore())).toBeInstanceOf(OsUnlockNotEnabledError);
    // Neither the file nor its backup keeps the OS slot once forgotten.
    expect(JSON.parse(await fs.readFile(`${file}.bak`, 'utf8')).slots.os).toBeUndefined();
  });

  it('keeps the OS slot across a password change', async () => {
    const osKeyStore = createMemoryOsKeyStore();
    const { vault, file } = await vaultWithRecords({ osKeyStore });
    await vault.enableOsUnlock();
    expect(await vault.changePassword(PASSWORD, 'new password 123')).toEqual({ osUnlockKept: true });
    const reopened = await openVault(file, { osKeyStore });
    await reopened.unlockWithOsKeyStore();
    expect(reopened.isUnlocked).toBe(true);
  });

  it('falls back cleanly when the keychain is unavailable, missing the key, or holds a wrong key', async () => {
    const osKeyStore = createMemoryOsKeyStore();
    const { vault, file } = await vaultWithRecords({ osKeyStore });

    osKeyStore.setUnavailable('No Secret Service is available on this session.');
    const unavailable = await caught(() => vault.enableOsUnlock());
    expect(unavailable).toBeInstanceOf(OsKeyStoreUnavailableError);
    expect(unavailable.message).toBe('No Secret Service is available on this session.');
    expect(vault.osUnlockEnabled).toBe(false);
    osKeyStore.setUnavailable(undefined);

    await vault.enableOsUnlock();
    const before = await fileHash(file);
    await osKeyStore.put(vault.vaultId, new Uint8Array(32).fill(7));
    expect(await caught(async () => (await openVault(file, { osKeyStore })).unlockWithOsKeyStore())).toBeInstanceOf(OsUnlockFailedError);
    await osKeyStore.delete(vault.vaultId);
    const missing = await caught(async () => (await openVault(file, { osKeyStore })).unlockWithOsKeyStore());
    expect(missing).toBeInstanceOf(OsUnlockFailedError);
    expect(missing.message).toMatch(/unlock with the password/);
    // Nothing is lost: the password still opens it, and the file was never touched.
    const byPassword = await openVault(file, { osKeyStore });
    await byPassword.unlockWithPassword(PASSWORD);
    expect(await fileHash(file)).toBe(before);
    expect(await caught(async () => (await openVault(file)).unlockWithOsKeyStore())).toBeInstanceOf(OsKeyStoreUnavailableError);
  });
});

describe('locking during a write', () => {
  it('lets the write in flight finish with the real key', async () => {
    let onStep: (() => void) | undefined;
    const { vault, file } = await vaultWithRecords({ onWriteStep: () => onStep?.() });
    onStep = () => {
      onStep = undefined;
      vault.lock();
    };
    await vault.putRecord({ id: 'late', accountId: 'acct-late', kind: 'clobCredentials', network: 'sandbox', credentials: CLOB });
    expect(vault.isUnlocked).toBe(false);
    expect(await caught(() => vault.getRecord('late'))).toBeInstanceOf(VaultLockedError);
    const reopened = await openVault(file);
    await reopened.unlockWithPassword(PASSWORD);
    const late = await reopened.getRecord('late');
    expect(late.kind === 'clobCredentials' && late.credentials).toEqual(CLOB);
  });

  it('never seals with a wiped key when locked while a put awaits', async () => {
    const { vault, file } = await vaultWithRecords();
    await vault.deleteRecord('key-a');
    const pending = vault.putRecord({ id: 'key-b', accountId: 'acct-b', kind: 'signingKey', privateKey: signingKey() });
    queueMicrotask(() => vault.lock()); // runs once the put has taken the key and hit its first await
    await pending.catch(() => undefined); // completed or refused as locked: both are fine
    const reopened = await openVault(file);
    await reopened.unlockWithPassword(PASSWORD); // would be VaultTamperedError after a zero-key seal
    for (const { id } of reopened.listRecords()) await reopened.getRecord(id);
  });
});
