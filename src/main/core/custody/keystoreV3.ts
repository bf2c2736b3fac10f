import { ctr } from '@noble/ciphers/aes.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { randomUUID } from 'node:crypto';
import type { Address } from './address';
import { bytesToHex, utf8 } from './encoding';
import { KeystoreHostileKdfParamsError, KeystoreWrongPasswordError, KeystoreMalformedError } from './errors';
import { derivePbkdf2Sha256, deriveScrypt, findScryptParamProblem, KEYSTORE_SCRYPT_LIMITS, type ScryptParams } from './kdf';
import { parseKeystoreV3, type ParsedKeystore } from './keystoreV3Parse';
import { addressOfPrivateKey } from './keyAddress';
import { assertValidPrivateKey, leftPadPrivateKey } from './privateKey';
import { constantTimeEqual, randomSecretBytes, wipe } from './secretBytes';

/**
 * Ethereum keystore v3 import and export, compatible with go-ethereum
 * (accounts/keystore/passphrase.go): derived key dk = KDF(password); MAC = keccak256(dk[16:32] ‖
 * ciphertext); plaintext = AES-128-CTR(dk[0:16], iv). The password is the raw UTF-8 bytes, as
 * geth uses them (no normalisation, or keys exported by geth would not open).
 */

/** geth's StandardScryptN / StandardScryptP, r = 8. */
export const STANDARD_KEYSTORE_SCRYPT = { N: 2 ** 18, r: 8, p: 1 } as const;

export interface KeystoreV3Json {
  address: string;
  crypto: {
    cipher: 'aes-128-ctr';
    ciphertext: string;
    cipherparams: { iv: string };
    kdf: 'scrypt';
    kdfparams: { dklen: number; n: number; p: number; r: number; salt: string };
    mac: string;
  };
  id: string;
  version: 3;
}

export interface ImportedKey {
  /** 32 bytes; the caller stores it in the vault and wipes it. */
  privateKey: Uint8Array;
  address: Address;
  keystoreId: string | null;
}

/** keccak256(dk[16:32] ‖ ciphertext), with the MAC-key copy wiped afterwards. */
function keystoreMac(derived: Uint8Array, ciphertext: Uint8Array): Uint8Array {
  const input = new Uint8Array(16 + ciphertext.length);
  input.set(derived.subarray(16, 32), 0);
  input.set(ciphertext, 16);
  try {
    return keccak_256(input);
  } finally {
    wipe(input);
  }
}

async function deriveKey(parsed: ParsedKeystore, password: Uint8Array): Promise<Uint8Array> {
  const kdf = parsed.kdf;
  return kdf.kind === 'scrypt'
    ? deriveScrypt(password, kdf.params, 'queue')
    : derivePbkdf2Sha256(password, kdf.salt, kdf.iterations, kdf.dkLen, 'queue');
}

export async function importKeystoreV3(json: string | unknown, password: string): Promise<ImportedKey> {
  const parsed = parseKeystoreV3(json);
  const passwordBytes = utf8(password);
  let derived: Uint8Array | undefined;
  let plaintext: Uint8Array | undefined;
  try {
    derived = await deriveKey(parsed, passwordBytes);
    const mac = keystoreMac(derived, parsed.ciphertext);
    if (!constantTimeEqual(mac, parsed.mac)) throw new KeystoreWrongPasswordError();
    plaintext = ctr(derived.subarray(0, 16), parsed.iv).decrypt(parsed.ciphertext);
    // geth reads the plaintext as a big-endian integer, so 30- and 31-byte keys written by old
    // tools that dropped leading zeros are the same key left-padded to 32 bytes.
    const privateKey = leftPadPrivateKey(plaintext);
    try {
      assertValidPrivateKey(privateKey);
      const address = addressOfPrivateKey(privateKey);
      if (parsed.address !== null && parsed.address !== address.slice(2).toLowerCase()) {
        throw new KeystoreMalformedError('Malformed keystore: its address field does not match the key it contains.');
      }
      return { privateKey, address, keystoreId: parsed.id };
    } catch (error) {
      wipe(privateKey);
      throw error;
    }
  } finally {
    wipe(passwordBytes, derived, plaintext);
  }
}

export interface ExportOptions {
  /** scrypt cost; defaults to geth's standard (n=2^18, r=8, p=1). Tests pass lighter values. */
  scrypt?: { N: number; r: number; p: number };
  /** For reproducible tests only. */
  salt?: Uint8Array;
  iv?: Uint8Array;
  id?: string;
}

/** Field order and encoding follow geth's EncryptKey: lowercase hex without 0x, uuid v4 id. */
export async function exportKeystoreV3(privateKey: Uint8Array, password: string, options: ExportOptions = {}): Promise<KeystoreV3Json> {
  assertValidPrivateKey(privateKey);
  const cost = options.scrypt ?? STANDARD_KEYSTORE_SCRYPT;
  const params: ScryptParams = { ...cost, dkLen: 32, salt: options.salt ?? randomSecretBytes(32) };
  const problem = findScryptParamProblem(params, KEYSTORE_SCRYPT_LIMITS);
  if (problem) throw new KeystoreHostileKdfParamsError(`The requested key-derivation parameters are refused: ${problem}.`);
  const iv = options.iv ?? randomSecretBytes(16);
  const passwordBytes = utf8(password);
  let derived: Uint8Array | undefined;
  try {
    derived = await deriveScrypt(passwordBytes, params, 'queue');
    const ciphertext = ctr(derived.subarray(0, 16), iv).encrypt(privateKey);
    const mac = keystoreMac(derived, ciphertext);
    return {
      address: addressOfPrivateKey(privateKey).slice(2).toLowerCase(),
      crypto: {
        cipher: 'aes-128-ctr',
        ciphertext: bytesToHex(ciphertext),
        cipherparams: { iv: bytesToHex(iv) },
        kdf: 'scrypt',
        kdfparams: { dklen: 32, n: params.N, p: params.p, r: params.r, salt: bytesToHex(params.salt) },
        mac: bytesToHex(mac),
      },
      id: options.id ?? randomUUID(),
      version: 3,
    };
  } finally {
    wipe(passwordBytes, derived);
  }
}
