/**
 * Reads one `POST /order` body (wire-formats.md "Orders"): `{ order, owner, orderType,
 * postOnly?, deferExec? }`, where `order` has the JSON shape of the schema version the sandbox
 * runs (2 by default, 1 with the `orderVersion` option). Anything that is not that shape is the
 * spec's `Invalid order payload`; the caller decides nothing from a half-read order.
 *
 * Leniency, on purpose: unknown keys are ignored (the reference client sends `taker` with v2
 * orders, undefined and so absent, and newer clients may add fields); `salt`, amounts, the
 * timestamp and the expiration may be JSON numbers or decimal strings, as both occur.
 */
import { getAddress, isAddress, type Hex } from 'viem';
import type { OrderSide, OrderStructV1, OrderStructV2, OrderType, OrderVersion } from '../../shared/orders/orderSchema';
import { MAX_ORDER_AMOUNT, parseUint } from './amounts';

export interface ParsedOrder {
  version: OrderVersion;
  /** Exactly the struct that was signed, for hashing and recovery. */
  message: OrderStructV2 | OrderStructV1;
  maker: Hex;
  signer: Hex;
  tokenId: string;
  makerAmount: bigint;
  takerAmount: bigint;
  side: OrderSide;
  signatureType: 0 | 1 | 2 | 3;
  /** Unix seconds, 0 for none (signed in v1, only sent in v2). */
  expiration: bigint;
  signature: Hex;
  /** The API key the order claims to belong to. */
  owner: string;
  orderType: OrderType;
  postOnly: boolean;
  /** v2: the signed `builder` field, lower-case, when it is not zero (a builder code, see GET /builder/trades). */
  builder?: string;
}

const BYTES32 = /^0x[0-9a-fA-F]{64}$/;
const ZERO_BYTES32 = /^0x0{64}$/;
const HEX = /^0x(?:[0-9a-fA-F]{2})+$/;
const TOKEN_ID = /^(0|[1-9]\d{0,77})$/;
const MAX_UINT256 = (1n << 256n) - 1n;
const ORDER_TYPES: readonly OrderType[] = ['GTC', 'GTD', 'FOK', 'FAK'];

type Fields = Record<string, unknown>;

const isObject = (value: unknown): value is Fields => typeof value === 'object' && value !== null && !Array.isArray(value);

function address(value: unknown): Hex | null {
  return typeof value === 'string' && isAddress(value, { strict: false }) ? getAddress(value.toLowerCase()) : null;
}

function uint256(value: unknown): bigint | null {
  const parsed = parseUint(value);
  return parsed !== null && parsed <= MAX_UINT256 ? parsed : null;
}

function amount(value: unknown): bigint | null {
  const parsed = parseUint(value);
  return parsed !== null && parsed > 0n && parsed <= MAX_ORDER_AMOUNT ? parsed : null;
}

function sideOf(value: unknown): OrderSide | null {
  return value === 'BUY' || value === 'SELL' ? value : null;
}

function signatureTypeOf(value: unknown): 0 | 1 | 2 | 3 | null {
  return value === 0 || value === 1 || value === 2 || value === 3 ? value : null;
}

/** The fields both versions share; null when any is missing or malformed. */
function common(order: Fields) {
  const salt = uint256(order.salt);
  const maker = address(order.maker);
  const signer = address(order.signer);
  const tokenId = typeof order.tokenId === 'string' && TOKEN_ID.test(order.tokenId) ? order.tokenId : null;
  const makerAmount = amount(order.makerAmount);
  const takerAmount = amount(order.takerAmount);
  const side = sideOf(order.side);
  const signatureType = signatureTypeOf(order.signatureType);
  const expiration = order.expiration === undefined ? 0n : uint256(order.expiration);
  const signature = typeof order.signature === 'string' && HEX.test(order.signature) ? (order.signature as Hex) : null;
  if (salt === null || !maker || !signer || tokenId === null || makerAmount === null || takerAmount === null) return null;
  if (!side || signatureType === null || expiration === null || !signature) return null;
  return { salt, maker, signer, tokenId, makerAmount, takerAmount, side, signatureType, expiration, signature };
}

function v2Message(order: Fields, base: NonNullable<ReturnType<typeof common>>): OrderStructV2 | null {
  const timestamp = uint256(order.timestamp);
  const { metadata, builder } = order;
  if (timestamp === null || typeof metadata !== 'string' || !BYTES32.test(metadata) || typeof builder !== 'string' || !BYTES32.test(builder)) return null;
  return {
    salt: base.salt, maker: base.maker, signer: base.signer, tokenId: BigInt(base.tokenId),
    makerAmount: base.makerAmount, takerAmount: base.takerAmount, side: base.side === 'BUY' ? 0 : 1,
    signatureType: base.signatureType, timestamp, metadata: metadata as Hex, builder: builder as Hex,
  };
}

function v1Message(order: Fields, base: NonNullable<ReturnType<typeof common>>): OrderStructV1 | null {
  const taker = address(order.taker);
  const nonce = uint256(order.nonce);
  const feeRateBps = uint256(order.feeRateBps);
  if (!taker || nonce === null || feeRateBps === null || order.expiration === undefined) return null;
  return {
    salt: base.salt, maker: base.maker, signer: base.signer, taker, tokenId: BigInt(base.tokenId),
    makerAmount: base.makerAmount, takerAmount: base.takerAmount, expiration: base.expiration, nonce, feeRateBps,
    side: base.side === 'BUY' ? 0 : 1, signatureType: base.signatureType,
  };
}

export function parseOrderBody(body: unknown, version: OrderVersion): ParsedOrder | null {
  if (!isObject(body) || !isObject(body.order)) return null;
  const { owner, orderType, postOnly = false, deferExec = false } = body;
  if (typeof owner !== 'string' || owner === '' || !ORDER_TYPES.includes(orderType as OrderType)) return null;
  if (typeof postOnly !== 'boolean' || typeof deferExec !== 'boolean') return null;
  // Post-only is a resting-order flag: GTC and GTD only (wire-formats.md).
  if (postOnly && (orderType === 'FOK' || orderType === 'FAK')) return null;
  const base = common(body.order);
  if (!base) return null;
  const message = version === 2 ? v2Message(body.order, base) : v1Message(body.order, base);
  if (!message) return null;
  const builder = 'builder' in message && !ZERO_BYTES32.test(message.builder) ? message.builder.toLowerCase() : undefined;
  return {
    version, message, maker: base.maker, signer: base.signer, tokenId: base.tokenId,
    makerAmount: base.makerAmount, takerAmount: base.takerAmount, side: base.side,
    signatureType: base.signatureType, expiration: base.expiration, signature: base.signature,
    owner, orderType: orderType as OrderType, postOnly, ...(builder ? { builder } : {}),
  };
}
