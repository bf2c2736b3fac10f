import { randomUUID } from 'node:crypto';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKeyringOsKeyStore } from '../../../src/main/core/custody/osKeyStore';
import type { OsKeyStoreAvailability } from '../../../src/main/core/custody/osKeyStorePort';
import { createVault, openVault } from '../../../src/main/core/custody/vault';

/**
 * Against the real OS keychain (on Linux: the Secret Service of the session bus, e.g.
 * gnome-keyring). CI runs the suite under
 *   dbus-run-session -- sh -c 'echo -n pw | gnome-keyring-daemon --unlock --components=secrets; …'
 * Where no keychain answers, each test is reported as skipped with the reason.
 * Entries use a test service name so a developer's real "Marketdesk" entries are never touched.
 */

const store = createKeyringOsKeyStore({ service: 'Marketdesk-test' });
const PASSWORD = 'keychain test password';
let availability: OsKeyStoreAvailability = { ok: false, reason: 'not probed' };
const cleanup: string[] = [];
const dirs: string[] = [];

beforeAll(async () => {
  availability = await store.available();
  if (!availability.ok) console.info(`keychain tests skipped: ${availability.reason}`);
}, 30_000);

afterAll(async () => {
  for (const id of cleanup) await store.delete(id).catch(() => false);
  await Promise.all(dirs.map((d) => fs.rm(d, { recursive: true, force: true })));
});

describe('OS keychain (real Secret Service)', () => {
  it('available() answers without throwing, with a one-line reason when unavailable', () => {
    if (!availability.ok) expect(availability.reason).not.toContain('\n');
    expect(typeof availability.ok).toBe('boolean');
  });

  it('puts, gets and deletes raw bytes', async (ctx) => {
    if (!availability.ok) ctx.skip(availability.reason);
    const id = `test-${randomUUID()}`;
    cleanup.push(id);
    const secret = Uint8Array.from({ length: 32 }, (_, i) => (i * 37 + 1) & 0xff);
    secret[5] = 0; // bytes, not text: zeros and high bytes must survive
    secret[6] = 0xff;
    await store.put(id, secret);
    expect(await store.get(id)).toEqual(secret);
    const replacement = new Uint8Array(32).fill(9);
    await store.put(id, replacement);
    expect(await store.get(id)).toEqual(replacement);
    expect(await store.delete(id)).toBe(true);
    expect(await store.get(id)).toBeNull();
    expect(await store.delete(id)).toBe(false);
  });

  it('"remember on this device": unlock without the password across a restart, then forget', async (ctx) => {
    if (!availability.ok) ctx.skip(availability.reason);
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'marketdesk-keychain-'));
    dirs.push(dir);
    const file = path.join(dir, 'vault.json');
    const vault = await createVault(file, PASSWORD, { kdf: { N: 2 ** 10, r: 8, p: 1 }, osKeyStore: store });
    cleanup.push(vault.vaultId);
    await vault.putRecord({
      id: 'clob',
      accountId: 'acct',
      kind: 'clobCredentials', network: 'sandbox',
      credentials: { apiKey: 'api-key-0000-abcd', secret: 'hmac-secret', passphrase: 'passphrase' },
    });
    await vault.enableOsUnlock();

    // A new process would open the file and ask the keychain, with no password typed.
    const restarted = await openVault(file, { osKeyStore: createKeyringOsKeyStore({ service: 'Marketdesk-test' }) });
    await restarted.unlockWithOsKeyStore();
    const record = await restarted.getRecord('clob');
    expect(record.kind === 'clobCredentials' && record.credentials.secret).toBe('hmac-secret');

    expect(await restarted.disableOsUnlock()).toEqual({ keychainEntryRemoved: true });
    expect(await store.get(vault.vaultId)).toBeNull();
    const afterForget = await openVault(file, { osKeyStore: store });
    expect(afterForget.osUnlockEnabled).toBe(false);
    await afterForget.unlockWithPassword(PASSWORD);
  });
});
