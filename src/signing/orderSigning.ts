/**
 * Signing and verifying order digests. The client signs with the account's private key as bytes
 * (never a hex string); the sandbox recovers the signer of every posted order. The signature is
 * the 65-byte r ‖ s ‖ v (v = 27/28) that viem's `signTypedData` produces, byte for byte.
 *
 * The curve arithmetic is libsecp256k1 (Bitcoin Core's constant-time library) through
 * tiny-secp256k1's WebAssembly build: `signRecoverable` signs with the RFC 6979 nonce and a
 * low s (what viem/noble do too, so the bytes are equal: test/unit/orders/differential.test.ts),
 * `recover` recovers. What stays ours is encoding: hex, v, EIP-55 checksums.
 *
 * Call `warmOrderSigning()` at app start (core and sandbox): it creates libsecp256k1's context
 * (and its blinding) so the first order does not pay for it.
 */
import { __initializeContext, isPrivate, pointFromScalar, recover, signRecoverable } from 'tiny-secp256k1';
import type { Hex } from 'viem';
import { keccak256 } from './keccak';
import { bytesToHex, hexToBytes } from './hex';
import { orderDigest } from './orderHashing';
import type { ExchangeContracts, OrderStructV1, OrderStructV2, OrderVersion } from '../shared/orders/orderSchema';

/**
 * n/2 of secp256k1, big-endian: the exchange contracts' ECDSA library refuses s above it (a
 * curve parameter, not arithmetic).
 */
const HALF_N = hexToBytes('0x7fffffffffffffffffffffffffffffff5d576e7357a4501ddfe92f46681b20a0', 32, 'n/2');

/** Creates libsecp256k1's signing context once (a few ms), off the first order's path. */
export function warmOrderSigning(): void {
  __initializeContext();
}

/** Signs a 32-byte digest: `0x` ‖ r (32) ‖ s (32) ‖ v (27 or 28), low-s, RFC 6979. */
export function signOrderDigest(digest: Uint8Array, privateKey: Uint8Array): Hex {
  if (!(digest instanceof Uint8Array) || digest.length !== 32) throw new Error('the digest to sign must be 32 bytes');
  assertPrivateKey(privateKey);
  const { signature, recoveryId } = signRecoverable(digest, privateKey);
  // Ids 2 and 3 mean r overflowed the group order (probability ~2^-127); v cannot say that.
  if (recoveryId > 1) throw new Error('this digest has no Ethereum-encodable signature under this key');
  return `${bytesToHex(signature)}${recoveryId === 1 ? '1c' : '1b'}` as Hex;
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

/** a > b for two big-endian byte strings of the same length. */
function greaterThan(a: Uint8Array, b: Uint8Array): boolean {
  for (let i = 0; i < b.length; i++) if (a[i] !== b[i]) return a[i]! > b[i]!;
  return false;
}

/** A signature taken apart for recovery: r ‖ s (64 bytes, a fresh array) and the recovery id. */
export interface RecoverableSignature {
  rs: Uint8Array;
  recovery: 0 | 1;
}

/**
 * Parses `0x` ‖ r ‖ s ‖ v; null when malformed, when v is not 27 or 28, or when s is high. Both
 * rules are the exchange contracts' ECDSA library's: it refuses v = 0/1 (which viem would accept)
 * and high s, so a sandbox that took them would pass orders the real exchange refuses. Standard
 * signers, ours and the reference clients', always produce v 27/28 and low s.
 */
export function parseRecoverableSignature(signature: string): RecoverableSignature | null {
  if (typeof signature !== 'string' || !SIGNATURE.test(signature)) return null;
  const rs = hexToBytes(signature.slice(0, 130), 64, 'signature');
  const v = Number.parseInt(signature.slice(130, 132), 16);
  const recovery = v === 27 || v === 28 ? v - 27 : -1;
  if (recovery < 0 || greaterThan(rs.subarray(32), HALF_N)) return null;
  return { rs, recovery: recovery as 0 | 1 };
}

/** libsecp256k1's recovery: the uncompressed public key (0x04 ‖ x ‖ y), or null when there is none. */
export function recoverPublicKey(digest: Uint8Array, { rs, recovery }: RecoverableSignature): Uint8Array | null {
  try {
    // Throws on r or s zero or ≥ n and on an r that is no x coordinate of the curve.
    return recover(digest, rs, recovery, false);
  } catch {
    return null;
  }
}

/** 0x + the last 20 bytes of keccak256(x ‖ y), lower case, from an uncompressed public key. */
export function addressOfPublicKey(point: Uint8Array): string {
  if (point.length !== 65 || point[0] !== 4) throw new Error('expected an uncompressed public key (65 bytes, 0x04 first)');
  return bytesToHex(keccak256(point.subarray(1, 65)).subarray(12));
}

/**
 * The lower-case address that signed `digest` (40 hex digits after 0x), or null; see
 * recoverDigestSigner. The sandbox compares addresses in lower case, so it skips the checksum.
 */
export function recoverDigestAddress(digest: Uint8Array, signature: string): string | null {
  const parsed = parseRecoverableSignature(signature);
  const point = parsed && recoverPublicKey(digest, parsed);
  return point ? addressOfPublicKey(point) : null;
}

/**
 * The checksummed address that signed `digest`, or null when the signature is malformed, not
 * recoverable, or has a high s (which the exchange contracts' ECDSA library refuses; every
 * standard signer produces low s). v may be 27/28 or 0/1, as viem accepts.
 */
export function recoverDigestSigner(digest: Uint8Array, signature: string): Hex | null {
  const lower = recoverDigestAddress(digest, signature);
  return lower === null ? null : toChecksumAddress(lower.slice(2));
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

/** Library errors are terse ("Expected Private"): name the problem before calling it. */
function assertPrivateKey(privateKey: Uint8Array): void {
  if (!(privateKey instanceof Uint8Array) || privateKey.length !== 32) throw new Error('the private key must be 32 bytes');
  if (!isPrivate(privateKey)) throw new Error('the private key is out of range (zero, or not below the curve order)');
}

/** The checksummed address of a private key (one curve multiplication: not per order). */
export function addressOfPrivateKey(privateKey: Uint8Array): Hex {
  assertPrivateKey(privateKey);
  const point = pointFromScalar(privateKey, false);
  if (!point) throw new Error('not a valid secp256k1 private key');
  return toChecksumAddress(addressOfPublicKey(point).slice(2));
}

const ascii = new TextEncoder();

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
