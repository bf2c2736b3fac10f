/**
 * Issue 7 finding 9, compare and swap: host A created account "alpha", host B "beta", both wrote
 * vault generation 1, and alpha's key was gone for good. Whatever gets past the data-folder lock,
 * no store may write over a generation it did not read: the vault checks its generation on disk
 * just before the atomic rename, and accounts.json / settings.json check the bytes they read.
 * Here two handles are opened on the same files in one process, bypassing the lock on purpose.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AccountRegistry, type StoredAccount } from '../../src/main/core/accounts/accountRegistry';
import { AccountService } from '../../src/main/core/accounts/accountService';
import { refusingSecretPresenter } from '../../src/main/core/accounts/refusingSecretPresenter';
import { VaultSession } from '../../src/main/core/accounts/vaultSession';
import { createMemoryOsKeyStore } from '../../src/main/core/custody';
import { silentLogger } from '../../src/main/core/log';
import { createVault, openVault } from '../../src/main/core/custody/vault';
import { openSettings } from '../../src/main/core/settings/settingsStore';

const PASSWORD = 'compare and swap password';
const LIGHT_KDF = { N: 2 ** 10, r: 8, p: 1 };
const ALPHA_KEY = Uint8Array.from({ length: 32 }, (_, i) => i + 1);
const BETA_KEY = Uint8Array.from({ length: 32 }, (_, i) => 200 - i);

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'marketdesk-cas-'));
  dirs.push(dir);
  return dir;
}

const account = (id: string, label: string, address: string): StoredAccount => ({
  id, label, address, kind: 'key', signatureType: 'EOA', funder: null, createdAt: 1, clobCredentials: null, perpsProxies: [],
});

describe('compare and swap on every store of the data folder', () => {
  it('vault: the second of two handles on one file cannot erase the key the first one added', async () => {
    const file = join(tempDir(), 'marketdesk.vault');
    (await createVault(file, PASSWORD, { kdf: LIGHT_KDF })).lock();
    const hostA = await openVault(file);
    const hostB = await openVault(file);
    await hostA.unlockWithPassword(PASSWORD);
    await hostB.unlockWithPassword(PASSWORD);

    await hostA.putRecord({ id: 'key-alpha', kind: 'signingKey', accountId: 'alpha', privateKey: ALPHA_KEY });
    await expect(hostB.putRecord({ id: 'key-beta', kind: 'signingKey', accountId: 'beta', privateKey: BETA_KEY })).rejects.toMatchObject({
      name: 'VaultConflictError',
      code: 'conflict',
      message: expect.stringMatching(/changed by another process.*generation 1 on disk, 0 read/),
    });
    // B's refused write changed nothing, in memory either.
    expect(hostB.listRecords().map((r) => r.id)).toEqual([]);
    await expect(hostB.deleteRecordsOfAccount('alpha')).resolves.toBe(0);

    const after = await openVault(file);
    await after.unlockWithPassword(PASSWORD);
    expect(after.listRecords().map((r) => r.id)).toEqual(['key-alpha']);
    const alpha = await after.getRecord('key-alpha');
    expect(alpha.kind === 'signingKey' && Array.from(alpha.privateKey)).toEqual(Array.from(ALPHA_KEY));
  });

  it('vault: a stale handle cannot delete a key after another handle wrote', async () => {
    const file = join(tempDir(), 'marketdesk.vault');
    const creator = await createVault(file, PASSWORD, { kdf: LIGHT_KDF });
    await creator.putRecord({ id: 'key-alpha', kind: 'signingKey', accountId: 'alpha', privateKey: ALPHA_KEY });
    creator.lock();
    const stale = await openVault(file);
    await stale.unlockWithPassword(PASSWORD);
    const winner = await openVault(file);
    await winner.unlockWithPassword(PASSWORD);
    await winner.putRecord({ id: 'key-beta', kind: 'signingKey', accountId: 'beta', privateKey: BETA_KEY });
    await expect(stale.deleteRecord('key-alpha')).rejects.toMatchObject({ name: 'VaultConflictError' });
    const after = await openVault(file);
    expect(after.listRecords().map((r) => r.id).sort()).toEqual(['key-alpha', 'key-beta']);
  });

  it('accounts.json: the second of two registries on one folder cannot erase the account the first one added', () => {
    const dataDir = tempDir();
    const hostA = new AccountRegistry(dataDir);
    const hostB = new AccountRegistry(dataDir);
    hostA.add(account('alpha', 'alpha', '0x00000000000000000000000000000000000000a1'));
    expect(() => hostB.add(account('beta', 'beta', '0x00000000000000000000000000000000000000b2'))).toThrow(
      expect.objectContaining({ code: 'conflict', message: expect.stringContaining('accounts.json in the data folder was changed by another process') }),
    );
    expect(hostB.all()).toEqual([]);
    expect(new AccountRegistry(dataDir).all().map((a) => a.id)).toEqual(['alpha']);
  });

  it('settings.json: a write over settings another process changed is refused', () => {
    const dataDir = tempDir();
    const hostA = openSettings(dataDir);
    const hostB = openSettings(dataDir);
    hostA.set('confirmOrdersByAccount', { alpha: false });
    expect(() => hostB.set('autoLockMinutes', 0)).toThrow(expect.objectContaining({ code: 'conflict' }));
    const onDisk = JSON.parse(readFileSync(join(dataDir, 'settings.json'), 'utf8')) as { confirmOrdersByAccount: unknown; autoLockMinutes: number };
    expect(onDisk.confirmOrdersByAccount).toEqual({ alpha: false });
    expect(onDisk.autoLockMinutes).toBe(15);
  });

  it('a new key whose account cannot be saved (a conflict on accounts.json) is taken back out of the vault', async () => {
    const dataDir = tempDir();
    const other = new AccountRegistry(dataDir);
    const registry = new AccountRegistry(dataDir);
    const settings = openSettings(dataDir);
    const session = new VaultSession({
      path: join(dataDir, 'marketdesk.vault'), osKeyStore: createMemoryOsKeyStore(), settings, log: silentLogger, onChange: () => undefined, kdf: LIGHT_KDF,
    });
    await session.start();
    await session.create(PASSWORD);
    const service = new AccountService({ registry, session, presenter: refusingSecretPresenter, onChange: () => undefined });
    other.add(account('alpha', 'alpha', '0x00000000000000000000000000000000000000a1'));

    await expect(service.createWithNewKey({ label: 'beta', signatureType: 'EOA' })).rejects.toMatchObject({ code: 'conflict' });
    expect(session.unlocked().listRecords()).toEqual([]);
    expect((await openVault(join(dataDir, 'marketdesk.vault'))).listRecords()).toEqual([]);
    expect(new AccountRegistry(dataDir).all().map((a) => a.id)).toEqual(['alpha']);
    session.stop();
  });
});
