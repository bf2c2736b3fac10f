import { describe, expect, it } from 'vitest';
import { getTypesForEIP712Domain, hashDomain, hashStruct, hashTypedData, keccak256, toHex } from 'viem';
import {
  ORDER_TYPE_STRING_V1,
  ORDER_TYPE_STRING_V2,
  hashOrder,
  hashOrderStruct,
  orderDigest,
  orderDomainSeparator,
  orderTypeHash,
} from '../../../src/signing/orderHashing';
import { orderDomain, orderTypesV1, orderTypesV2, type OrderStructV2 } from '../../../src/shared/orders/orderSchema';
import {
  AMOY_V1_CONTRACTS,
  PUBLIC_CHAIN_137_CONTRACTS,
  VECTOR_ADDRESS,
  VECTOR_V1,
  VECTOR_V1_HASH,
  VECTOR_V2,
  VECTOR_V2_HASH,
  randomContracts,
  randomStructV1,
  randomStructV2,
  seeded,
} from './fixtures';

describe('order hashing: wire-format vectors', () => {
  it('v2 vector → 0xf69f17…', () => {
    expect(hashOrder(PUBLIC_CHAIN_137_CONTRACTS, 2, false, VECTOR_V2)).toBe(VECTOR_V2_HASH);
  });

  it('v1 vector (chain 80002) → 0x02ca1d…', () => {
    expect(hashOrder(AMOY_V1_CONTRACTS, 1, false, VECTOR_V1)).toBe(VECTOR_V1_HASH);
  });

  it('type strings, type hashes and domain separators are the EIP-712 ones', () => {
    expect(ORDER_TYPE_STRING_V2).toBe(
      'Order(uint256 salt,address maker,address signer,uint256 tokenId,uint256 makerAmount,uint256 takerAmount,uint8 side,uint8 signatureType,uint256 timestamp,bytes32 metadata,bytes32 builder)',
    );
    expect(ORDER_TYPE_STRING_V1).toBe(
      'Order(uint256 salt,address maker,address signer,address taker,uint256 tokenId,uint256 makerAmount,uint256 takerAmount,uint256 expiration,uint256 nonce,uint256 feeRateBps,uint8 side,uint8 signatureType)',
    );
    expect(orderTypeHash(2)).toBe(keccak256(toHex(ORDER_TYPE_STRING_V2)));
    expect(orderTypeHash(1)).toBe(keccak256(toHex(ORDER_TYPE_STRING_V1)));
    for (const negRisk of [false, true]) {
      for (const version of [1, 2] as const) {
        const domain = orderDomain(PUBLIC_CHAIN_137_CONTRACTS, version, negRisk);
        expect(orderDomainSeparator(PUBLIC_CHAIN_137_CONTRACTS, version, negRisk)).toBe(
          hashDomain({ domain, types: { EIP712Domain: getTypesForEIP712Domain({ domain }) } } as Parameters<typeof hashDomain>[0]),
        );
      }
    }
    expect(hashOrderStruct(2, VECTOR_V2)).toBe(hashStruct({ data: { ...VECTOR_V2 }, primaryType: 'Order', types: orderTypesV2 }));
  });

  it('the neg-risk flag selects the neg-risk exchange', () => {
    const regular = hashOrder(PUBLIC_CHAIN_137_CONTRACTS, 2, false, VECTOR_V2);
    const negRisk = hashOrder(PUBLIC_CHAIN_137_CONTRACTS, 2, true, VECTOR_V2);
    expect(negRisk).not.toBe(regular);
    expect(negRisk).toBe(
      hashTypedData({ domain: orderDomain(PUBLIC_CHAIN_137_CONTRACTS, 2, true), types: orderTypesV2, primaryType: 'Order', message: VECTOR_V2 }),
    );
  });
});

describe('order hashing against viem hashTypedData', () => {
  it('agrees on 200 random v2 orders (random domains, 256-bit token ids, metadata, builder)', () => {
    const r = seeded(11);
    for (let i = 0; i < 200; i++) {
      const contracts = randomContracts(r);
      const negRisk = r.int(2) === 1;
      const struct = randomStructV2(r, r.address());
      const expected = hashTypedData({ domain: orderDomain(contracts, 2, negRisk), types: orderTypesV2, primaryType: 'Order', message: struct });
      expect(hashOrder(contracts, 2, negRisk, struct)).toBe(expected);
    }
  });

  it('agrees on 200 random v1 orders', () => {
    const r = seeded(12);
    for (let i = 0; i < 200; i++) {
      const contracts = randomContracts(r);
      const negRisk = r.int(2) === 1;
      const struct = randomStructV1(r, r.address());
      const expected = hashTypedData({ domain: orderDomain(contracts, 1, negRisk), types: orderTypesV1, primaryType: 'Order', message: struct });
      expect(hashOrder(contracts, 1, negRisk, struct)).toBe(expected);
    }
  });

  it('returns a fresh digest array each time (callers may keep it)', () => {
    const a = orderDigest(PUBLIC_CHAIN_137_CONTRACTS, 2, false, VECTOR_V2);
    const b = orderDigest(PUBLIC_CHAIN_137_CONTRACTS, 2, false, { ...VECTOR_V2, salt: 1n });
    expect(a).not.toBe(b);
    expect(toHex(a)).toBe(VECTOR_V2_HASH);
  });
});

describe('order hashing rejects malformed structs', () => {
  const bad = (patch: Partial<Record<keyof OrderStructV2, unknown>>) => ({ ...VECTOR_V2, ...patch }) as OrderStructV2;
  it.each([
    ['a short address', { maker: '0x1234' }, /maker/],
    ['a non-hex address', { signer: `0x${'z'.repeat(40)}` }, /signer/],
    ['a negative amount', { makerAmount: -1n }, /makerAmount/],
    ['an amount over 2^256', { takerAmount: 1n << 256n }, /takerAmount/],
    ['a number where a bigint belongs', { salt: 5 }, /salt/],
    ['a side out of uint8', { side: 256 }, /side/],
    ['a fractional signature type', { signatureType: 1.5 }, /signatureType/],
    ['short metadata', { metadata: '0x00' }, /metadata/],
  ])('%s', (_name, patch, message) => {
    expect(() => hashOrder(PUBLIC_CHAIN_137_CONTRACTS, 2, false, bad(patch))).toThrow(message);
  });

  it('an unknown version or chain id', () => {
    expect(() => hashOrder(PUBLIC_CHAIN_137_CONTRACTS, 3 as never, false, VECTOR_V2)).toThrow(/version/);
    expect(() => hashOrder({ ...PUBLIC_CHAIN_137_CONTRACTS, chainId: 0 }, 2, false, VECTOR_V2)).toThrow(/chainId/);
  });

  it('a lower-case address hashes like its checksummed form', () => {
    const lower = { ...VECTOR_V2, maker: VECTOR_ADDRESS.toLowerCase() as `0x${string}` };
    expect(hashOrder(PUBLIC_CHAIN_137_CONTRACTS, 2, false, lower)).toBe(VECTOR_V2_HASH);
  });
});
