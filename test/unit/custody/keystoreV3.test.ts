import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  InvalidPrivateKeyError,
  KeystoreHostileKdfParamsError,
  KeystoreMalformedError,
  KeystoreUnsupportedError,
  KeystoreWrongPasswordError,
} from '../../../src/main/core/custody/errors';
import { exportKeystoreV3, importKeystoreV3, STANDARD_KEYSTORE_SCRYPT } from '../../../src/main/core/custody/keystoreV3';
import { addressOfPrivateKey } from '../../../src/main/core/custody/keyAddress';
import { caught, expectNoSecret, signingKey, SIGNING_KEY_HEX } from './helpers';

type Vector = { json: Record<string, unknown>; password: string; priv: string };
const fixtures = path.resolve(__dirname, '../../fixtures/custody');
const vectors = JSON.parse(readFileSync(path.join(fixtures, 'geth-v3-test-vectors.json'), 'utf8')) as Record<string, Vector>;
const gethFile = JSON.parse(readFileSync(path.join(fixtures, 'geth-very-light-scrypt.json'), 'utf8')) as {
  json: Record<string, unknown>;
  password: string;
  address: string;
};
const vector = (name: string): Vector => {
  const v = vectors[name];
  if (!v) throw new Error(`missing vector ${name}`);
  return v;
};
const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');
const clone = <T>(value: T): T => structuredClone(value);
/** Keystore JSON being deliberately broken field by field. */
type Loose = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const LIGHT = { N: 2 ** 10, r: 8, p: 1 };
// Full-strength scrypt (2^18) takes 2-5 s on two busy cores; allow headroom beyond the default 20 s.
const SLOW_KDF_TIMEOUT = 60_000;

describe('keystore v3 import: go-ethereum test vectors', () => {
  it('decrypts the wiki scrypt vector (n=262144, r=1, p=8)', async () => {
    const v = vector('wikipage_test_vector_scrypt');
    const key = await importKeystoreV3(JSON.stringify(v.json), v.password);
    expect(hex(key.privateKey)).toBe(v.priv);
    expect(key.address).toBe(addressOfPrivateKey(key.privateKey));
    expect(key.keystoreId).toBe('3198bc9c-6672-5ab3-d995-4942343ae5b6');
  }, SLOW_KDF_TIMEOUT);

  it('decrypts the wiki pbkdf2-hmac-sha256 vector', async () => {
    const v = vector('wikipage_test_vector_pbkdf2');
    const key = await importKeystoreV3(v.json, v.password);
    expect(hex(key.privateKey)).toBe(v.priv);
  });

  // geth reads the plaintext as a big-endian integer (crypto.ToECDSAUnsafe), so a 31- or 30-byte
  // plaintext is the same key left-padded with zero bytes. We match geth and always return 32 bytes.
  it.each(['31_byte_key', '30_byte_key'])('left-pads the short %s like geth', async (name) => {
    const v = vector(name);
    const key = await importKeystoreV3(v.json, v.password);
    expect(key.privateKey).toHaveLength(32);
    expect(hex(key.privateKey)).toBe(v.priv.padStart(64, '0'));
  });

  it('imports a file written by geth, checking its address field', async () => {
    const key = await importKeystoreV3(gethFile.json, gethFile.password);
    expect(key.address.slice(2).toLowerCase()).toBe(gethFile.address);
  });

  it('refuses the wrong password with a clear error carrying no secret', async () => {
    const error = await caught(() => importKeystoreV3(vector('31_byte_key').json, 'bar'));
    expect(error).toBeInstanceOf(KeystoreWrongPasswordError);
    expect(error.message).toMatch(/wrong password or corrupted keystore/i);
    expectNoSecret(error, ['bar', vector('31_byte_key').priv]);
  });

  it('refuses a keystore whose mac or ciphertext was altered', async () => {
    const v = vector('31_byte_key');
    const badMac = clone(v.json) as { crypto: { mac: string } };
    badMac.crypto.mac = `00${badMac.crypto.mac.slice(2)}`;
    expect(await caught(() => importKeystoreV3(badMac, v.password))).toBeInstanceOf(KeystoreWrongPasswordError);
    const badCt = clone(v.json) as { crypto: { ciphertext: string } };
    badCt.crypto.ciphertext = `ff${badCt.crypto.ciphertext.slice(2)}`;
    expect(await caught(() => importKeystoreV3(badCt, v.password))).toBeInstanceOf(KeystoreWrongPasswordError);
  });

  it('refuses an address field that does not match the key', async () => {
    const json = { ...clone(gethFile.json), address: '0000000000000000000000000000000000000001' };
    expect(await caught(() => importKeystoreV3(json, gethFile.password))).toBeInstanceOf(KeystoreMalformedError);
  });
});

describe('keystore v3 import: malformed and hostile files', () => {
  const base = () => clone(vector('31_byte_key').json) as Loose;

  it('names the problem for bad JSON and each missing field', async () => {
    expect((await caught(() => importKeystoreV3('{"version":3,', 'foo'))).message).toMatch(/not valid JSON/);
    expect((await caught(() => importKeystoreV3('[]', 'foo'))).message).toMatch(/not a JSON object/);
    const cases: Array<[string, (j: Loose) => void]> = [
      ['version', (j) => delete j.version],
      ['crypto', (j) => delete j.crypto],
      ['crypto.cipher', (j) => delete j.crypto.cipher],
      ['crypto.cipherparams', (j) => delete j.crypto.cipherparams],
      ['crypto.cipherparams.iv', (j) => (j.crypto.cipherparams.iv = 'zz')],
      ['crypto.ciphertext', (j) => delete j.crypto.ciphertext],
      ['crypto.mac', (j) => (j.crypto.mac = 'abcd')],
      ['crypto.kdf', (j) => delete j.crypto.kdf],
      ['crypto.kdfparams', (j) => delete j.crypto.kdfparams],
      ['crypto.kdfparams.salt', (j) => delete j.crypto.kdfparams.salt],
      ['crypto.kdfparams.n', (j) => (j.crypto.kdfparams.n = '2')],
      ['crypto.kdfparams.dklen', (j) => delete j.crypto.kdfparams.dklen],
      ['address', (j) => (j.address = 'not-an-address')],
    ];
    for (const [field, mutate] of cases) {
      const json = base();
      mutate(json);
      const error = await caught(() => importKeystoreV3(json, 'foo'));
      expect(error, field).toBeInstanceOf(KeystoreMalformedError);
      expect(error.message, field).toContain(`field ${field} `);
    }
  });

  it('reports unsupported versions, ciphers, KDFs and PRFs', async () => {
    const v1 = { ...base(), version: 1 };
    expect(await caught(() => importKeystoreV3(v1, 'foo'))).toBeInstanceOf(KeystoreUnsupportedError);
    const cbc = base();
    cbc.crypto.cipher = 'aes-128-cbc';
    expect((await caught(() => importKeystoreV3(cbc, 'foo'))).message).toContain('"aes-128-cbc"');
    const argon = base();
    argon.crypto.kdf = 'argon2id';
    expect(await caught(() => importKeystoreV3(argon, 'foo'))).toBeInstanceOf(KeystoreUnsupportedError);
    const sha512 = clone(vector('wikipage_test_vector_pbkdf2').json) as Loose;
    sha512.crypto.kdfparams.prf = 'hmac-sha512';
    expect(await caught(() => importKeystoreV3(sha512, 'foo'))).toBeInstanceOf(KeystoreUnsupportedError);
  });

  it('caps KDF parameters before deriving, naming the parameter', async () => {
    const cases: Array<[Record<string, number>, RegExp]> = [
      [{ n: 2 ** 22 }, /N exceeds/],
      [{ n: 3 }, /power of two/],
      [{ n: 2 ** 18, r: 16 }, /memory/],
      [{ n: 2 ** 18, r: 8, p: 4 }, /work/],
      [{ r: 1000 }, /parameter r/],
      [{ p: 1000 }, /parameter p/],
      [{ dklen: 16 }, /dkLen/],
    ];
    for (const [params, message] of cases) {
      const json = base();
      Object.assign(json.crypto.kdfparams, params);
      const started = Date.now();
      const error = await caught(() => importKeystoreV3(json, 'foo'));
      expect(error).toBeInstanceOf(KeystoreHostileKdfParamsError);
      expect(error.message).toMatch(message);
      expect(Date.now() - started).toBeLessThan(500);
    }
    const pbkdf2 = clone(vector('wikipage_test_vector_pbkdf2').json) as Loose;
    pbkdf2.crypto.kdfparams.c = 2 ** 30;
    expect((await caught(() => importKeystoreV3(pbkdf2, 'foo'))).message).toMatch(/iterations c exceed/);
  });

  it('accepts geth standard scrypt parameters (n=262144, r=8, p=1) within the caps', async () => {
    const json = await exportKeystoreV3(signingKey(), 'pw', { scrypt: STANDARD_KEYSTORE_SCRYPT });
    expect(json.crypto.kdfparams).toMatchObject({ n: 262144, r: 8, p: 1, dklen: 32 });
    const key = await importKeystoreV3(json, 'pw');
    expect(hex(key.privateKey)).toBe(SIGNING_KEY_HEX);
  }, SLOW_KDF_TIMEOUT);
});

describe('keystore v3 export', () => {
  it('round-trips through import with light parameters', async () => {
    const json = await exportKeystoreV3(signingKey(), 'pässwörd', { scrypt: LIGHT });
    const key = await importKeystoreV3(JSON.stringify(json), 'pässwörd');
    expect(hex(key.privateKey)).toBe(SIGNING_KEY_HEX);
    expect(await caught(() => importKeystoreV3(json, 'password'))).toBeInstanceOf(KeystoreWrongPasswordError);
  });

  it('writes the fields geth writes, in geth’s order and encoding', async () => {
    const json = await exportKeystoreV3(signingKey(), 'pw', { scrypt: LIGHT });
    expect(Object.keys(json)).toEqual(Object.keys(gethFile.json));
    expect(Object.keys(json.crypto)).toEqual(Object.keys(gethFile.json.crypto as object));
    expect(Object.keys(json.crypto.kdfparams)).toEqual(['dklen', 'n', 'p', 'r', 'salt']);
    expect(json.address).toMatch(/^[0-9a-f]{40}$/);
    expect(json.address).toBe(addressOfPrivateKey(signingKey()).slice(2).toLowerCase());
    expect(json.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(json.crypto.ciphertext).toMatch(/^[0-9a-f]{64}$/);
    expect(json.crypto.cipherparams.iv).toMatch(/^[0-9a-f]{32}$/);
    expect(json.crypto.kdfparams.salt).toMatch(/^[0-9a-f]{64}$/);
    expect(json.crypto.mac).toMatch(/^[0-9a-f]{64}$/);
    expect(json.version).toBe(3);
  });

  it('reproduces geth’s ciphertext and MAC for the same salt, iv and key', async () => {
    // Re-encrypting the geth file's own key with its salt and iv must give back its exact bytes.
    const imported = await importKeystoreV3(gethFile.json, gethFile.password);
    const crypto = gethFile.json.crypto as { ciphertext: string; mac: string; cipherparams: { iv: string }; kdfparams: { salt: string } };
    const json = await exportKeystoreV3(imported.privateKey, gethFile.password, {
      scrypt: { N: 2, r: 8, p: 1 },
      salt: Buffer.from(crypto.kdfparams.salt, 'hex'),
      iv: Buffer.from(crypto.cipherparams.iv, 'hex'),
      id: gethFile.json.id as string,
    });
    expect(json).toEqual(gethFile.json);
  });

  it('defaults to geth standard scrypt parameters', () => {
    expect(STANDARD_KEYSTORE_SCRYPT).toEqual({ N: 262144, r: 8, p: 1 });
  });

  it('refuses keys that are not 32 bytes or outside the secp256k1 range', async () => {
    for (const bad of [new Uint8Array(31), new Uint8Array(33), new Uint8Array(32), new Uint8Array(32).fill(0xff)]) {
      const error = await caught(() => exportKeystoreV3(bad, 'pw', { scrypt: LIGHT }));
      expect(error).toBeInstanceOf(InvalidPrivateKeyError);
    }
  });
});
