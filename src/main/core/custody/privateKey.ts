import { hexToBytes } from './encoding';
import { InvalidPrivateKeyError } from './errors';

/**
 * Private-key validation. A secp256k1 key is a 32-byte big-endian integer k with 1 ≤ k ≤ n−1;
 * anything else either cannot sign or signs with a key the user did not mean to import.
 * The checks compare bytes instead of converting to a bigint, so no unwipeable copy is made.
 */

export const PRIVATE_KEY_BYTES = 32;

// secp256k1 group order n, big-endian.
const CURVE_ORDER = Uint8Array.from(
  Buffer.from('fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141', 'hex'),
);

function isBelowCurveOrder(key: Uint8Array): boolean {
  for (let i = 0; i < PRIVATE_KEY_BYTES; i++) {
    const a = key[i] ?? 0;
    const b = CURVE_ORDER[i] ?? 0;
    if (a !== b) return a < b;
  }
  return false; // equal to n
}

export function assertValidPrivateKey(key: Uint8Array): void {
  if (key.length !== PRIVATE_KEY_BYTES) {
    throw new InvalidPrivateKeyError(`A private key must be exactly 32 bytes; this one is ${key.length}.`);
  }
  if (key.every((byte) => byte === 0)) throw new InvalidPrivateKeyError('A private key cannot be zero.');
  if (!isBelowCurveOrder(key)) {
    throw new InvalidPrivateKeyError('The private key is outside the secp256k1 range (it must be below the curve order).');
  }
}

/** Parses a user-typed hex key (with or without 0x, surrounding spaces ignored) and validates it. */
export function parsePrivateKeyHex(text: string): Uint8Array {
  const bytes = hexToBytes(text.trim(), { allowPrefix: true });
  if (!bytes) throw new InvalidPrivateKeyError('A private key must be written in hexadecimal (0-9, a-f), optionally prefixed by 0x.');
  try {
    assertValidPrivateKey(bytes);
  } catch (error) {
    bytes.fill(0);
    throw error;
  }
  return bytes;
}

/**
 * Left-pads a big-endian key shorter than 32 bytes, as go-ethereum does when it reads one
 * (crypto.ToECDSAUnsafe treats the bytes as an integer): some old writers dropped leading zero
 * bytes, so a 31-byte key is the same integer as the 32-byte key starting with 00.
 * Longer input is refused rather than truncated.
 */
export function leftPadPrivateKey(key: Uint8Array): Uint8Array {
  if (key.length > PRIVATE_KEY_BYTES) {
    throw new InvalidPrivateKeyError(`A private key must be at most 32 bytes; this one is ${key.length}.`);
  }
  const padded = new Uint8Array(PRIVATE_KEY_BYTES);
  padded.set(key, PRIVATE_KEY_BYTES - key.length);
  return padded;
}
