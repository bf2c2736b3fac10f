/** Vectors of wire-formats.md and seeded random orders shared by the order tests. */
import { getAddress, type Hex } from 'viem';
import {
  PUBLIC_CHAIN_137_CONTRACTS,
  ZERO_ADDRESS,
  ZERO_BYTES32,
  type ExchangeContracts,
  type OrderStructV1,
  type OrderStructV2,
} from '../../../src/shared/orders/orderSchema';

export const VECTOR_KEY_HEX: Hex = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
export const VECTOR_ADDRESS: Hex = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

export const VECTOR_V2: OrderStructV2 = {
  salt: 479249096354n,
  maker: VECTOR_ADDRESS,
  signer: VECTOR_ADDRESS,
  tokenId: 1234n,
  makerAmount: 100000000n,
  takerAmount: 50000000n,
  side: 0,
  signatureType: 0,
  timestamp: 1780449126930n,
  metadata: ZERO_BYTES32,
  builder: ZERO_BYTES32,
};
export const VECTOR_V2_HASH: Hex = '0xf69f17dcabb49e64a79a669ea5336cd3ce518c083c821664f295c62e39baedec';
export const VECTOR_V2_SIGNATURE: Hex =
  '0x745070770d383e6f4e6431858070edacbea294ed0e2b16f147127edafc51b59a6e788aaeda02cce5989ee10cc983a4045313e1ec7075c5a5b84f6212b097d36a1b';

/** Amoy (80002): the v1 exchange is the vector's; the others are the reference client's config. */
export const AMOY_V1_CONTRACTS: ExchangeContracts = {
  chainId: 80002,
  exchange: '0xE111180000d2663C0091e4f400237545B87B996B',
  negRiskExchange: '0xe2222d279d744050d28e00520010520000310F59',
  exchangeV1: '0xdFE02Eb6733538f8Ea35D585af8DE5958AD99E40',
  negRiskExchangeV1: '0xC5d563A36AE78145C45a50134d48A1215220f80a',
  domainName: 'Polymarket CTF Exchange',
};
export const VECTOR_V1: OrderStructV1 = {
  salt: 479249096354n,
  maker: VECTOR_ADDRESS,
  signer: VECTOR_ADDRESS,
  taker: ZERO_ADDRESS,
  tokenId: 1234n,
  makerAmount: 100000000n,
  takerAmount: 50000000n,
  expiration: 0n,
  nonce: 0n,
  feeRateBps: 100n,
  side: 0,
  signatureType: 0,
};
export const VECTOR_V1_HASH: Hex = '0x02ca1d1aa31103804173ad1acd70066cb6c1258a4be6dada055111f9a7ea4e55';

export { PUBLIC_CHAIN_137_CONTRACTS };

/** Deterministic PRNG (mulberry32). */
export function seeded(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (max: number) => Math.floor(next() * max);
  const bytes = (n: number) => Uint8Array.from({ length: n }, () => int(256));
  const hex = (n: number) => `0x${Array.from(bytes(n), (b) => b.toString(16).padStart(2, '0')).join('')}` as Hex;
  /** A uint of up to `bits` bits, with the sizes that matter (0, small, 64-bit edge, full) over-represented. */
  const uint = (bits: number): bigint => {
    const pick = int(6);
    if (pick === 0) return 0n;
    if (pick === 1) return BigInt(int(1_000_000));
    if (pick === 2) return (1n << 64n) - 1n + BigInt(int(3));
    if (pick === 3) return (1n << BigInt(bits)) - 1n;
    return BigInt(hex(Math.ceil(bits / 8))) & ((1n << BigInt(bits)) - 1n);
  };
  const address = () => (int(2) ? getAddress(hex(20)) : hex(20));
  const privateKey = () => {
    for (;;) {
      const key = bytes(32);
      const d = BigInt(`0x${Buffer.from(key).toString('hex')}`);
      if (d > 0n && d < 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n) return key;
    }
  };
  return { next, int, bytes, hex, uint, address, privateKey };
}

export type Random = ReturnType<typeof seeded>;

export function randomStructV2(r: Random, signer: Hex): OrderStructV2 {
  return {
    salt: r.uint(53),
    maker: r.int(3) === 0 ? signer : r.address(),
    signer,
    tokenId: r.uint(256),
    makerAmount: r.uint(128),
    takerAmount: r.uint(128),
    side: r.int(2) as 0 | 1,
    signatureType: r.int(4) as 0 | 1 | 2 | 3,
    timestamp: BigInt(1_700_000_000_000 + r.int(100_000_000_000)),
    metadata: r.int(2) ? ZERO_BYTES32 : r.hex(32),
    builder: r.int(2) ? ZERO_BYTES32 : r.hex(32),
  };
}

export function randomStructV1(r: Random, signer: Hex): OrderStructV1 {
  return {
    salt: r.uint(53),
    maker: r.int(3) === 0 ? signer : r.address(),
    signer,
    taker: r.int(2) ? ZERO_ADDRESS : r.address(),
    tokenId: r.uint(256),
    makerAmount: r.uint(128),
    takerAmount: r.uint(128),
    expiration: r.int(2) ? 0n : BigInt(1_700_000_000 + r.int(100_000_000)),
    nonce: r.uint(64),
    feeRateBps: BigInt(r.int(1000)),
    side: r.int(2) as 0 | 1,
    signatureType: r.int(3) as 0 | 1 | 2,
  };
}

export function randomContracts(r: Random): ExchangeContracts {
  return r.int(2)
    ? PUBLIC_CHAIN_137_CONTRACTS
    : {
        chainId: 1 + r.int(1_000_000),
        exchange: r.address(),
        negRiskExchange: r.address(),
        exchangeV1: r.address(),
        negRiskExchangeV1: r.address(),
        domainName: r.int(2) ? 'Polymarket CTF Exchange' : 'Sandbox Exchange ✓',
      };
}
