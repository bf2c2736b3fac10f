/**
 * The signed order of the order-book service (wire-formats.md, "Orders (EIP-712)"): version 2
 * is current, version 1 is the legacy schema a server may still report on `GET /version`.
 * Client and sandbox both import this file, so what one signs the other verifies.
 */
import type { Hex } from 'viem';

export type OrderVersion = 1 | 2;
export type OrderSide = 'BUY' | 'SELL';
export type OrderType = 'GTC' | 'GTD' | 'FOK' | 'FAK';

/** Signature types: EOA 0, proxy 1, safe 2, deposit wallet (ERC-1271) 3. */
export const SIGNATURE_TYPE_CODES = { EOA: 0, PROXY: 1, SAFE: 2, DEPOSIT_WALLET: 3 } as const;
export const SIDE_CODES = { BUY: 0, SELL: 1 } as const;

export const ZERO_BYTES32 = `0x${'0'.repeat(64)}` as Hex;
export const ZERO_ADDRESS = `0x${'0'.repeat(40)}` as Hex;

/** What a network profile says about the exchange contracts (configuration, not constants in code). */
export interface ExchangeContracts {
  chainId: number;
  /** Version-2 exchanges (the current order schema). */
  exchange: Hex;
  negRiskExchange: Hex;
  /** Version-1 exchanges, for servers that still answer `GET /version` with 1. */
  exchangeV1: Hex;
  negRiskExchangeV1: Hex;
  /** EIP-712 domain name; "Polymarket CTF Exchange" on the public deployments. */
  domainName: string;
}

/** Public chain-137 values from wire-formats.md; the sandbox uses them so any client's orders verify. */
export const PUBLIC_CHAIN_137_CONTRACTS: ExchangeContracts = {
  chainId: 137,
  exchange: '0xE111180000d2663C0091e4f400237545B87B996B',
  negRiskExchange: '0xe2222d279d744050d28e00520010520000310F59',
  // The legacy chain-137 exchanges the reference client signs version-1 orders for.
  exchangeV1: '0x4bFb41d5B3570DeFd03C39a9A4D8dE6Bd8B8982E',
  negRiskExchangeV1: '0xC5d563A36AE78145C45a50134d48A1215220f80a',
  domainName: 'Polymarket CTF Exchange',
};

export const orderTypesV2 = {
  Order: [
    { name: 'salt', type: 'uint256' },
    { name: 'maker', type: 'address' },
    { name: 'signer', type: 'address' },
    { name: 'tokenId', type: 'uint256' },
    { name: 'makerAmount', type: 'uint256' },
    { name: 'takerAmount', type: 'uint256' },
    { name: 'side', type: 'uint8' },
    { name: 'signatureType', type: 'uint8' },
    { name: 'timestamp', type: 'uint256' },
    { name: 'metadata', type: 'bytes32' },
    { name: 'builder', type: 'bytes32' },
  ],
} as const;

export const orderTypesV1 = {
  Order: [
    { name: 'salt', type: 'uint256' },
    { name: 'maker', type: 'address' },
    { name: 'signer', type: 'address' },
    { name: 'taker', type: 'address' },
    { name: 'tokenId', type: 'uint256' },
    { name: 'makerAmount', type: 'uint256' },
    { name: 'takerAmount', type: 'uint256' },
    { name: 'expiration', type: 'uint256' },
    { name: 'nonce', type: 'uint256' },
    { name: 'feeRateBps', type: 'uint256' },
    { name: 'side', type: 'uint8' },
    { name: 'signatureType', type: 'uint8' },
  ],
} as const;

/** The struct that is signed, with amounts as exact integers in base units (6 decimals). */
export interface OrderStructV2 {
  salt: bigint;
  maker: Hex;
  signer: Hex;
  tokenId: bigint;
  makerAmount: bigint;
  takerAmount: bigint;
  side: 0 | 1;
  signatureType: 0 | 1 | 2 | 3;
  /** Milliseconds. */
  timestamp: bigint;
  metadata: Hex;
  builder: Hex;
}

export interface OrderStructV1 {
  salt: bigint;
  maker: Hex;
  signer: Hex;
  taker: Hex;
  tokenId: bigint;
  makerAmount: bigint;
  takerAmount: bigint;
  expiration: bigint;
  nonce: bigint;
  feeRateBps: bigint;
  side: 0 | 1;
  signatureType: 0 | 1 | 2 | 3;
}

export function orderDomain(contracts: ExchangeContracts, version: OrderVersion, negRisk: boolean) {
  return {
    name: contracts.domainName,
    version: String(version),
    chainId: contracts.chainId,
    verifyingContract:
      version === 1
        ? negRisk
          ? contracts.negRiskExchangeV1
          : contracts.exchangeV1
        : negRisk
          ? contracts.negRiskExchange
          : contracts.exchange,
  } as const;
}

/**
 * The JSON order inside `POST /order` (version 2): `salt` is a JSON number, amounts and ids are
 * decimal strings, `side` is "BUY"/"SELL", `expiration` is sent (unix seconds, "0" for none) but
 * not signed.
 */
export interface OrderJsonV2 {
  salt: number;
  maker: Hex;
  signer: Hex;
  tokenId: string;
  makerAmount: string;
  takerAmount: string;
  side: OrderSide;
  signatureType: number;
  timestamp: string;
  metadata: Hex;
  builder: Hex;
  expiration: string;
  signature: Hex;
}

export interface PostOrderBody {
  order: OrderJsonV2;
  /** The API key of the credentials that sign the request. */
  owner: string;
  orderType: OrderType;
  postOnly?: boolean;
  deferExec?: boolean;
}

/** Per-order answer of `POST /order` and each element of the `POST /orders` array. */
export interface PostOrderResponse {
  success: boolean;
  errorMsg: string;
  orderID: string;
  status: 'live' | 'matched' | 'delayed' | 'unmatched' | '';
  makingAmount: string;
  takingAmount: string;
  tradeIDs?: string[];
  transactionsHashes?: string[];
}

export const MAX_ORDERS_PER_BATCH = 15;
export const MAX_CANCELS_PER_BATCH = 3000;
/** Amounts are 6-decimal base units on both sides. */
export const AMOUNT_DECIMALS = 6;
