import { privateKeyToAddress } from 'viem/accounts';
import { toChecksumAddress, type Address } from './address';
import { bytesToHex } from './encoding';
import { assertValidPrivateKey } from './privateKey';

/**
 * The checksummed address of a private key. Kept apart from privateKey.ts so that modules on the
 * vault's open/unlock path can load viem/accounts only when a signing key is actually stored.
 * viem takes the key as a hex string, which cannot be wiped; it is short-lived and never leaves
 * this function.
 */
export function addressOfPrivateKey(key: Uint8Array): Address {
  assertValidPrivateKey(key);
  return toChecksumAddress(privateKeyToAddress(`0x${bytesToHex(key)}`));
}
