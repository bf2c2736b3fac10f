/**
 * Issued records carry the origin of the service that issued them inside their ciphertext
 * (authenticated with the secret), and records written before origins were recorded are bound
 * once, in one write, without changing anything else about them.
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createVault, openVault } from '../../../src/main/core/custody/vault';
import { InvalidRecordError } from '../../../src/main/core/custody/errors';
import { CLOB, LIGHT_KDF, PASSWORD, PROXY, PROXY_KEY_HEX, caught, fileHash, signingKey, tempDir } from './helpers';

const ORIGIN_A = 'https://clob.a.example';
const PERPS_A = 'https://perps.a.example';
const proxyKey = () => Uint8Array.from(Buffer.from(PROXY_KEY_HEX, 'hex'));
const fileRecords = async (file: string) => (JSON.parse(await fs.readFile(file, 'utf8')) as { records: Array<Record<string, string>> }).records;

describe('issued records bound to their origin', () => {
  it('keeps the origin given at issue inside the record (not in the clear index); none for older records', async () => {
    const file = path.join(await tempDir(), 'vault.json');
    const vault = await createVault(file, PASSWORD, { kdf: LIGHT_KDF });
    await vault.putRecord({ id: 'clob-a', accountId: 'acct', kind: 'clobCredentials', network: 'staging', credentials: CLOB, origin: ORIGIN_A });
    await vault.putRecord({ id: 'clob-old', accountId: 'old', kind: 'clobCredentials', network: 'staging', credentials: CLOB });
    await vault.putRecord({ id: 'proxy-gone', accountId: 'acct', kind: 'perpsProxy', network: 'gone', proxy: PROXY, origin: null });
    expect(await fs.readFile(file, 'utf8')).not.toContain('clob.a.example');
    const reopened = await openVault(file);
    await reopened.unlockWithPassword(PASSWORD);
    expect(await reopened.getRecord('clob-a')).toMatchObject({ credentials: CLOB, origin: ORIGIN_A });
    expect(await reopened.getRecord('clob-old')).not.toHaveProperty('origin');
    expect(await reopened.getRecord('proxy-gone')).toMatchObject({ origin: null });
    const tooLong = await caught(() =>
      reopened.putRecord({ accountId: 'x', kind: 'clobCredentials', network: 'staging', credentials: CLOB, origin: `https://${'a'.repeat(300)}.example` }),
    );
    expect(tooLong).toBeInstanceOf(InvalidRecordError);
    expect(tooLong.message).toBe('Invalid clobCredentials record: field origin is missing or invalid.');
  });

  it('binds the records without an origin in one write; ids, index, other records and secrets stay as they were', async () => {
    const file = path.join(await tempDir(), 'vault.json');
    const vault = await createVault(file, PASSWORD, { kdf: LIGHT_KDF });
    await vault.putRecord({ id: 'key:acct', accountId: 'acct', kind: 'signingKey', privateKey: signingKey() });
    await vault.putRecord({ id: 'clob.staging:acct', accountId: 'acct', kind: 'clobCredentials', network: 'staging', credentials: CLOB });
    await vault.putRecord({ id: 'proxy.staging:acct:p', accountId: 'acct', kind: 'perpsProxy', network: 'staging', proxy: { ...PROXY, proxyPrivateKey: proxyKey() } });
    await vault.putRecord({ id: 'clob.gone:acct', accountId: 'acct', kind: 'clobCredentials', network: 'gone', credentials: CLOB });
    await vault.putRecord({ id: 'clob.bound:acct', accountId: 'acct', kind: 'clobCredentials', network: 'bound', credentials: CLOB, origin: 'https://kept.example' });
    const indexBefore = vault.listRecords();
    const onDiskBefore = await fileRecords(file);

    const asked: string[] = [];
    const bound = await vault.bindRecordOrigins((entry) => {
      asked.push(`${entry.kind}@${entry.network}`);
      if (entry.network === 'gone') return null;
      return entry.kind === 'clobCredentials' ? ORIGIN_A : PERPS_A;
    });
    // Only issued records without an origin are asked about; signing keys and bound records are not.
    expect(asked).toEqual(['clobCredentials@staging', 'perpsProxy@staging', 'clobCredentials@gone']);
    expect(bound.map((b) => [b.entry.id, b.origin])).toEqual([
      ['clob.staging:acct', ORIGIN_A],
      ['proxy.staging:acct:p', PERPS_A],
      ['clob.gone:acct', null],
    ]);
    expect(vault.listRecords()).toEqual(indexBefore);
    const onDisk = await fileRecords(file);
    // Untouched records are byte for byte what they were; the bound ones were sealed again.
    for (const id of ['key:acct', 'clob.bound:acct']) expect(onDisk.find((r) => r.id === id)).toEqual(onDiskBefore.find((r) => r.id === id));
    expect(onDisk.find((r) => r.id === 'clob.staging:acct')!.ciphertext).not.toBe(onDiskBefore.find((r) => r.id === 'clob.staging:acct')!.ciphertext);

    const reopened = await openVault(file);
    await reopened.unlockWithPassword(PASSWORD);
    expect(await reopened.getRecord('clob.staging:acct')).toMatchObject({ credentials: CLOB, origin: ORIGIN_A });
    const proxy = await reopened.getRecord('proxy.staging:acct:p');
    expect(proxy.kind === 'perpsProxy' && Buffer.from(proxy.proxy.proxyPrivateKey!).toString('hex')).toBe(PROXY_KEY_HEX);
    expect(proxy).toMatchObject({ origin: PERPS_A });
    expect(await reopened.getRecord('clob.gone:acct')).toMatchObject({ origin: null });
    expect(await reopened.getRecord('clob.bound:acct')).toMatchObject({ origin: 'https://kept.example' });

    // Once bound, always bound: a later unlock writes nothing, even if the network moved since.
    const hash = await fileHash(file);
    expect(await reopened.bindRecordOrigins(() => 'https://elsewhere.example')).toEqual([]);
    expect(await fileHash(file)).toBe(hash);
  });

  it('binds a version-1 vault (the fixture written by the v1 code) after migrating it, in order', async () => {
    const fixtureDir = path.join(__dirname, '../../fixtures/vault-v1');
    const file = path.join(await tempDir(), 'vault.json');
    await fs.copyFile(path.join(fixtureDir, 'vault-v1.json'), file);
    const { password } = JSON.parse(await fs.readFile(path.join(fixtureDir, 'contents.json'), 'utf8')) as { password: string };
    const vault = await openVault(file);
    await vault.unlockWithPassword(password);
    const bound = await vault.bindRecordOrigins((entry) => `sandbox-bound:${entry.network}`);
    expect(bound.length).toBeGreaterThan(0);
    expect(bound.every((b) => b.entry.network === 'sandbox' && b.origin === 'sandbox-bound:sandbox')).toBe(true);
    expect(vault.formatVersion).toBe(2);
    const reopened = await openVault(file);
    await reopened.unlockWithPassword(password);
    for (const { entry } of bound) expect(await reopened.getRecord(entry.id)).toMatchObject({ origin: 'sandbox-bound:sandbox' });
  });
});
