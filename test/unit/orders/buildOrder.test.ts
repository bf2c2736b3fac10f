import { describe, expect, it } from 'vitest';
import { OrderBuilder, OrderType, Side, SignatureTypeV2, isV2Order, orderToJsonV1, orderToJsonV2 } from '@polymarket/clob-client-v2';
import { createWalletClient, getAddress, http, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { buildSignedOrder, toPostOrderBody, toPostOrdersBody, type BuildOrderInput } from '../../../src/signing/buildOrder';
import { recoverOrderSigner } from '../../../src/signing/orderSigning';
import { ZERO_ADDRESS, ZERO_BYTES32 } from '../../../src/shared/orders/orderSchema';
import type { TickSize } from '../../../src/shared/protocol/clob';
import { PUBLIC_CHAIN_137_CONTRACTS, VECTOR_ADDRESS, VECTOR_KEY_HEX, seeded } from './fixtures';

const privateKey = Uint8Array.from(Buffer.from(VECTOR_KEY_HEX.slice(2), 'hex'));
const TOKEN = '71321045679252212594626385532706912750332728571942532289631379312455583992563';

const base = (patch: Partial<BuildOrderInput> = {}): BuildOrderInput & { version: 2 } => ({
  version: 2,
  contracts: PUBLIC_CHAIN_137_CONTRACTS,
  negRisk: false,
  tickSize: '0.01',
  tokenId: TOKEN,
  side: 'BUY',
  price: '0.56',
  size: '21.04',
  orderType: 'GTC',
  maker: VECTOR_ADDRESS,
  signer: VECTOR_ADDRESS,
  signatureType: 0,
  privateKey,
  ...patch,
}) as BuildOrderInput & { version: 2 };

describe('buildSignedOrder v2', () => {
  it('builds the struct, hash, signature and POST /order JSON', () => {
    const order = buildSignedOrder(base({ salt: 479249096354n, timestampMs: 1780449126930n, expiration: 0 }));
    expect(order.version).toBe(2);
    expect(order.struct).toEqual({
      salt: 479249096354n,
      maker: VECTOR_ADDRESS,
      signer: VECTOR_ADDRESS,
      tokenId: BigInt(TOKEN),
      makerAmount: 11782400n,
      takerAmount: 21040000n,
      side: 0,
      signatureType: 0,
      timestamp: 1780449126930n,
      metadata: ZERO_BYTES32,
      builder: ZERO_BYTES32,
    });
    expect(order.json).toEqual({
      salt: 479249096354,
      maker: VECTOR_ADDRESS,
      signer: VECTOR_ADDRESS,
      tokenId: TOKEN,
      makerAmount: '11782400',
      takerAmount: '21040000',
      side: 'BUY',
      signatureType: 0,
      timestamp: '1780449126930',
      metadata: ZERO_BYTES32,
      builder: ZERO_BYTES32,
      expiration: '0',
      signature: order.signature,
    });
    expect(recoverOrderSigner(PUBLIC_CHAIN_137_CONTRACTS, 2, false, order.struct, order.signature)).toBe(VECTOR_ADDRESS);
  });

  it('market BUY by USD amount, SELL by size, GTD expiration', () => {
    const buy = buildSignedOrder(base({ size: undefined, amount: '100', orderType: 'FOK' }));
    expect([buy.json.makerAmount, buy.json.takerAmount]).toEqual(['100000000', '178571400']);
    const sell = buildSignedOrder(base({ side: 'SELL', price: '0.7', size: '170', tickSize: '0.1', orderType: 'GTD', expiration: 1_900_000_000 }));
    expect(sell.struct.side).toBe(1);
    expect([sell.json.side, sell.json.makerAmount, sell.json.takerAmount, sell.json.expiration]).toEqual([
      'SELL',
      '170000000',
      '119000000',
      '1900000000',
    ]);
  });

  it('draws a fresh random safe-integer salt and the current timestamp when not given', () => {
    const before = Date.now();
    const salts = new Set<number>();
    for (let i = 0; i < 300; i++) {
      const { json, struct } = buildSignedOrder(base());
      expect(Number.isSafeInteger(json.salt) && json.salt >= 0).toBe(true);
      expect(BigInt(json.salt)).toBe(struct.salt);
      expect(Number(json.timestamp)).toBeGreaterThanOrEqual(before);
      salts.add(json.salt);
    }
    expect(salts.size).toBe(300);
  });

  it.each([
    ['size and amount together', { amount: '10' }, /exactly one of size/],
    ['neither size nor amount', { size: undefined }, /exactly one of size/],
    ['a SELL by USD amount', { side: 'SELL', size: undefined, amount: '10' }, /SELL order takes a size/],
    ['an off-tick price', { price: '0.565' }, /tick size/],
    ['GTD without expiration', { orderType: 'GTD' }, /GTD order needs an expiration/],
    ['a fractional expiration', { expiration: 1.5 }, /expiration/],
    ['a salt beyond 2^53', { salt: 1n << 53n }, /safe integer/],
    ['a token id that is not a decimal', { tokenId: '0x12' }, /tokenId/],
    ['a token id over uint256', { tokenId: (1n << 256n).toString() }, /uint256/],
    ['a bad maker address', { maker: '0x1234' as Hex }, /maker/],
    ['an unknown signature type', { signatureType: 4 as 0 }, /signature type/],
    ['a short private key', { privateKey: new Uint8Array(31) }, /32 bytes/],
    ['an unknown version', { version: 3 as 2 }, /version/],
  ] as const)('refuses %s', (_name, patch, message) => {
    expect(() => buildSignedOrder(base(patch as Partial<BuildOrderInput>))).toThrow(message);
  });
});

describe('buildSignedOrder v1 (legacy)', () => {
  it('signs the v1 struct with taker, expiration, nonce and fee rate and builds its JSON', () => {
    const order = buildSignedOrder({
      ...base(),
      version: 1,
      feeRateBps: 100n,
      nonce: 7n,
      orderType: 'GTD',
      expiration: 1_900_000_000,
      salt: 12345n,
    });
    expect(order.version).toBe(1);
    expect(order.struct).toMatchObject({ taker: ZERO_ADDRESS, expiration: 1_900_000_000n, nonce: 7n, feeRateBps: 100n });
    expect(order.json).toEqual({
      salt: 12345,
      maker: VECTOR_ADDRESS,
      signer: VECTOR_ADDRESS,
      taker: ZERO_ADDRESS,
      tokenId: TOKEN,
      makerAmount: '11782400',
      takerAmount: '21040000',
      expiration: '1900000000',
      nonce: '7',
      feeRateBps: '100',
      side: 'BUY',
      signatureType: 0,
      signature: order.signature,
    });
    expect(recoverOrderSigner(PUBLIC_CHAIN_137_CONTRACTS, 1, false, order.struct, order.signature)).toBe(VECTOR_ADDRESS);
  });

  it('has no deposit-wallet signature type', () => {
    expect(() => buildSignedOrder({ ...base(), version: 1, signatureType: 3 })).toThrow(/schema v1/);
  });
});

describe('interop with @polymarket/clob-client-v2: same inputs, same salt and timestamp → same bytes', () => {
  const account = privateKeyToAccount(VECTOR_KEY_HEX);
  const wallet = createWalletClient({ account, transport: http('http://127.0.0.1:9') });
  const r = seeded(41);
  const ticks: TickSize[] = ['0.1', '0.01', '0.005', '0.0025', '0.001', '0.0001'];

  it('v2 limit and market orders for EOA, proxy and safe, regular and neg-risk', async () => {
    for (let i = 0; i < 36; i++) {
      const signatureType = (i % 3) as 0 | 1 | 2;
      const funder = signatureType === 0 ? undefined : getAddress(r.hex(20));
      const builder = new OrderBuilder(wallet, 137, signatureType as unknown as SignatureTypeV2, funder);
      const tick = ticks[i % ticks.length]!;
      const negRisk = i % 4 === 1;
      const side = i % 2 ? 'SELL' : 'BUY';
      const price = tick === '0.0025' ? '0.4975' : tick === '0.005' ? '0.385' : tick === '0.1' ? '0.3' : tick === '0.01' ? '0.42' : '0.0421'.slice(0, tick.length);
      const market = i % 5 === 0 && side === 'BUY';
      const size = (12.34 + i * 1.01).toFixed(2);
      const theirs = market
        ? await builder.buildMarketOrder({ tokenID: TOKEN, price: Number(price), amount: 25.5, side: Side.BUY }, { tickSize: tick, negRisk }, 2)
        : await builder.buildOrder(
            { tokenID: TOKEN, price: Number(price), size: Number(size), side: side === 'BUY' ? Side.BUY : Side.SELL, expiration: i % 2 ? 1_900_000_000 : undefined },
            { tickSize: tick, negRisk },
            2,
          );
      if (!isV2Order(theirs)) throw new Error('expected a v2 order');
      const ours = buildSignedOrder({
        ...base(),
        tickSize: tick,
        negRisk,
        side,
        price,
        size: market ? undefined : size,
        amount: market ? '25.5' : undefined,
        orderType: market ? 'FOK' : i % 2 ? 'GTD' : 'GTC',
        expiration: !market && i % 2 ? 1_900_000_000 : undefined,
        maker: (funder ?? account.address) as Hex,
        signatureType,
        salt: BigInt(theirs.salt),
        timestampMs: BigInt(theirs.timestamp),
      });
      expect(ours.signature, `order ${i}`).toBe(theirs.signature);
      // The reference always adds deferExec: false; ours leaves the optional field out.
      const { deferExec: _deferExec, ...reference } = JSON.parse(JSON.stringify(orderToJsonV2(theirs, 'key', OrderType.GTC)));
      expect(JSON.parse(toPostOrderBody(ours.json, 'key', 'GTC', false))).toEqual(reference);
    }
  });

  it('v1 orders', async () => {
    const builder = new OrderBuilder(wallet, 137, SignatureTypeV2.EOA);
    for (let i = 0; i < 6; i++) {
      const theirs = await builder.buildOrder(
        { tokenID: TOKEN, price: 0.56, size: 21 + i, side: i % 2 ? Side.SELL : Side.BUY, feeRateBps: 100, nonce: i, expiration: 0 },
        { tickSize: '0.01', negRisk: i === 3 },
        1,
      );
      if (isV2Order(theirs)) throw new Error('expected a v1 order');
      const ours = buildSignedOrder({
        ...base(),
        version: 1,
          negRisk: i === 3,
        side: i % 2 ? 'SELL' : 'BUY',
        size: String(21 + i),
        feeRateBps: 100n,
        nonce: BigInt(i),
        salt: BigInt(theirs.salt),
      });
      expect(ours.signature).toBe(theirs.signature);
      const { deferExec: _deferExec, ...reference } = JSON.parse(JSON.stringify(orderToJsonV1(theirs, 'key', OrderType.GTC)));
      expect(JSON.parse(toPostOrderBody(ours.json, 'key', 'GTC', false))).toEqual(reference);
    }
  });
});

describe('POST bodies', () => {
  const order = buildSignedOrder(base({ salt: 1n, timestampMs: 2n }));

  it('serializes once, in a fixed key order', () => {
    const body = toPostOrderBody(order.json, 'api-key', 'GTC');
    expect(body).toBe(JSON.stringify({ order: order.json, owner: 'api-key', orderType: 'GTC' }));
    expect(body.startsWith('{"order":{"salt":1,"maker":"0xf39F')).toBe(true);
    expect(toPostOrderBody(order.json, 'api-key', 'GTD', true)).toMatch(/"orderType":"GTD","postOnly":true}$/);
  });

  it('post-only only with GTC and GTD, and an owner is required', () => {
    expect(() => toPostOrderBody(order.json, 'k', 'FOK', true)).toThrow(/post-only/);
    expect(() => toPostOrderBody(order.json, 'k', 'FAK', true)).toThrow(/post-only/);
    expect(toPostOrderBody(order.json, 'k', 'FOK', false)).toMatch(/"postOnly":false/);
    expect(() => toPostOrderBody(order.json, '', 'GTC')).toThrow(/owner/);
  });

  it('batches of 1 to 15', () => {
    const entry = { json: order.json, orderType: 'GTC' as const };
    const body = toPostOrdersBody(Array.from({ length: 15 }, () => entry), 'k');
    expect(JSON.parse(body)).toHaveLength(15);
    expect(() => toPostOrdersBody([], 'k')).toThrow(/1 to 15/);
    expect(() => toPostOrdersBody(Array.from({ length: 16 }, () => entry), 'k')).toThrow(/1 to 15/);
  });
});
