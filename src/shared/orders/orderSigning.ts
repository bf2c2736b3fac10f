/**
 * Signing and verifying order digests. The client signs with the account's private key as bytes
 * (never a hex string); the sandbox recovers the signer of every posted order. The signature is
 * the 65-byte r ‖ s ‖ v (v = 27/28) that viem's `signTypedData` produces, byte for byte.
 *
 * Call `warmOrderSigning()` at app start (core and sandbox): it builds the fixed-base curve table
 * (see crypto/secp256k1.ts) so the first order does not pay for it.
 */
import type { Hex } from 'viem';
import { keccak256 } from './crypto/keccak256';
import { bytesToHex, hex64 } from './crypto/hex';
import { bigintToBytes32 } from './crypto/bytes32';
import { HALF_N } from './crypto/secp256k1Math';
import { publicKeyOf, recoverPublicKey, signDigest, warmSecp256k1 } from './crypto/secp256k1';
import { orderDigest } from './orderHashing';
import type { ExchangeContracts, OrderStructV1, OrderStructV2, OrderVersion } from './orderSchema';

/** Precomputes the curve table used by every order signature and recovery (~40–200 ms, once). */
export function warmOrderSigning(): void {
  warmSecp256k1();
}

/** Signs a 32-byte digest: `0x` ‖ r (32) ‖ s (32) ‖ v (27 or 28), low-s, RFC 6979. */
export function signOrderDigest(digest: Uint8Array, privateKey: Uint8Array): Hex {
  const { r, s, recovery } = signDigest(digest, privateKey);
  return `0x${hex64(r)}${hex64(s)}${recovery & 1 ? '1c' : '1b'}` as Hex;
}

export interface OrderSignature {
  /** The EIP-712 hash of the order (what viem's hashTypedData returns). */
  hash: Hex;
  signature: Hex;
}

/** Hashes and signs an order struct. */
export function signOrder(
  contracts: ExchangeContracts,
  version: 2,
  negRisk: boolean,
  struct: OrderStructV2,
  privateKey: Uint8Array,
): OrderSignature;
export function signOrder(
  contracts: ExchangeContracts,
  version: 1,
  negRisk: boolean,
  struct: OrderStructV1,
  privateKey: Uint8Array,
): OrderSignature;
export function signOrder(
  contracts: ExchangeContracts,
  version: OrderVersion,
  negRisk: boolean,
  struct: OrderStructV1 | OrderStructV2,
  privateKey: Uint8Array,
): OrderSignature;
export function signOrder(
  contracts: ExchangeContracts,
  version: OrderVersion,
  negRisk: boolean,
  struct: OrderStructV1 | OrderStructV2,
  privateKey: Uint8Array,
): OrderSignature {
  const digest = orderDigest(contracts, version, negRisk, struct);
  return { hash: bytesToHex(digest), signature: signOrderDigest(digest, privateKey) };
}

const SIGNATURE = /^0x[0-9a-fA-F]{130}$/;

/**
 * The checksummed address that signed `digest`, or null when the signature is malformed, not
 * recoverable, or has a high s (which the exchange contracts' ECDSA library refuses; every
 * standard signer produces low s). v may be 27/28 or 0/1, as viem accepts.
 */
export function recoverDigestSigner(digest: Uint8Array, signature: string): Hex | null {
  if (typeof signature !== 'string' || !SIGNATURE.test(signature)) return null;
  const r = BigInt(`0x${signature.slice(2, 66)}`);
  const s = BigInt(`0x${signature.slice(66, 130)}`);
  const v = Number.parseInt(signature.slice(130, 132), 16);
  const recovery = v === 27 || v === 28 ? v - 27 : v === 0 || v === 1 ? v : -1;
  if (recovery < 0 || s > HALF_N) return null;
  const point = recoverPublicKey(digest, r, s, recovery);
  return point ? addressOfPoint(point.x, point.y) : null;
}

/** The signer of an order's signature (checksummed), or null; see recoverDigestSigner. */
export function recoverOrderSigner(
  contracts: ExchangeContracts,
  version: 2,
  negRisk: boolean,
  struct: OrderStructV2,
  signature: string,
): Hex | null;
export function recoverOrderSigner(
  contracts: ExchangeContracts,
  version: 1,
  negRisk: boolean,
  struct: OrderStructV1,
  signature: string,
): Hex | null;
export function recoverOrderSigner(
  contracts: ExchangeContracts,
  version: OrderVersion,
  negRisk: boolean,
  struct: OrderStructV1 | OrderStructV2,
  signature: string,
): Hex | null;
export function recoverOrderSigner(
  contracts: ExchangeContracts,
  version: OrderVersion,
  negRisk: boolean,
  struct: OrderStructV1 | OrderStructV2,
  signature: string,
): Hex | null {
  return recoverDigestSigner(orderDigest(contracts, version, negRisk, struct), signature);
}

/** The checksummed address of a private key (one curve multiplication: not per order). */
export function addressOfPrivateKey(privateKey: Uint8Array): Hex {
  const { x, y } = publicKeyOf(privateKey);
  return addressOfPoint(x, y);
}

const pointBytes = new Uint8Array(64);
const ascii = new TextEncoder();

function addressOfPoint(x: bigint, y: bigint): Hex {
  bigintToBytes32(x, pointBytes.subarray(0, 32));
  bigintToBytes32(y, pointBytes.subarray(32, 64));
  const lower = bytesToHex(keccak256(pointBytes).subarray(12)).slice(2);
  return toChecksumAddress(lower);
}

/** EIP-55 checksum of 40 lower-case hex digits. */
function toChecksumAddress(lower: string): Hex {
  const hash = keccak256(ascii.encode(lower));
  let out = '0x';
  for (let i = 0; i < 40; i++) {
    const c = lower[i]!;
    const nibble = (hash[i >> 1]! >> (i & 1 ? 0 : 4)) & 0x0f;
    out += nibble >= 8 ? c.toUpperCase() : c;
  }
  return out as Hex;
}
