import { gcm } from '@noble/ciphers/aes.js';
import { hkdf } from '@noble/hashes/hkdf.js';
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { utf8 } from './encoding';
import { constantTimeEqual, randomSecretBytes, wipe } from './secretBytes';
import type { RecordIndexEntry, VaultState, VaultVersion } from './vaultFormat';
import { bytesToBase64 } from './encoding';

/**
 * The vault's cryptography in one place: AES-256-GCM with a fresh random 12-byte nonce per
 * seal, and associated data that binds each ciphertext to where it sits in the file.
 *
 * Associated data is a JSON array (unambiguous: no separator can be smuggled into a field)
 * starting with a domain tag, so a password-slot ciphertext can never be accepted as a record or
 * as the OS slot, and a record cannot be moved to another vault, renamed, relabelled as another
 * kind or reassigned to another account without failing authentication.
 *
 * Version 2 appends the record's network (null for signing keys) to the record's associated data
 * and to the index MAC, so credentials cannot be moved to another network either. The arrays of
 * the two versions differ in length and the v2 index starts with its own tag, so a v2 record or
 * index never verifies under v1 rules and the other way round (no downgrade without the key).
 */

export const DATA_KEY_BYTES = 32;
export const NONCE_BYTES = 12;
export const TAG_BYTES = 16;
const DOMAIN = 'marketdesk-vault/1';

export interface Sealed {
  nonce: Uint8Array;
  ciphertext: Uint8Array; // ciphertext || 16-byte tag
}

export function seal(key: Uint8Array, plaintext: Uint8Array, associatedData: Uint8Array): Sealed {
  const nonce = randomSecretBytes(NONCE_BYTES);
  return { nonce, ciphertext: gcm(key, nonce, associatedData).encrypt(plaintext) };
}

/** Null when the tag does not verify: the caller decides whether that means "wrong key" or "tampered". */
export function open(key: Uint8Array, sealed: Sealed, associatedData: Uint8Array): Uint8Array | null {
  try {
    return gcm(key, sealed.nonce, associatedData).decrypt(sealed.ciphertext);
  } catch {
    return null; // noble's message is generic, but a library error is never passed on as a cause
  }
}

export const associatedData = {
  passwordSlot: (vaultId: string) => utf8(JSON.stringify([DOMAIN, 'slot', 'password', vaultId])),
  osSlot: (vaultId: string) => utf8(JSON.stringify([DOMAIN, 'slot', 'os', vaultId])),
  record: (vaultId: string, entry: RecordIndexEntry, version: VaultVersion) => {
    const v1 = [DOMAIN, 'record', vaultId, entry.id, entry.kind, entry.accountId, entry.createdAt, entry.hint];
    return utf8(JSON.stringify(version === 1 ? v1 : [...v1, entry.network ?? null]));
  },
};

/**
 * The index MAC authenticates the list of records as a whole (HMAC-SHA256 under a key derived
 * from the data key), so deleting, duplicating or reordering records, or editing the generation,
 * is detected at unlock without decrypting any secret. Per-record GCM still guards each payload.
 */
export function computeIndexMac(dataKey: Uint8Array, state: Omit<VaultState, 'indexMac'>): Uint8Array {
  const macKey = hkdf(sha256, dataKey, utf8(state.vaultId), utf8(`${DOMAIN} index-mac`), 32);
  const v2 = state.version !== 1;
  const canonical = JSON.stringify([
    ...(v2 ? [DOMAIN, 'index/v2'] : [DOMAIN]),
    state.vaultId,
    state.createdAt,
    state.generation,
    state.records.map((r) => [
      r.id,
      r.kind,
      r.accountId,
      r.createdAt,
      r.hint,
      ...(v2 ? [r.network ?? null] : []),
      bytesToBase64(r.sealed.nonce),
      bytesToBase64(r.sealed.ciphertext),
    ]),
  ]);
  try {
    return hmac(sha256, macKey, utf8(canonical));
  } finally {
    wipe(macKey);
  }
}

export function indexMacMatches(dataKey: Uint8Array, state: VaultState): boolean {
  return constantTimeEqual(computeIndexMac(dataKey, state), state.indexMac);
}

export const newDataKey = (): Uint8Array => randomSecretBytes(DATA_KEY_BYTES);
