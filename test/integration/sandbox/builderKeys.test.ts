/**
 * Builder API keys over real loopback HTTP: create / list / revoke with every spec error,
 * GET /builder/trades attributing trades by the v2 order `builder` field (taker and maker
 * rows, filters, paging, errors), and builder keys and attributed trades across a restart.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { keccak256, stringToBytes, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiKeyStore } from '../../../src/sandbox/clob/auth/apiKeyStore';
import { addBuilderKeyRoutes } from '../../../src/sandbox/clob/auth/builderKeyRoutes';
import { BuilderKeyStore } from '../../../src/sandbox/clob/auth/builderKeyStore';
import { plainErrors } from '../../../src/sandbox/clob/clobErrors';
import type { Exchange } from '../../../src/sandbox/clob/exchange';
import { listenService, type RunningService } from '../../../src/sandbox/http/jsonServer';
import { Router } from '../../../src/sandbox/http/router';
import { startSandbox, type RunningSandbox } from '../../../src/sandbox/start';
import { addBuilderTradeRoutes } from '../../../src/sandbox/trading/builderTradeRoutes';
import type { TradingDesk } from '../../../src/sandbox/trading/tradingDesk';
import {
  orderDomain, orderTypesV2, PUBLIC_CHAIN_137_CONTRACTS, ZERO_BYTES32, type OrderType, type PostOrderResponse,
} from '../../../src/shared/orders/orderSchema';
import { l2Signature } from '../../../src/signing/l2Hmac';
import { request, type JsonResponse } from './http';
import { bookTop, faucet, KEYS, liveMarket, Trader, type Account } from './tradingClient';

interface BuilderCreds {
  key: string;
  secret: string;
  passphrase: string;
  builderCode: Hex;
}

interface Listed {
  key: string;
  builderCode: string;
  createdAt: string;
  revokedAt: string | null;
}

interface BuilderTrade {
  id: string;
  tradeType: 'TAKER' | 'MAKER';
  takerOrderHash: string;
  orderHash: string;
  builder: string;
  market: string;
  assetId: string;
  side: string;
  size: string;
  sizeUsdc: string;
  price: string;
  outcome: string;
  outcomeIndex: number;
  owner: string;
  maker: string;
  builderCode: string;
  matchTime: string;
}

interface TradesPage {
  data: BuilderTrade[];
  next_cursor: string;
}

const PATH = '/auth/builder-api-key';
const HEADERS_ERROR = { error: 'invalid revoke builder api key headers' };
const BODY_ERROR = { error: 'invalid revoke builder api key body' };
const PARAMS_ERROR = { error: 'invalid builder trade params' };
const INVALID_KEY = { error: 'Unauthorized/Invalid api key' };
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const nowSeconds = () => String(Math.floor(Date.now() / 1000));

type HeaderOverrides = Partial<Record<'key' | 'passphrase' | 'signature' | 'timestamp', string | null>>;

/** The four builder headers for one request (signed over the path without query); `null` drops one. */
function builderHeaders(creds: BuilderCreds, method: string, pathAndQuery: string, body?: string, over: HeaderOverrides = {}) {
  const timestamp = over.timestamp ?? nowSeconds();
  const path = pathAndQuery.split('?')[0] as string;
  const all: Record<string, string | null> = {
    SVC_BUILDER_API_KEY: over.key === undefined ? creds.key : over.key,
    SVC_BUILDER_PASSPHRASE: over.passphrase === undefined ? creds.passphrase : over.passphrase,
    SVC_BUILDER_SIGNATURE: over.signature === undefined ? l2Signature(creds.secret, timestamp, method, path, body) : over.signature,
    SVC_BUILDER_TIMESTAMP: timestamp,
  };
  return Object.fromEntries(Object.entries(all).filter((entry): entry is [string, string] => entry[1] !== null));
}

function revoke(clob: string, creds: BuilderCreds, body?: string, over: HeaderOverrides = {}) {
  const headers = { ...builderHeaders(creds, 'DELETE', PATH, body, over), ...(body === undefined ? {} : { 'content-type': 'application/json' }) };
  return request(`${clob}${PATH}`, { method: 'DELETE', headers, ...(body === undefined ? {} : { body }) });
}

const builderTrades = (clob: string, creds: BuilderCreds, query = '', over: HeaderOverrides = {}): Promise<JsonResponse<TradesPage>> =>
  request<TradesPage>(`${clob}/builder/trades${query}`, { headers: builderHeaders(creds, 'GET', '/builder/trades', undefined, over) });

async function createBuilderKey(trader: Trader): Promise<BuilderCreds> {
  const res = await trader.call<BuilderCreds>('POST', PATH);
  if (res.status !== 200) throw new Error(`cannot create a builder key: ${res.text}`);
  return res.body;
}

let saltCounter = 500_000;

/** A signed v2 order JSON carrying `builder` (zero for none), signed with viem. */
async function signBuilderOrder(account: Account, tokenId: string, side: 'BUY' | 'SELL', pips: number, cents: number, builder: Hex) {
  const shares = BigInt(cents) * 10_000n;
  const collateral = BigInt(cents) * BigInt(pips);
  const [makerAmount, takerAmount] = side === 'BUY' ? [collateral, shares] : [shares, collateral];
  const salt = (saltCounter += 1);
  const timestamp = String(Date.now());
  const message = {
    salt: BigInt(salt), maker: account.address, signer: account.address, tokenId: BigInt(tokenId), makerAmount, takerAmount,
    side: side === 'BUY' ? 0 : 1, signatureType: 0, timestamp: BigInt(timestamp), metadata: ZERO_BYTES32, builder,
  } as const;
  const signature = await account.signTypedData({ domain: orderDomain(PUBLIC_CHAIN_137_CONTRACTS, 2, false), types: orderTypesV2, primaryType: 'Order', message });
  return {
    salt, maker: account.address, signer: account.address, tokenId, makerAmount: makerAmount.toString(), takerAmount: takerAmount.toString(),
    side, signatureType: 0, timestamp, metadata: ZERO_BYTES32, builder, expiration: '0', signature,
  };
}

async function placeWithBuilder(trader: Trader, tokenId: string, side: 'BUY' | 'SELL', pips: number, cents: number, builder: Hex, type: OrderType = 'GTC') {
  const order = await signBuilderOrder(trader.account, tokenId, side, pips, cents, builder);
  return trader.call<PostOrderResponse>('POST', '/order', trader.body(order, type));
}

const plainTick = (k: number) => liveMarket(7, (e) => e.market.tickSize === '0.01' && !e.market.negRisk && e.market.minOrderSize === 5, k);

describe('builder API keys and builder trades', () => {
  let sandbox: RunningSandbox;
  let clob: string;
  let alice: Trader;
  let bob: Trader;
  let carol: Trader;

  beforeAll(async () => {
    sandbox = await startSandbox({ seed: 7, port: 0, simulate: false, dataPageSize: 2 });
    clob = sandbox.urls.clob;
    [alice, bob, carol] = await Promise.all([Trader.open(clob, KEYS[0]), Trader.open(clob, KEYS[1]), Trader.open(clob, KEYS[2])]);
    await Promise.all([faucet(clob, alice.address, '1000'), faucet(clob, bob.address, '1000')]);
  });
  afterAll(async () => {
    await sandbox?.stop();
  });

  describe('create and list', () => {
    it('creates credentials shaped like the reference, with the builder code keccak256(key)', async () => {
      const res = await carol.call<BuilderCreds>('POST', PATH);
      expect(res.status).toBe(200);
      expect(Object.keys(res.body).sort()).toEqual(['builderCode', 'key', 'passphrase', 'secret']);
      expect(res.body.key).toMatch(UUID_V4);
      expect(res.body.secret).toMatch(/^[A-Za-z0-9_-]{43}=$/);
      expect(res.body.passphrase).toMatch(/^[0-9a-f]{64}$/);
      expect(res.body.builderCode).toBe(keccak256(stringToBytes(res.body.key)));
    });

    it('lists only the caller\'s keys, in creation order, without secrets', async () => {
      const first = await createBuilderKey(bob);
      const second = await createBuilderKey(bob);
      const listed = await bob.call<Listed[]>('GET', PATH);
      expect(listed.status).toBe(200);
      expect(listed.body).toEqual([
        { key: first.key, builderCode: first.builderCode, createdAt: expect.any(String), revokedAt: null },
        { key: second.key, builderCode: second.builderCode, createdAt: expect.any(String), revokedAt: null },
      ]);
      expect(Date.parse(listed.body[0]?.createdAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
      const others = await carol.call<Listed[]>('GET', PATH);
      expect(others.body.map((k) => k.key)).not.toContain(first.key);
    });

    it('needs L2 credentials for create and list (401)', async () => {
      expect(await request(`${clob}${PATH}`, { method: 'POST' })).toMatchObject({ status: 401, body: INVALID_KEY });
      expect(await request(`${clob}${PATH}`)).toMatchObject({ status: 401, body: INVALID_KEY });
    });

    it('500 could not create builder api key once an address holds 50 keys (revoked included)', async () => {
      const dave = await Trader.open(clob, KEYS[3]);
      const made = await createBuilderKey(dave);
      expect((await revoke(clob, made)).status).toBe(200);
      for (let i = 1; i < 50; i += 1) await createBuilderKey(dave);
      expect(await dave.call('POST', PATH)).toMatchObject({ status: 500, body: { error: 'could not create builder api key' } });
      expect((await dave.call<Listed[]>('GET', PATH)).body).toHaveLength(50);
    });
  });

  describe('revoke', () => {
    let creds: BuilderCreds;
    beforeAll(async () => {
      creds = await createBuilderKey(carol);
    });

    it('400 invalid revoke builder api key headers: missing, malformed, stale, wrong passphrase or signature', async () => {
      expect(await request(`${clob}${PATH}`, { method: 'DELETE' })).toMatchObject({ status: 400, body: HEADERS_ERROR });
      for (const over of [
        { key: null }, { passphrase: null }, { signature: null }, { key: 'not found' }, { key: '' },
        { timestamp: 'yesterday' }, { timestamp: String(Math.floor(Date.now() / 1000) - 3600) },
        { passphrase: 'f'.repeat(64) }, { signature: l2Signature(creds.secret, nowSeconds(), 'DELETE', '/auth/api-key') },
      ] satisfies HeaderOverrides[]) {
        expect(await revoke(clob, creds, undefined, over), JSON.stringify(over)).toMatchObject({ status: 400, body: HEADERS_ERROR });
      }
      // Another key's credentials cannot sign for this one.
      const other = await createBuilderKey(carol);
      expect(await revoke(clob, creds, undefined, { signature: l2Signature(other.secret, nowSeconds(), 'DELETE', PATH) }))
        .toMatchObject({ status: 400, body: HEADERS_ERROR });
    });

    it('400 invalid revoke builder api key body: not JSON, not an object, another key', async () => {
      for (const body of ['{not json', '[]', '"key"', JSON.stringify({ key: 7 }), JSON.stringify({ key: randomUUID() })]) {
        expect(await revoke(clob, creds, body), body).toMatchObject({ status: 400, body: BODY_ERROR });
      }
    });

    it('500 could not revoke the builder api key: {key} for a key that does not exist', async () => {
      const ghost = { ...creds, key: randomUUID() };
      expect(await revoke(clob, ghost)).toMatchObject({ status: 500, body: { error: `could not revoke the builder api key: ${ghost.key}` } });
    });

    it('revokes with the key\'s own headers (body naming it or not); the listing shows revokedAt; a second revoke is a 500', async () => {
      expect(await revoke(clob, creds, JSON.stringify({ key: creds.key }))).toMatchObject({ status: 200, body: 'OK' });
      const listed = (await carol.call<Listed[]>('GET', PATH)).body.find((k) => k.key === creds.key);
      expect(listed?.revokedAt).toEqual(expect.any(String));
      expect(Date.parse(listed?.revokedAt ?? '')).toBeGreaterThanOrEqual(Date.parse(listed?.createdAt ?? ''));
      expect(await revoke(clob, creds)).toMatchObject({ status: 500, body: { error: `could not revoke the builder api key: ${creds.key}` } });
      expect(await builderTrades(clob, creds)).toMatchObject({ status: 401, body: INVALID_KEY });
      const other = await createBuilderKey(carol);
      expect(await revoke(clob, other, '{}')).toMatchObject({ status: 200, body: 'OK' });
    });
  });

  describe('GET /builder/trades', () => {
    const fokMarket = plainTick(2);
    const mintMarket = plainTick(4);
    let creds: BuilderCreds;
    let takerTradeId: string;
    let takerOrderId: string;
    let makerOrderId: string;
    let mintTradeId: string;
    let bobTradeId: string;

    beforeAll(async () => {
      creds = await createBuilderKey(carol);
      const token = fokMarket.market.tokenIds[0];
      // Alice takes with the builder code: a TAKER row.
      const top = await bookTop(clob, token);
      const taken = await placeWithBuilder(alice, token, 'BUY', top.ask, 500, creds.builderCode, 'FOK');
      expect(taken.body).toMatchObject({ success: true, status: 'matched' });
      takerTradeId = taken.body.tradeIDs?.[0] as string;
      takerOrderId = taken.body.orderID;
      // Bob takes without one: nothing for the builder.
      const bobTop = await bookTop(clob, token);
      const bobs = await placeWithBuilder(bob, token, 'BUY', bobTop.ask, 500, ZERO_BYTES32, 'FOK');
      expect(bobs.body.status).toBe('matched');
      bobTradeId = bobs.body.tradeIDs?.[0] as string;
      // Alice rests Yes with the code, Bob's No (no code) mints against it: a MAKER row.
      const [yes, no] = mintMarket.market.tokenIds;
      const mintTop = await bookTop(clob, yes);
      const p = (mintTop.bid + mintTop.ask) / 2;
      const resting = await placeWithBuilder(alice, yes, 'BUY', p, 1000, creds.builderCode);
      expect(resting.body.status).toBe('live');
      makerOrderId = resting.body.orderID;
      const mint = await placeWithBuilder(bob, no, 'BUY', 10_000 - p, 1000, ZERO_BYTES32, 'FOK');
      expect(mint.body.status).toBe('matched');
      mintTradeId = mint.body.tradeIDs?.[0] as string;
    });

    async function allPages(query = ''): Promise<BuilderTrade[]> {
      const rows: BuilderTrade[] = [];
      let cursor = 'MA==';
      for (let i = 0; cursor !== 'LTE=' && i < 20; i += 1) {
        const joiner = query === '' ? '?' : `${query}&`;
        const res = await builderTrades(clob, creds, `${joiner}next_cursor=${encodeURIComponent(cursor)}`);
        expect(res.status).toBe(200);
        rows.push(...res.body.data);
        cursor = res.body.next_cursor;
      }
      return rows;
    }

    it('lists the trades of orders carrying the builder code (taker and maker rows), newest first, not the others', async () => {
      const first = await builderTrades(clob, creds);
      expect(first.status).toBe(200);
      expect(first.body.data).toHaveLength(2);
      expect(first.body.next_cursor).toBe('LTE=');
      const [maker, taker] = first.body.data;
      expect(maker).toMatchObject({
        id: mintTradeId, tradeType: 'MAKER', orderHash: makerOrderId, side: 'BUY', size: '10.00', outcome: 'Yes', outcomeIndex: 0,
        market: mintMarket.market.conditionId, assetId: mintMarket.market.tokenIds[0], owner: alice.address, maker: alice.address,
        builder: carol.address, builderCode: creds.builderCode, status: 'CONFIRMED', fee: '0', builderFee: '0',
      });
      expect(taker).toMatchObject({
        id: takerTradeId, tradeType: 'TAKER', takerOrderHash: takerOrderId, orderHash: takerOrderId, side: 'BUY', size: '5.00',
        market: fokMarket.market.conditionId, owner: alice.address, builderCode: creds.builderCode,
      });
      expect(Number(taker?.sizeUsdc)).toBeCloseTo(5 * Number(taker?.price), 6);
      expect(first.body.data.map((t) => t.id)).not.toContain(bobTradeId);
      // Alice's own trade list shows both, and Bob's has his; attribution changes nothing there.
      const bobs = await bob.call<{ data: Array<{ id: string }> }>('GET', '/data/trades');
      expect(bobs.body.data.map((t) => t.id)).toEqual(expect.arrayContaining([bobTradeId, mintTradeId]));
    });

    it('another builder sees none of them', async () => {
      const other = await createBuilderKey(bob);
      const res = await builderTrades(clob, other);
      expect(res).toMatchObject({ status: 200, body: { data: [], next_cursor: 'LTE=' } });
    });

    it('filters by market, asset_id, before and after, and accepts its own builder_code', async () => {
      const byMarket = await allPages(`?market=${fokMarket.market.conditionId}`);
      expect(byMarket.map((t) => t.id)).toEqual([takerTradeId]);
      const byAsset = await allPages(`?asset_id=${mintMarket.market.tokenIds[0]}`);
      expect(byAsset.map((t) => t.id)).toEqual([mintTradeId]);
      expect(await allPages(`?asset_id=${mintMarket.market.tokenIds[1]}`)).toEqual([]);
      const later = Math.floor(Date.now() / 1000) + 3600;
      expect(await allPages(`?after=${later}`)).toEqual([]);
      expect(await allPages(`?before=${later}`)).toHaveLength(2);
      expect(await allPages('?before=1')).toEqual([]);
      expect(await allPages(`?builder_code=${creds.builderCode.toUpperCase().replace('0X', '0x')}`)).toHaveLength(2);
    });

    it('pages with next_cursor (page size 2 here): MA== first, LTE= at the end', async () => {
      // A third attributed trade: Alice takes again with the code.
      const token = fokMarket.market.tokenIds[0];
      const top = await bookTop(clob, token);
      const again = await placeWithBuilder(alice, token, 'BUY', top.ask, 500, creds.builderCode, 'FOK');
      expect(again.body.status).toBe('matched');
      const first = await builderTrades(clob, creds, '?next_cursor=MA==');
      expect(first.body.data.map((t) => t.id)).toEqual([again.body.tradeIDs?.[0], mintTradeId]);
      expect(first.body.next_cursor).toBe('Mg==');
      const second = await builderTrades(clob, creds, `?next_cursor=${first.body.next_cursor}`);
      expect(second.body).toMatchObject({ data: [expect.objectContaining({ id: takerTradeId })], next_cursor: 'LTE=' });
      expect((await builderTrades(clob, creds, '?next_cursor=LTE=')).body).toMatchObject({ data: [], next_cursor: 'LTE=' });
    });

    it('400 invalid builder trade params for malformed filters, cursors or another builder\'s code', async () => {
      for (const query of ['?before=soon', '?after=-1', '?market=abc', '?asset_id=0x12', '?maker_address=0x123', '?next_cursor=nope', `?builder_code=${keccak256(stringToBytes('other'))}`, '?builder_code=0x1']) {
        expect(await builderTrades(clob, creds, query), query).toMatchObject({ status: 400, body: PARAMS_ERROR });
      }
    });

    it('401 without valid builder headers (L2 credentials are not builder credentials)', async () => {
      expect(await request(`${clob}/builder/trades`)).toMatchObject({ status: 401, body: INVALID_KEY });
      expect(await builderTrades(clob, creds, '', { passphrase: 'x' })).toMatchObject({ status: 401, body: INVALID_KEY });
      expect(await builderTrades(clob, { ...creds, key: randomUUID() })).toMatchObject({ status: 401, body: INVALID_KEY });
      expect(await alice.call('GET', '/builder/trades')).toMatchObject({ status: 401, body: INVALID_KEY });
    });
  });
});

describe('500 answers when the stores fail', () => {
  let service: RunningService;
  const account = privateKeyToAccount(KEYS[4]);
  const apiKeys = new ApiKeyStore();
  const creds = { key: randomUUID(), secret: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=', passphrase: 'ab'.repeat(32) };
  const builderCode = keccak256(stringToBytes(creds.key));

  /** Lookups work (so builder headers verify); creating and listing throw. */
  class BrokenBuilderStore extends BuilderKeyStore {
    override keysOf(): never {
      throw new Error('disk on fire');
    }
  }

  beforeAll(async () => {
    const builders = new BrokenBuilderStore();
    builders.restore([{ ...creds, address: account.address.toLowerCase(), builderCode, createdAtMs: 0, revokedAtMs: null }]);
    const desk = { trades: { forBuilder: () => { throw new Error('disk on fire'); } } } as unknown as TradingDesk;
    const exchange = { market: () => undefined } as unknown as Exchange;
    const router = addBuilderTradeRoutes(addBuilderKeyRoutes(new Router(), { apiKeys, builders }), { desk, exchange, builders, pageSize: 10 });
    service = await listenService({ name: 'clob', router, errors: plainErrors }, '127.0.0.1', 0);
  });
  afterAll(async () => {
    await service?.close();
  });

  it('create, list and builder trades answer their spec 500s', async () => {
    // The bare router has no L1 routes: the API key is made in the store directly.
    const caller = new Trader(service.url, account, apiKeys.create(account.address, 0n) as NonNullable<ReturnType<ApiKeyStore['create']>>);
    expect(await caller.call('POST', PATH)).toMatchObject({ status: 500, body: { error: 'could not create builder api key' } });
    expect(await caller.call('GET', PATH)).toMatchObject({ status: 500, body: { error: 'could not get builder api keys' } });
    const builder = { ...creds, builderCode };
    expect(await builderTrades(service.url, builder)).toMatchObject({ status: 500, body: { error: 'could not fetch builder trades' } });
    // Parameters are checked before the store is read.
    expect(await builderTrades(service.url, builder, '?before=x')).toMatchObject({ status: 400, body: PARAMS_ERROR });
  });
});

describe('builder keys across a restart', () => {
  let dir: string;
  let stateFile: string;
  const running: RunningSandbox[] = [];

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'md-builder-keys-'));
    stateFile = join(dir, 'state.json');
  });
  afterEach(async () => {
    await Promise.all(running.splice(0).map((s) => s.stop()));
    await rm(dir, { recursive: true, force: true });
  });

  async function start(): Promise<RunningSandbox> {
    const sandbox = await startSandbox({ seed: 7, port: 0, simulate: false, stateFile });
    running.push(sandbox);
    return sandbox;
  }

  it('keeps keys (active and revoked) and the attributed trades', async () => {
    const first = await start();
    const builder = await Trader.open(first.urls.clob, KEYS[2]);
    const trader = await Trader.open(first.urls.clob, KEYS[0]);
    await faucet(first.urls.clob, trader.address, '500');
    const active = await createBuilderKey(builder);
    const revoked = await createBuilderKey(builder);
    expect((await revoke(first.urls.clob, revoked)).status).toBe(200);
    const token = plainTick(8).market.tokenIds[0];
    const top = await bookTop(first.urls.clob, token);
    const taken = await placeWithBuilder(trader, token, 'BUY', top.ask, 500, active.builderCode, 'FOK');
    expect(taken.body.status).toBe('matched');
    const listedBefore = (await builder.call<Listed[]>('GET', PATH)).body;
    const tradesBefore = (await builderTrades(first.urls.clob, active)).body;
    expect(tradesBefore.data).toHaveLength(1);
    await first.stop();

    const saved = JSON.parse(await readFile(stateFile, 'utf8')) as { clobBuilderKeys: { version: number; keys: Array<{ key: string; revokedAtMs: number | null }> } };
    expect(saved.clobBuilderKeys.version).toBe(1);
    expect(saved.clobBuilderKeys.keys.map((k) => [k.key, k.revokedAtMs === null])).toEqual([[active.key, true], [revoked.key, false]]);

    const second = await start();
    const builderAgain = await Trader.open(second.urls.clob, KEYS[2]);
    expect((await builderAgain.call<Listed[]>('GET', PATH)).body).toEqual(listedBefore);
    expect((await builderTrades(second.urls.clob, active)).body).toEqual(tradesBefore);
    expect(await revoke(second.urls.clob, revoked)).toMatchObject({ status: 500, body: { error: `could not revoke the builder api key: ${revoked.key}` } });
    expect(await builderTrades(second.urls.clob, revoked)).toMatchObject({ status: 401 });
    expect(await revoke(second.urls.clob, active)).toMatchObject({ status: 200, body: 'OK' });
  });
});
