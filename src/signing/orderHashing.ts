/**
 * EIP-712 hashes of orders (v2 and legacy v1, wire-formats.md "Orders (EIP-712)") without a
 * generic typed-data walk: the type hashes are computed once, each domain separator once per
 * (name, version, chainId, verifying contract), and a struct is written field by field into a
 * fixed-layout buffer (one 32-byte word per field, in type order) and hashed. The result equals
 * viem's `hashTypedData` with the types of orderSchema.ts (checked on random orders in
 * test/unit/orders/orderHashing.test.ts).
 */
import type { Hex } from 'viem';
import { keccak256, keccak256Into } from './keccak';
import { bytesToHex, writeHexBytes } from './hex';
import { bigintToBytes32 } from './bytes32';
import {
  ZERO_BYTES32,
  orderDomain,
  orderTypesV1,
  orderTypesV2,
  type ExchangeContracts,
  type OrderStructV1,
  type OrderStructV2,
  type OrderVersion,
} from '../shared/orders/orderSchema';

type Fields = readonly { readonly name: string; readonly type: string }[];
const typeString = (fields: Fields): string => `Order(${fields.map((f) => `${f.type} ${f.name}`).join(',')})`;

/** The EIP-712 type strings, derived from orderSchema.ts so the two cannot drift apart. */
export const ORDER_TYPE_STRING_V2 = typeString(orderTypesV2.Order);
export const ORDER_TYPE_STRING_V1 = typeString(orderTypesV1.Order);
const DOMAIN_TYPE_STRING = 'EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)';

const utf8 = new TextEncoder();
const TYPE_HASH_V2 = keccak256(utf8.encode(ORDER_TYPE_STRING_V2));
const TYPE_HASH_V1 = keccak256(utf8.encode(ORDER_TYPE_STRING_V1));
const DOMAIN_TYPE_HASH = keccak256(utf8.encode(DOMAIN_TYPE_STRING));

export function orderTypeHash(version: OrderVersion): Hex {
  return bytesToHex(version === 2 ? TYPE_HASH_V2 : TYPE_HASH_V1);
}

const MAX_UINT256 = (1n << 256n) - 1n;

/** The struct buffers: word 0 is the type hash, then one word per field. Reused (synchronous). */
const structV2 = new Uint8Array(32 * 12);
const structV1 = new Uint8Array(32 * 13);
structV2.set(TYPE_HASH_V2, 0);
structV1.set(TYPE_HASH_V1, 0);
const viewV2 = new DataView(structV2.buffer);
const viewV1 = new DataView(structV1.buffer);
/** 0x19 0x01 ‖ domain separator ‖ struct hash. */
const digestInput = new Uint8Array(66);
digestInput[0] = 0x19;
digestInput[1] = 0x01;

function putUint256(buf: Uint8Array, view: DataView, offset: number, value: unknown, what: string): void {
  if (typeof value !== 'bigint' || value < 0n || value > MAX_UINT256) {
    throw new Error(`order ${what} must be a uint256 bigint`);
  }
  if (value <= 0xffffffffffffffffn) {
    buf.fill(0, offset, offset + 24);
    view.setBigUint64(offset + 24, value);
  } else {
    bigintToBytes32(value, buf.subarray(offset, offset + 32));
  }
}

function putUint8(buf: Uint8Array, offset: number, value: unknown, what: string): void {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > 255) {
    throw new Error(`order ${what} must be an integer 0–255`);
  }
  buf.fill(0, offset, offset + 31);
  buf[offset + 31] = value;
}

function putAddress(buf: Uint8Array, offset: number, value: unknown, what: string): void {
  buf.fill(0, offset, offset + 12);
  writeHexBytes(buf, offset + 12, value, 20, `order ${what}`);
}

function putBytes32(buf: Uint8Array, offset: number, value: unknown, what: string): void {
  // Metadata and builder are zero on almost every order: no need to decode 64 digits.
  if (value === ZERO_BYTES32) buf.fill(0, offset, offset + 32);
  else writeHexBytes(buf, offset, value, 32, `order ${what}`);
}

function encodeV2(s: OrderStructV2): Uint8Array {
  const b = structV2;
  const v = viewV2;
  putUint256(b, v, 32, s.salt, 'salt');
  putAddress(b, 64, s.maker, 'maker');
  putAddress(b, 96, s.signer, 'signer');
  putUint256(b, v, 128, s.tokenId, 'tokenId');
  putUint256(b, v, 160, s.makerAmount, 'makerAmount');
  putUint256(b, v, 192, s.takerAmount, 'takerAmount');
  putUint8(b, 224, s.side, 'side');
  putUint8(b, 256, s.signatureType, 'signatureType');
  putUint256(b, v, 288, s.timestamp, 'timestamp');
  putBytes32(b, 320, s.metadata, 'metadata');
  putBytes32(b, 352, s.builder, 'builder');
  return b;
}

function encodeV1(s: OrderStructV1): Uint8Array {
  const b = structV1;
  const v = viewV1;
  putUint256(b, v, 32, s.salt, 'salt');
  putAddress(b, 64, s.maker, 'maker');
  putAddress(b, 96, s.signer, 'signer');
  putAddress(b, 128, s.taker, 'taker');
  putUint256(b, v, 160, s.tokenId, 'tokenId');
  putUint256(b, v, 192, s.makerAmount, 'makerAmount');
  putUint256(b, v, 224, s.takerAmount, 'takerAmount');
  putUint256(b, v, 256, s.expiration, 'expiration');
  putUint256(b, v, 288, s.nonce, 'nonce');
  putUint256(b, v, 320, s.feeRateBps, 'feeRateBps');
  putUint8(b, 352, s.side, 'side');
  putUint8(b, 384, s.signatureType, 'signatureType');
  return b;
}

interface CachedSeparator {
  name: string;
  chainId: number;
  verifyingContract: string;
  separator: Uint8Array;
}

/**
 * Separators per contracts object, one slot per version × neg-risk, with the fields each came
 * from: a hit is an identity lookup and three comparisons (building a string key cost about a
 * microsecond an order), and a contracts object changed in place misses instead of signing for
 * the old exchange.
 */
const separators = new WeakMap<ExchangeContracts, (CachedSeparator | undefined)[]>();

function domainSeparatorBytes(contracts: ExchangeContracts, version: OrderVersion, negRisk: boolean): Uint8Array {
  const domain = orderDomain(contracts, version, negRisk);
  let slots = separators.get(contracts);
  if (!slots) separators.set(contracts, (slots = []));
  const slot = (version - 1) * 2 + (negRisk ? 1 : 0);
  const cached = slots[slot];
  if (cached && cached.name === domain.name && cached.chainId === domain.chainId && cached.verifyingContract === domain.verifyingContract) {
    return cached.separator;
  }
  if (!Number.isSafeInteger(domain.chainId) || domain.chainId <= 0) throw new Error('chainId must be a positive integer');
  const words = new Uint8Array(32 * 5);
  words.set(DOMAIN_TYPE_HASH, 0);
  words.set(keccak256(utf8.encode(domain.name)), 32);
  words.set(keccak256(utf8.encode(domain.version)), 64);
  new DataView(words.buffer).setBigUint64(96 + 24, BigInt(domain.chainId));
  writeHexBytes(words, 128 + 12, domain.verifyingContract, 20, 'verifying contract');
  const separator = keccak256(words);
  slots[slot] = { name: domain.name, chainId: domain.chainId, verifyingContract: domain.verifyingContract, separator };
  return separator;
}

/** The EIP-712 domain separator of the exchange that verifies these orders. */
export function orderDomainSeparator(contracts: ExchangeContracts, version: OrderVersion, negRisk: boolean): Hex {
  return bytesToHex(domainSeparatorBytes(contracts, version, negRisk));
}

/** hashStruct(order) of EIP-712. */
export function hashOrderStruct(version: 2, struct: OrderStructV2): Hex;
export function hashOrderStruct(version: 1, struct: OrderStructV1): Hex;
export function hashOrderStruct(version: OrderVersion, struct: OrderStructV1 | OrderStructV2): Hex;
export function hashOrderStruct(version: OrderVersion, struct: OrderStructV1 | OrderStructV2): Hex {
  const encoded = version === 2 ? encodeV2(struct as OrderStructV2) : encodeV1(struct as OrderStructV1);
  return bytesToHex(keccak256(encoded));
}

/**
 * The 32-byte EIP-712 digest that is signed (a new array each call):
 * keccak256(0x1901 ‖ domainSeparator ‖ hashStruct(order)).
 */
export function orderDigest(contracts: ExchangeContracts, version: 2, negRisk: boolean, struct: OrderStructV2): Uint8Array;
export function orderDigest(contracts: ExchangeContracts, version: 1, negRisk: boolean, struct: OrderStructV1): Uint8Array;
export function orderDigest(
  contracts: ExchangeContracts,
  version: OrderVersion,
  negRisk: boolean,
  struct: OrderStructV1 | OrderStructV2,
): Uint8Array;
export function orderDigest(
  contracts: ExchangeContracts,
  version: OrderVersion,
  negRisk: boolean,
  struct: OrderStructV1 | OrderStructV2,
): Uint8Array {
  if (version !== 1 && version !== 2) throw new Error(`unsupported order version ${String(version)}`);
  const separator = domainSeparatorBytes(contracts, version, negRisk);
  const encoded = version === 2 ? encodeV2(struct as OrderStructV2) : encodeV1(struct as OrderStructV1);
  digestInput.set(separator, 2);
  keccak256Into(encoded, digestInput, 34);
  return keccak256(digestInput);
}

/** The order hash as viem's `hashTypedData` returns it (0x + 64 hex digits). */
export function hashOrder(contracts: ExchangeContracts, version: 2, negRisk: boolean, struct: OrderStructV2): Hex;
export function hashOrder(contracts: ExchangeContracts, version: 1, negRisk: boolean, struct: OrderStructV1): Hex;
export function hashOrder(
  contracts: ExchangeContracts,
  version: OrderVersion,
  negRisk: boolean,
  struct: OrderStructV1 | OrderStructV2,
): Hex;
export function hashOrder(
  contracts: ExchangeContracts,
  version: OrderVersion,
  negRisk: boolean,
  struct: OrderStructV1 | OrderStructV2,
): Hex {
  return bytesToHex(orderDigest(contracts, version, negRisk, struct));
}
