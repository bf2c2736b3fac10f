/**
 * From what the order ticket knows (price, size or USD amount, tick size, account) to a signed
 * order and the exact `POST /order` body, for order schema v2 (current) or v1 (legacy).
 */
import type { Hex } from 'viem';
import type { TickSize } from '../shared/protocol/clob';
import { limitOrderAmounts, marketBuyAmounts, OrderAmountError, type OrderAmounts } from '../shared/orders/orderAmounts';
import { bytesToHex } from './hex';
import { orderDigest } from './orderHashing';
import { signOrderDigest } from './orderSigning';
import {
  MAX_ORDERS_PER_BATCH,
  SIDE_CODES,
  ZERO_ADDRESS,
  ZERO_BYTES32,
  type ExchangeContracts,
  type OrderJsonV2,
  type OrderSide,
  type OrderStructV1,
  type OrderStructV2,
  type OrderType,
  type OrderVersion,
} from '../shared/orders/orderSchema';

export type SignatureTypeCode = 0 | 1 | 2 | 3;

export interface BuildOrderInput {
  version: OrderVersion;
  contracts: ExchangeContracts;
  negRisk: boolean;
  tickSize: TickSize;
  /** The outcome token id (uint256) as a decimal string. */
  tokenId: string;
  side: OrderSide;
  /** Limit price, or the worst price of a market order; must lie on the tick. */
  price: string;
  /** Shares (limit orders, market SELL); rounded down to 2 decimals. Exactly one of size/amount. */
  size?: string;
  /** USD to spend (market BUY only); rounded down to 2 decimals. */
  amount?: string;
  orderType: OrderType;
  /** The funder (proxy, safe or deposit wallet), or the signer when there is none. */
  maker: Hex;
  /** The EOA whose key signs. */
  signer: Hex;
  signatureType: SignatureTypeCode;
  /** Unix seconds; GTD orders need one, 0/absent for none. Sent in the JSON, signed only in v1. */
  expiration?: number;
  /** Random safe integer when absent (the JSON carries it as a number). */
  salt?: bigint;
  /** v2 only: milliseconds, Date.now() when absent. */
  timestampMs?: bigint;
  /** v2 only: 32 bytes, zero when absent. */
  metadata?: Hex;
  /** v2 only: builder code, 32 bytes, zero when absent. */
  builder?: Hex;
  /** v1 only, default 0. */
  feeRateBps?: bigint;
  /** v1 only, default 0. */
  nonce?: bigint;
  /** The signer's private key (32 bytes). Not retained. */
  privateKey: Uint8Array;
}

/** The `order` object of a v1 `POST /order` body (legacy schema). */
export interface OrderJsonV1 {
  salt: number;
  maker: Hex;
  signer: Hex;
  taker: Hex;
  tokenId: string;
  makerAmount: string;
  takerAmount: string;
  expiration: string;
  nonce: string;
  feeRateBps: string;
  side: OrderSide;
  signatureType: number;
  signature: Hex;
}

export interface SignedOrderV2 {
  version: 2;
  struct: OrderStructV2;
  /** EIP-712 hash of the order. */
  hash: Hex;
  signature: Hex;
  json: OrderJsonV2;
}

export interface SignedOrderV1 {
  version: 1;
  struct: OrderStructV1;
  hash: Hex;
  signature: Hex;
  json: OrderJsonV1;
}

export type SignedOrder = SignedOrderV1 | SignedOrderV2;

const MAX_UINT256 = (1n << 256n) - 1n;
const UINT = /^\d{1,78}$/;

/** Builds, hashes and signs one order. Throws (OrderAmountError for amount problems) on bad input. */
export function buildSignedOrder(input: BuildOrderInput & { version: 2 }): SignedOrderV2;
export function buildSignedOrder(input: BuildOrderInput & { version: 1 }): SignedOrderV1;
export function buildSignedOrder(input: BuildOrderInput): SignedOrder;
export function buildSignedOrder(input: BuildOrderInput): SignedOrder {
  const { makerAmount, takerAmount } = amountsOf(input);
  const { value: tokenId, decimal: tokenIdDecimal } = parseTokenId(input.tokenId);
  const side = SIDE_CODES[input.side];
  if (side === undefined) throw new Error(`unknown side ${String(input.side)}`);
  const signatureType = input.signatureType;
  if (signatureType !== 0 && signatureType !== 1 && signatureType !== 2 && signatureType !== 3) {
    throw new Error(`unknown signature type ${String(signatureType)}`);
  }
  const expiration = input.expiration ?? 0;
  if (!Number.isSafeInteger(expiration) || expiration < 0) throw new Error('expiration must be unix seconds (integer ≥ 0)');
  if (input.orderType === 'GTD' && expiration === 0) throw new Error('a GTD order needs an expiration');
  const salt = input.salt ?? randomSalt();
  if (salt < 0n || salt > BigInt(Number.MAX_SAFE_INTEGER)) throw new Error('salt must be a safe integer (it is sent as a JSON number)');

  if (input.version === 2) {
    const struct: OrderStructV2 = {
      salt,
      maker: input.maker,
      signer: input.signer,
      tokenId,
      makerAmount,
      takerAmount,
      side,
      signatureType,
      timestamp: input.timestampMs ?? BigInt(Date.now()),
      metadata: input.metadata ?? ZERO_BYTES32,
      builder: input.builder ?? ZERO_BYTES32,
    };
    const digest = orderDigest(input.contracts, 2, input.negRisk, struct);
    const signature = signOrderDigest(digest, input.privateKey);
    const json: OrderJsonV2 = {
      salt: Number(salt),
      maker: struct.maker,
      signer: struct.signer,
      tokenId: tokenIdDecimal,
      makerAmount: makerAmount.toString(),
      takerAmount: takerAmount.toString(),
      side: input.side,
      signatureType,
      timestamp: struct.timestamp.toString(),
      metadata: struct.metadata,
      builder: struct.builder,
      expiration: String(expiration),
      signature,
    };
    return { version: 2, struct, hash: bytesToHex(digest), signature, json };
  }
  if (input.version === 1) {
    if (signatureType === 3) throw new Error('signature type 3 (deposit wallet) does not exist in order schema v1');
    const struct: OrderStructV1 = {
      salt,
      maker: input.maker,
      signer: input.signer,
      taker: ZERO_ADDRESS,
      tokenId,
      makerAmount,
      takerAmount,
      expiration: BigInt(expiration),
      nonce: input.nonce ?? 0n,
      feeRateBps: input.feeRateBps ?? 0n,
      side,
      signatureType,
    };
    const digest = orderDigest(input.contracts, 1, input.negRisk, struct);
    const signature = signOrderDigest(digest, input.privateKey);
    const json: OrderJsonV1 = {
      salt: Number(salt),
      maker: struct.maker,
      signer: struct.signer,
      taker: struct.taker,
      tokenId: tokenIdDecimal,
      makerAmount: makerAmount.toString(),
      takerAmount: takerAmount.toString(),
      expiration: String(expiration),
      nonce: struct.nonce.toString(),
      feeRateBps: struct.feeRateBps.toString(),
      side: input.side,
      signatureType,
      signature,
    };
    return { version: 1, struct, hash: bytesToHex(digest), signature, json };
  }
  throw new Error(`unsupported order version ${String(input.version)}`);
}

/** Size → limit amounts (market SELL included: the same numbers); amount → market BUY. */
function amountsOf(input: BuildOrderInput): OrderAmounts {
  const hasSize = input.size !== undefined;
  const hasAmount = input.amount !== undefined;
  if (hasSize === hasAmount) throw new OrderAmountError('give exactly one of size (shares) and amount (USD)');
  if (hasAmount) {
    if (input.side !== 'BUY') throw new OrderAmountError('a SELL order takes a size in shares, not a USD amount');
    return marketBuyAmounts(input.amount!, input.price, input.tickSize);
  }
  return limitOrderAmounts(input.side, input.price, input.size!, input.tickSize);
}

/** The token id as a uint256 and as the JSON's decimal (the text itself unless it has leading zeros: no bigint printing per order). */
function parseTokenId(text: string): { value: bigint; decimal: string } {
  if (typeof text !== 'string' || !UINT.test(text)) throw new Error('tokenId must be a decimal integer string');
  const value = BigInt(text);
  if (value > MAX_UINT256) throw new Error('tokenId does not fit in uint256');
  return { value, decimal: text.length > 1 && text.startsWith('0') ? value.toString() : text };
}

/** Random 53-bit salts from a pooled crypto.getRandomValues (one call per 256 orders). */
const saltPool = new Uint32Array(512);
let saltIndex = saltPool.length;

function randomSalt(): bigint {
  if (saltIndex >= saltPool.length) {
    globalThis.crypto.getRandomValues(saltPool);
    saltIndex = 0;
  }
  const high = saltPool[saltIndex++]! & 0x1fffff;
  const low = saltPool[saltIndex++]!;
  return BigInt(high * 0x100000000 + low);
}

/** One entry of a `POST /order` / `POST /orders` body. */
export interface PostOrderEntry {
  json: OrderJsonV2 | OrderJsonV1;
  orderType: OrderType;
  postOnly?: boolean;
}

function postOrderObject(entry: PostOrderEntry, owner: string): Record<string, unknown> {
  if (typeof owner !== 'string' || owner === '') throw new Error('the owner API key is missing');
  if (entry.postOnly === true && entry.orderType !== 'GTC' && entry.orderType !== 'GTD') {
    throw new Error('post-only is only for GTC and GTD orders');
  }
  const body: Record<string, unknown> = { order: entry.json, owner, orderType: entry.orderType };
  if (entry.postOnly !== undefined) body.postOnly = entry.postOnly;
  return body;
}

/**
 * The exact `POST /order` body: serialize once, HMAC these bytes (L2 headers), send these bytes.
 */
export function toPostOrderBody(
  json: OrderJsonV2 | OrderJsonV1,
  ownerApiKey: string,
  orderType: OrderType,
  postOnly?: boolean,
): string {
  return JSON.stringify(postOrderObject({ json, orderType, postOnly }, ownerApiKey));
}

/** The exact `POST /orders` body (1 to 15 orders). */
export function toPostOrdersBody(entries: readonly PostOrderEntry[], ownerApiKey: string): string {
  if (entries.length === 0 || entries.length > MAX_ORDERS_PER_BATCH) {
    throw new Error(`a batch holds 1 to ${MAX_ORDERS_PER_BATCH} orders, not ${entries.length}`);
  }
  return JSON.stringify(entries.map((entry) => postOrderObject(entry, ownerApiKey)));
}
