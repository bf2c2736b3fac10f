import { hexToBytes } from './encoding';
import { KeystoreHostileKdfParamsError, KeystoreMalformedError, KeystoreUnsupportedError } from './errors';
import {
  findScryptParamProblem,
  KEYSTORE_MAX_PBKDF2_ITERATIONS,
  KEYSTORE_SCRYPT_LIMITS,
  type ScryptParams,
} from './kdf';

/**
 * Reading an Ethereum keystore v3 file (Web3 Secret Storage) into checked fields. Each problem
 * names the field (`crypto.kdfparams.n`), never a value from the file beyond algorithm names.
 * KDF parameters are capped before any derivation, as for the vault (a keystore is a file the
 * user was handed, so it is untrusted input).
 */

export const MAX_KEYSTORE_JSON_BYTES = 64 * 1024;

export type KeystoreKdf =
  | { kind: 'scrypt'; params: ScryptParams }
  | { kind: 'pbkdf2'; iterations: number; dkLen: number; salt: Uint8Array };

export interface ParsedKeystore {
  id: string | null;
  /** The address the file declares, lowercase without 0x, if any. */
  address: string | null;
  iv: Uint8Array;
  ciphertext: Uint8Array;
  mac: Uint8Array;
  kdf: KeystoreKdf;
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const malformed = (field: string, problem = 'is missing or invalid') =>
  new KeystoreMalformedError(`Malformed keystore: field ${field} ${problem}.`);
/** Algorithm names are echoed to help the user, but only if short and printable. */
const shown = (v: unknown) => (typeof v === 'string' && /^[\w.-]{1,32}$/.test(v) ? `"${v}"` : 'this value');

function object(parent: Json, key: string, field: string): Json {
  const value = parent[key];
  if (!isObject(value)) throw malformed(field);
  return value;
}

function integer(parent: Json, key: string, field: string): number {
  const value = parent[key];
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value <= 0) throw malformed(field, 'must be a positive integer');
  return value;
}

function hex(parent: Json, key: string, field: string, length?: { min: number; max: number }): Uint8Array {
  const value = parent[key];
  const bytes = typeof value === 'string' ? hexToBytes(value, { allowPrefix: true }) : null;
  if (!bytes || bytes.length === 0) throw malformed(field, 'must be a hex string');
  if (length && (bytes.length < length.min || bytes.length > length.max)) {
    throw malformed(field, length.min === length.max ? `must be ${length.min} bytes` : `must be ${length.min} to ${length.max} bytes`);
  }
  return bytes;
}

function parseKdf(crypto: Json): KeystoreKdf {
  const kdf = crypto.kdf;
  if (typeof kdf !== 'string') throw malformed('crypto.kdf');
  const params = object(crypto, 'kdfparams', 'crypto.kdfparams');
  const salt = hex(params, 'salt', 'crypto.kdfparams.salt');
  const dkLen = integer(params, 'dklen', 'crypto.kdfparams.dklen');
  if (kdf === 'scrypt') {
    const scrypt: ScryptParams = {
      N: integer(params, 'n', 'crypto.kdfparams.n'),
      r: integer(params, 'r', 'crypto.kdfparams.r'),
      p: integer(params, 'p', 'crypto.kdfparams.p'),
      dkLen,
      salt,
    };
    const problem = findScryptParamProblem(scrypt, KEYSTORE_SCRYPT_LIMITS);
    if (problem) throw new KeystoreHostileKdfParamsError(`The keystore's key-derivation parameters are refused: ${problem}.`);
    return { kind: 'scrypt', params: scrypt };
  }
  if (kdf === 'pbkdf2') {
    if (params.prf !== 'hmac-sha256') {
      throw new KeystoreUnsupportedError(`Unsupported keystore PBKDF2 function ${shown(params.prf)}: only hmac-sha256 is supported.`);
    }
    const iterations = integer(params, 'c', 'crypto.kdfparams.c');
    if (iterations > KEYSTORE_MAX_PBKDF2_ITERATIONS) {
      throw new KeystoreHostileKdfParamsError(
        `The keystore's key-derivation parameters are refused: PBKDF2 iterations c exceed the maximum ${KEYSTORE_MAX_PBKDF2_ITERATIONS}.`,
      );
    }
    if (dkLen < 32 || dkLen > 64) throw new KeystoreHostileKdfParamsError('The keystore\'s key-derivation parameters are refused: dklen must be from 32 to 64.');
    if (salt.length > 256) throw new KeystoreHostileKdfParamsError('The keystore\'s key-derivation parameters are refused: salt must be at most 256 bytes.');
    return { kind: 'pbkdf2', iterations, dkLen, salt };
  }
  throw new KeystoreUnsupportedError(`Unsupported keystore KDF ${shown(kdf)}: only scrypt and pbkdf2 are supported.`);
}

export function parseKeystoreV3(input: string | unknown): ParsedKeystore {
  let json: unknown = input;
  if (typeof input === 'string') {
    if (Buffer.byteLength(input, 'utf8') > MAX_KEYSTORE_JSON_BYTES) throw malformed('(file)', 'is too large for a keystore');
    try {
      json = JSON.parse(input);
    } catch {
      throw new KeystoreMalformedError('Malformed keystore: the file is not valid JSON.');
    }
  }
  if (!isObject(json)) throw new KeystoreMalformedError('Malformed keystore: the file is not a JSON object.');
  if (json.version === undefined) throw malformed('version');
  if (json.version !== 3) throw new KeystoreUnsupportedError(`Unsupported keystore version ${shown(String(json.version))}: only version 3 is supported.`);
  // Some older writers (MyEtherWallet, early Mist) spell it "Crypto".
  const crypto = isObject(json.crypto) ? json.crypto : isObject(json.Crypto) ? json.Crypto : null;
  if (!crypto) throw malformed('crypto');
  if (typeof crypto.cipher !== 'string') throw malformed('crypto.cipher');
  if (crypto.cipher !== 'aes-128-ctr') {
    throw new KeystoreUnsupportedError(`Unsupported keystore cipher ${shown(crypto.cipher)}: only aes-128-ctr is supported.`);
  }
  const cipherparams = object(crypto, 'cipherparams', 'crypto.cipherparams');
  let address: string | null = null;
  if (json.address !== undefined) {
    if (typeof json.address !== 'string' || !/^(0x)?[0-9a-fA-F]{40}$/.test(json.address)) throw malformed('address');
    address = json.address.replace(/^0x/, '').toLowerCase();
  }
  return {
    id: typeof json.id === 'string' ? json.id : null,
    address,
    iv: hex(cipherparams, 'iv', 'crypto.cipherparams.iv', { min: 16, max: 16 }),
    ciphertext: hex(crypto, 'ciphertext', 'crypto.ciphertext', { min: 1, max: 32 }),
    mac: hex(crypto, 'mac', 'crypto.mac', { min: 32, max: 32 }),
    kdf: parseKdf(crypto),
  };
}
