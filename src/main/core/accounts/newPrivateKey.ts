import { randomBytes } from 'node:crypto';
import { assertValidPrivateKey } from '../custody';

/** 32 random bytes in the secp256k1 range (a draw outside it, about 1 in 2^128, is drawn again). */
export function newPrivateKey(): Uint8Array {
  for (;;) {
    const key = new Uint8Array(randomBytes(32));
    try {
      assertValidPrivateKey(key);
      return key;
    } catch {
      key.fill(0);
    }
  }
}
