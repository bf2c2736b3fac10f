import { promises as fs } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SANDBOX_NETWORK_ID } from '../../../src/shared/networkProfiles';
import { UnsupportedVaultVersionError, VaultCorruptError, VaultIoError } from '../../../src/main/core/custody/errors';
import { openVault } from '../../../src/main/core/custody/vault';
import { V1_RECORDS_NETWORK } from '../../../src/main/core/custody/vaultFormat';
import { caught, fileHash, tempDir } from './helpers';

/**
 * The v1→v2 migration on a vault FILE WRITTEN BY THE v1 CODE (test/fixtures/vault-v1, made by
 * makeVaultV1Fixture.ts before the format changed; contents.json says what it holds).
 */
const fixtureDir = path.join(__dirname, '../../fixtures/vault-v1');
interface FixtureRecord {
  id: string;
  kind: string;
  accountId: string;
  privateKeyHex?: string;
  credentials?: { apiKey: string; secret: string; passphrase: string };
  proxy?: { proxyAddress: string; proxyPrivateKeyHex: string; secret: string };
}
interface Contents {
  password: string;
  records: FixtureRecord[];
}

async function copyOfFixture(): Promise<{ file: string; contents: Contents }> {
  const file = path.join(await tempDir(), 'vault.json');
  await fs.copyFile(path.join(fixtureDir, 'vault-v1.json'), file);
  const contents = JSON.parse(await fs.readFile(path.join(fixtureDir, 'contents.json'), 'utf8')) as Contents;
  return { file, contents };
}

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');
const readJson = async (file: string) => JSON.parse(await fs.readFile(file, 'utf8')) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('vault v1 → v2 migration (fixture written by the v1 code)', () => {
  it('the fixture really is version 1, and v1 records belong to the sandbox', async () => {
    expect(V1_RECORDS_NETWORK).toBe(SANDBOX_NETWORK_ID);
    const { file } = await copyOfFixture();
    expect((await readJson(file)).version).toBe(1);
    const vault = await openVault(file);
    expect(vault.formatVersion).toBe(1);
    // While locked, the index already says which network each issued record is on; nothing is written.
    const before = await fileHash(file);
    expect(vault.listRecords().map((r) => [r.kind, r.network])).toEqual([
      ['signingKey', undefined],
      ['signingKey', undefined],
      ['clobCredentials', 'sandbox'],
      ['clobCredentials', 'sandbox'],
      ['perpsProxy', 'sandbox'],
    ]);
    expect(await fileHash(file)).toBe(before);
  });

  it('unlock migrates: records intact, networks assigned, secrets readable, file rewritten as v2 with the v1 file kept as .bak', async () => {
    const { file, contents } = await copyOfFixture();
    const original = await fs.readFile(file, 'utf8');
    const steps: string[] = [];
    const vault = await openVault(file, { onWriteStep: (step) => steps.push(step) });
    await vault.unlockWithPassword(contents.password);
    expect(vault.formatVersion).toBe(2);
    // Through the atomic write: a temp file renamed over the main one, the old file kept as the backup.
    expect(steps).toContain('renamed');
    expect(await fs.readFile(`${file}.bak`, 'utf8')).toBe(original);
    const json = await readJson(file);
    expect(json.version).toBe(2);
    expect(json.generation).toBe((JSON.parse(original) as { generation: number }).generation + 1);
    expect(json.records.map((r: { id: string; network?: string }) => [r.id, r.network])).toEqual(
      contents.records.map((r) => [r.id, r.kind === 'signingKey' ? undefined : 'sandbox']),
    );

    for (const expected of contents.records) {
      const record = await vault.getRecord(expected.id);
      expect(record.accountId).toBe(expected.accountId);
      if (record.kind === 'signingKey') expect(hex(record.privateKey)).toBe(expected.privateKeyHex);
      if (record.kind === 'clobCredentials') expect(record.credentials).toEqual(expected.credentials);
      if (record.kind === 'perpsProxy') {
        expect(record.proxy.proxyAddress).toBe(expected.proxy?.proxyAddress);
        expect(record.proxy.secret).toBe(expected.proxy?.secret);
        expect(hex(record.proxy.proxyPrivateKey ?? new Uint8Array())).toBe(expected.proxy?.proxyPrivateKeyHex);
        expect(record.network).toBe('sandbox');
      }
    }

    // A fresh process reads the migrated file: same secrets, and nothing more is written.
    vault.lock();
    const migrated = await fileHash(file);
    const again = await openVault(file, { onWriteStep: (step) => steps.push(`again:${step}`) });
    expect(again.formatVersion).toBe(2);
    await again.unlockWithPassword(contents.password);
    expect(steps.some((s) => s.startsWith('again:'))).toBe(false);
    expect(await fileHash(file)).toBe(migrated);
    const clob = await again.getRecord(contents.records[2]!.id);
    expect(clob.kind === 'clobCredentials' && clob.credentials).toEqual(contents.records[2]!.credentials);
  });

  it('after migration, the network is bound into each record: moving credentials to another network fails authentication', async () => {
    const { file, contents } = await copyOfFixture();
    const vault = await openVault(file);
    await vault.unlockWithPassword(contents.password);
    vault.lock();
    const json = await readJson(file);
    json.records[2].network = 'production';
    await fs.writeFile(file, JSON.stringify(json));
    await fs.rm(`${file}.bak`);
    const error = await caught(async () => (await openVault(file)).unlockWithPassword(contents.password));
    expect(error.message).toMatch(/modified outside Marketdesk/);
  });

  it('a crash during the migration write loses nothing: the v1 file is whole and migrates on the next unlock', async () => {
    const { file, contents } = await copyOfFixture();
    const original = await fileHash(file);
    const crashing = await openVault(file, {
      onWriteStep: (step) => {
        if (step === 'temp-synced') throw new Error('simulated crash before the rename');
      },
    });
    await crashing.unlockWithPassword(contents.password);
    // The write failed before the rename: the file on disk is the v1 file, unchanged…
    expect(await fileHash(file)).toBe(original);
    // …and this handle still reads every secret (as v1 in memory), and refuses a change it cannot save.
    expect(crashing.formatVersion).toBe(1);
    const record = await crashing.getRecord(contents.records[4]!.id);
    expect(record.kind === 'perpsProxy' && record.proxy.secret).toBe(contents.records[4]!.proxy?.secret);
    expect(await caught(() => crashing.deleteRecord(contents.records[3]!.id))).toBeInstanceOf(VaultIoError);
    crashing.lock();

    const next = await openVault(file);
    await next.unlockWithPassword(contents.password);
    expect(next.formatVersion).toBe(2);
    expect(next.listRecords()).toHaveLength(contents.records.length);
  });

  it('a password change on a still-locked v1 vault migrates it in the same write', async () => {
    const { file, contents } = await copyOfFixture();
    const vault = await openVault(file);
    await vault.changePassword(contents.password, 'a brand new password', { kdf: { N: 2 ** 10, r: 8, p: 1 } });
    expect(vault.formatVersion).toBe(2);
    expect((await readJson(file)).version).toBe(2);
    const reopened = await openVault(file);
    await reopened.unlockWithPassword('a brand new password');
    const proxy = await reopened.getRecord(contents.records[4]!.id);
    expect(proxy.network).toBe('sandbox');
    expect(proxy.kind === 'perpsProxy' && proxy.proxy.secret).toBe(contents.records[4]!.proxy?.secret);
  });

  it('a version 3 or garbage version still fails clearly, before any migration', async () => {
    const { file } = await copyOfFixture();
    for (const [version, message] of [
      [3, /Unsupported vault version 3: this release reads versions 1 and 2/],
      ['two', /Unsupported vault version unknown/],
      [1.5, /Unsupported vault version unknown/],
    ] as const) {
      const json = await readJson(path.join(fixtureDir, 'vault-v1.json'));
      json.version = version;
      await fs.writeFile(file, JSON.stringify(json));
      const before = await fileHash(file);
      const error = await caught(() => openVault(file));
      expect(error).toBeInstanceOf(UnsupportedVaultVersionError);
      expect(error.message).toMatch(message);
      expect(await fileHash(file)).toBe(before);
    }
  });

  it('a v1 file that names a network, or a v2 file that omits one, is refused as corrupt', async () => {
    const { file, contents } = await copyOfFixture();
    const v1 = await readJson(file);
    v1.records[2].network = 'sandbox';
    await fs.writeFile(file, JSON.stringify(v1));
    expect((await caught(() => openVault(file))).message).toMatch(/records\[2\]\.network is not part of version 1/);

    await fs.copyFile(path.join(fixtureDir, 'vault-v1.json'), file);
    await fs.rm(`${file}.bak`, { force: true });
    const vault = await openVault(file);
    await vault.unlockWithPassword(contents.password);
    vault.lock();
    await fs.rm(`${file}.bak`);
    const v2 = await readJson(file);
    delete v2.records[3].network;
    await fs.writeFile(file, JSON.stringify(v2));
    const missing = await caught(() => openVault(file));
    expect(missing).toBeInstanceOf(VaultCorruptError);
    expect(missing.message).toMatch(/records\[3\]\.network is missing/);
  });
});
