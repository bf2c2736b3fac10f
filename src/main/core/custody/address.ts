import { keccak_256 } from '@noble/hashes/sha3.js';
import { utf8 } from './encoding';

/**
 * EIP-55 checksummed addresses on @noble/hashes alone. The vault path deliberately avoids
 * importing viem's root module (hundreds of modules) just to format an address: the core and
 * every crash-test child process start noticeably faster without it.
 */

export type Address = `0x${string}`;

const HEX_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/**
 * True for a 0x-prefixed 40-hex-digit address that is all lowercase, all uppercase, or correctly
 * checksummed; a mixed-case address with a wrong checksum is a typo and is refused (EIP-55).
 */
export function isAddress(value: string): value is Address {
  if (!HEX_ADDRESS.test(value)) return false;
  const body = value.slice(2);
  if (body === body.toLowerCase() || body === body.toUpperCase()) return true;
  return toChecksumAddress(value) === value;
}

export function toChecksumAddress(value: string): Address {
  if (!HEX_ADDRESS.test(value)) throw new Error('not a 20-byte hex address');
  const lower = value.slice(2).toLowerCase();
  const hash = keccak_256(utf8(lower));
  let out = '0x';
  for (let i = 0; i < 40; i++) {
    const nibble = ((hash[i >> 1] ?? 0) >> (i % 2 === 0 ? 4 : 0)) & 0x0f;
    const char = lower[i] ?? '';
    out += nibble >= 8 ? char.toUpperCase() : char;
  }
  return out as Address;
}

/**
 * Why `value` is not an address the user may be held to, in words for the form that sent it; null
 * when it is one. A mixed-case address carries an EIP-55 checksum: when that checksum is wrong,
 * a character was mistyped, and normalising the case would silently follow the wrong wallet.
 * `what` names the field ("The watched address", "The funder address").
 */
export function addressProblem(value: string, what: string): string | null {
  if (!HEX_ADDRESS.test(value)) return `${what} is not an address: it is 0x followed by 40 hex digits.`;
  if (isAddress(value)) return null;
  return `${what} has a wrong checksum (EIP-55): its capital letters do not match the address, so a character is probably mistyped. Check it against the source; an all-lowercase address is taken without the check.`;
}
