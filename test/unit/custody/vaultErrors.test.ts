import { promises as fs } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  DuplicateRecordError,
  HostileKdfParamsError,
  UnlockThrottledError,
  UnsupportedVaultFormatError,
  UnsupportedVaultVersionError,
  VaultCorruptError,
  VaultIoError,
  VaultNotFoundError,
  VaultTamperedError,
  WrongPasswordError,
} from '../../../src/main/core/custody/errors';
import { createUnlockThrottle } from '../../../src/main/core/custody/unlockThrottle';
import { PasswordChecks } from '../../../src/main/core/custody/passwordChecks';
import { createVault, openVault } from '../../../src/main/core/custody/vault';
import { parseVaultFile } from '../../../src/main/core/custody/vaultFormat';
import { readRecord } from '../../../src/main/core/custody/vaultRecords';
import { openPasswordSlot } from '../../../src/main/core/custody/vaultSlots';
import { caught, CLOB, expectNoSecret, fileHash, LIGHT_KDF, PASSWORD, signingKey, tempDir } from './helpers';

type VaultJson = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

async function makeVault() {
  const file = path.join(await tempDir(), 'vault.json');
  const vault = await createVault(file, PASSWORD, { kdf: LIGHT_KDF });
  await vault.putRecord({ id: 'key-a', accountId: 'acct-a', kind: 'signingKey', privateKey: signingKey() });
  await vault.putRecord({ id: 'clob-a', accountId: 'acct-a', kind: 'clobCredentials', network: 'sandbox', credentials: CLOB });
  await vault.putRecord({ id: 'clob-b', accountId: 'acct-b', kind: 'clobCredentials', network: 'sandbox', credentials: { ...CLOB, apiKey: 'other-api-key-1234' } });
  return { vault, file };
}

const originals = new Map<string, string>();

/**
 * Rewrites the vault JSON from its first-seen content with `mutate`, and removes the backup so
 * the failure cannot be recovered from.
 */
async function tamper(file: string, mutate: (json: VaultJson) => void): Promise<string> {
  if (!originals.has(file)) originals.set(file, await fs.readFile(file, 'utf8'));
  const json = JSON.parse(originals.get(file) ?? '') as VaultJson;
  mutate(json);
  await fs.writeFile(file, JSON.stringify(json));
  await fs.rm(`${file}.bak`, { force: true });
  return fileHash(file);
}

const flipBase64 = (text: string, at: number) => {
  const bytes = Buffer.from(text, 'base64');
  const i = at < 0 ? bytes.length + at : at;
  bytes[i] = (bytes[i] ?? 0) ^ 0x01;
  return bytes.toString('base64');
};

/** Opens and unlocks; returns the error, and checks the file is byte-identical afterwards. */
async function failureOf(file: string, password = PASSWORD): Promise<Error> {
  const before = await fileHash(file);
  const error = await caught(async () => (await openVault(file)).unlockWithPassword(password));
  expect(await fileHash(file)).toBe(before);
  expectNoSecret(error);
  return error;
}

describe('vault errors leave the file byte-identical', () => {
  it('wrong password', async () => {
    const { file } = await makeVault();
    const error = await failureOf(file, 'Tr0ub4dor&3-wrong');
    expect(error).toBeInstanceOf(WrongPasswordError);
    expect(error.message).toBe('Wrong password: the vault could not be unlocked.');
    expectNoSecret(error, ['Tr0ub4dor&3-wrong']);
  });

  it('truncated and non-JSON files', async () => {
    const { file } = await makeVault();
    const text = await fs.readFile(file, 'utf8');
    await fs.rm(`${file}.bak`);
    await fs.writeFile(file, text.slice(0, Math.floor(text.length / 2)));
    const truncated = await failureOf(file);
    expect(truncated).toBeInstanceOf(VaultCorruptError);
    expect(truncated.message).toMatch(/not valid JSON \(truncated or damaged\)/);
    await fs.writeFile(file, '');
    expect(await failureOf(file)).toBeInstanceOf(VaultCorruptError);
    await fs.writeFile(file, Buffer.from([0xff, 0xfe, 0x00]));
    expect(await failureOf(file)).toBeInstanceOf(VaultCorruptError);
  });

  it('a missing or malformed field, named', async () => {
    const { file } = await makeVault();
    await tamper(file, (j) => delete j.records[1].nonce);
    expect((await failureOf(file)).message).toContain('field records[1].nonce is missing or invalid');
    await tamper(file, (j) => (j.records[1].nonce = 'AAAA'));
    expect((await failureOf(file)).message).toContain('field records[1].nonce has the wrong length');
    await tamper(file, (j) => (j.slots.password.wrappedKey = '%%%'));
    expect((await failureOf(file)).message).toContain('slots.password.wrappedKey is not valid base64');
  });

  it('tampered record ciphertext, tag or associated data is detected at unlock', async () => {
    const cases: Array<(j: VaultJson) => void> = [
      (j) => (j.records[0].ciphertext = flipBase64(j.records[0].ciphertext, 0)), // ciphertext byte
      (j) => (j.records[0].ciphertext = flipBase64(j.records[0].ciphertext, -1)), // tag byte
      (j) => (j.records[0].nonce = flipBase64(j.records[0].nonce, 0)),
      (j) => (j.records[1].kind = 'perpsProxy'), // relabelled kind
      (j) => (j.records[1].accountId = 'acct-b'), // reassigned to another account
      (j) => ([j.records[1].id, j.records[2].id] = [j.records[2].id, j.records[1].id]), // swapped ids
      (j) => (j.records[1].hint = '••••0000'),
      (j) => j.records.pop(), // a record removed
      (j) => (j.generation = j.generation + 1),
    ];
    for (const mutate of cases) {
      const { file } = await makeVault();
      await tamper(file, mutate);
      const error = await failureOf(file);
      expect(error).toBeInstanceOf(VaultTamperedError);
      expect(error.message).toMatch(/modified outside Marketdesk/);
    }
  });

  it('each record is also authenticated on its own (GCM tag and associated data)', async () => {
    const { file } = await makeVault();
    const state = parseVaultFile(await fs.readFile(file));
    const dataKey = await openPasswordSlot(state, PASSWORD);
    if (!dataKey) throw new Error('unlock failed');
    const [key, clobA, clobB] = state.records;
    if (!key || !clobA || !clobB) throw new Error('records missing');
    expect(readRecord(state, dataKey, 'clob-a').kind).toBe('clobCredentials');
    const tag = Uint8Array.from(clobA.sealed.ciphertext);
    tag[tag.length - 1] = (tag[tag.length - 1] ?? 0) ^ 1;
    const variants = [
      { ...clobA, sealed: { ...clobA.sealed, ciphertext: tag } },
      { ...clobA, accountId: 'acct-b' },
      { ...clobA, kind: 'perpsProxy' as const },
      { ...clobB, sealed: clobA.sealed }, // another record's ciphertext moved under clob-b
    ];
    for (const variant of variants) {
      const error = await caught(() => readRecord({ ...state, records: [variant] }, dataKey, variant.id));
      expect(error).toBeInstanceOf(VaultTamperedError);
    }
    const otherVault = await caught(() => readRecord({ ...state, vaultId: '00000000-0000-4000-8000-000000000000' }, dataKey, 'clob-a'));
    expect(otherVault).toBeInstanceOf(VaultTamperedError);
  });

  it('a tampered password slot reads as a wrong password', async () => {
    const { file } = await makeVault();
    await tamper(file, (j) => (j.slots.password.wrappedKey = flipBase64(j.slots.password.wrappedKey, 3)));
    expect(await failureOf(file)).toBeInstanceOf(WrongPasswordError);
  });

  it('unknown format or version, even with a good backup present', async () => {
    const { file } = await makeVault();
    const original = await fs.readFile(file, 'utf8');
    for (const [mutate, type, message] of [
      [(j: VaultJson) => (j.format = 'other-wallet'), UnsupportedVaultFormatError, /not a Marketdesk vault/],
      [(j: VaultJson) => delete j.format, UnsupportedVaultFormatError, /not a Marketdesk vault/],
      [(j: VaultJson) => (j.version = 3), UnsupportedVaultVersionError, /Unsupported vault version 3: this release reads versions 1 and 2/],
      [(j: VaultJson) => (j.version = '1'), UnsupportedVaultVersionError, /version unknown/],
    ] as const) {
      const json = JSON.parse(original) as VaultJson;
      mutate(json);
      await fs.writeFile(file, JSON.stringify(json));
      const error = await failureOf(file);
      expect(error).toBeInstanceOf(type);
      expect(error.message).toMatch(message);
    }
  });

  it('hostile KDF parameters are refused quickly, naming the parameter', async () => {
    const { file } = await makeVault();
    const salt = (n: number) => Buffer.alloc(n, 1).toString('base64');
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ N: 2 ** 30 }, /parameter N exceeds the maximum 1048576/],
      [{ N: 2 ** 21 }, /parameter N exceeds/],
      [{ N: 1000 }, /N must be a power of two/],
      [{ N: 2 ** 4 }, /N is below the minimum/],
      [{ r: 1000 }, /parameter r must be an integer from 1 to 16/],
      [{ r: 0 }, /parameter r/],
      [{ p: 64 }, /parameter p must be an integer from 1 to 4/],
      [{ N: 2 ** 20, r: 8 }, /memory 128·N·r exceeds the maximum 256 MiB/],
      [{ N: 2 ** 19, r: 4, p: 4 }, /work N·r·p exceeds/],
      [{ dkLen: 64 }, /dkLen/],
      [{ salt: salt(8) }, /salt must be 16 to 64 bytes/],
      [{ salt: salt(100) }, /salt must be 16 to 64 bytes/],
      [{ N: 'big' }, /kdfParams.N is missing or invalid/],
    ];
    for (const [params, message] of cases) {
      await tamper(file, (j) => Object.assign(j.slots.password.kdfParams, params));
      const started = Date.now();
      const error = await failureOf(file);
      expect(Date.now() - started).toBeLessThan(1000);
      expect(error.message).toMatch(message);
      if (!String(message).includes('missing')) expect(error).toBeInstanceOf(HostileKdfParamsError);
    }
  });

  it('duplicate record ids', async () => {
    const { file } = await makeVault();
    await tamper(file, (j) => j.records.push({ ...j.records[0] }));
    const error = await failureOf(file);
    expect(error).toBeInstanceOf(DuplicateRecordError);
    expect(error.message).toContain('"key-a" more than once');
  });

  it('an oversized file is refused without being read', async () => {
    const { file } = await makeVault();
    await fs.rm(`${file}.bak`);
    await fs.truncate(file, 9 * 1024 * 1024);
    expect((await failureOf(file)).message).toMatch(/larger than/);
  });

  it('no vault at all', async () => {
    const dir = await tempDir();
    expect(await caught(() => openVault(path.join(dir, 'none.json')))).toBeInstanceOf(VaultNotFoundError);
  });

  it('a failed write leaves file and memory unchanged', async () => {
    const file = path.join(await tempDir(), 'vault.json');
    let failAt: string | null = null;
    const vault = await createVault(file, PASSWORD, {
      kdf: LIGHT_KDF,
      onWriteStep: (step) => {
        if (step === failAt) throw new Error('disk full');
      },
    });
    await vault.putRecord({ id: 'clob-a', accountId: 'acct-a', kind: 'clobCredentials', network: 'sandbox', credentials: CLOB });
    const before = await fileHash(file);
    for (const step of ['temp-written', 'temp-synced', 'backup-kept']) {
      failAt = step;
      const error = await caught(() => vault.putRecord({ accountId: 'acct-b', kind: 'signingKey', privateKey: signingKey() }));
      expect(error).toBeInstanceOf(VaultIoError);
      expect(error.message).toMatch(/file on disk is unchanged/);
      expect(await fileHash(file)).toBe(before);
      expect(vault.listRecords().map((r) => r.id)).toEqual(['clob-a']);
    }
    const leftovers = (await fs.readdir(path.dirname(file))).filter((n) => n.endsWith('.tmp'));
    expect(leftovers).toEqual([]);
  });
});

describe('recovery from the backup copy', () => {
  it('opens .bak when the main file is missing or corrupt, says so, and keeps the good backup', async () => {
    const { file } = await makeVault();
    const backup = await fs.readFile(`${file}.bak`);
    await fs.writeFile(file, '{"format":"marketdesk-vault","version":1,'); // torn by a disk fault
    const vault = await openVault(file);
    expect(vault.recoveredFromBackup?.reason).toMatch(/Recovered from the backup copy: the vault file was unreadable/);
    await vault.unlockWithPassword(PASSWORD);
    // The next write must not back up the damaged file over the good copy.
    await vault.putRecord({ accountId: 'acct-c', kind: 'clobCredentials', network: 'sandbox', credentials: CLOB });
    expect(await fs.readFile(`${file}.bak`)).toEqual(backup);
    expect((await openVault(file)).recoveredFromBackup).toBeNull();

    await fs.rm(file);
    const missing = await openVault(file);
    expect(missing.recoveredFromBackup?.reason).toMatch(/the vault file was missing/);
  });
});

describe('unlock throttling', () => {
  it('refuses attempts during the growing delay, then allows them, and resets on success', async () => {
    const { file } = await makeVault();
    let now = 1_000_000;
    const throttle = createUnlockThrottle({ now: () => now });
    const vault = await openVault(file, { passwordChecks: new PasswordChecks({ throttle }) });
    for (let i = 0; i < 3; i++) expect(await caught(() => vault.unlockWithPassword('wrong password!'))).toBeInstanceOf(WrongPasswordError);
    const throttled = await caught(() => vault.unlockWithPassword(PASSWORD));
    expect(throttled).toBeInstanceOf(UnlockThrottledError);
    expect(throttled.message).toBe('Too many password attempts: try again in 1 s.');
    expect((throttled as UnlockThrottledError).retryAfterMs).toBe(1000);
    now += 1000;
    expect(await caught(() => vault.unlockWithPassword('wrong password!'))).toBeInstanceOf(WrongPasswordError);
    now += 1999;
    expect(((await caught(() => vault.unlockWithPassword(PASSWORD))) as UnlockThrottledError).retryAfterMs).toBe(1);
    now += 1;
    await vault.unlockWithPassword(PASSWORD);
    expect(throttle.failures).toBe(0);
  });
});
