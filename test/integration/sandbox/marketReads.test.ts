/**
 * The order book's market reads over real loopback HTTP (issue 11, "The order book's last
 * gaps"): a market by condition id, the market of a token, the fee rate, the reference client's
 * compact market info, the order-book history with its three 400s, and the 900-per-10 s ledger
 * window that the user's order, trade and notification reads share.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClobBook } from '../../../src/shared/protocol/clob';
import { startSandbox, type RunningSandbox } from '../../../src/sandbox/start';
import { get } from './http';
import { faucet, KEYS, liveMarket, Trader, worldMarkets } from './tradingClient';

const regular = liveMarket(7, (e) => e.market.tickSize === '0.01' && !e.market.negRisk, 0);
const crypto = liveMarket(7, (e) => e.market.record.takerBaseFee === 100, 0);
const closedMarket = worldMarkets(7).find((e) => e.book === null)!;
const UNKNOWN_CONDITION = `0x${'ab'.repeat(32)}`;
const UNKNOWN_TOKEN = '123456789';

let sandbox: RunningSandbox;
let clob: string;
beforeAll(async () => {
  sandbox = await startSandbox({ seed: 7, port: 0, simulate: false, bookHistoryMs: 20 });
  clob = sandbox.urls.clob;
});
afterAll(async () => {
  await sandbox?.stop();
});

describe('GET /markets/{condition_id}', () => {
  it('answers the market with its tokens, tick, minimum, fees and flags', async () => {
    const { market } = regular;
    const res = await get<Record<string, unknown>>(`${clob}/markets/${market.conditionId}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      condition_id: market.conditionId, question: market.question, market_slug: market.slug,
      active: true, closed: false, accepting_orders: true, enable_order_book: true,
      minimum_tick_size: 0.01, minimum_order_size: market.minOrderSize, neg_risk: false,
      maker_base_fee: 0, taker_base_fee: market.record.takerBaseFee,
    });
    const tokens = res.body.tokens as Array<{ token_id: string; outcome: string; price: number; winner: boolean }>;
    expect(tokens.map((t) => [t.token_id, t.outcome, t.winner])).toEqual([[market.tokenIds[0], 'Yes', false], [market.tokenIds[1], 'No', false]]);
    expect(tokens[0]!.price + tokens[1]!.price).toBeCloseTo(1, 6);
  });

  it('knows markets without a book', async () => {
    const res = await get<Record<string, unknown>>(`${clob}/markets/${closedMarket.market.conditionId}`);
    expect(res.body).toMatchObject({ condition_id: closedMarket.market.conditionId, enable_order_book: false });
  });

  it('400 Invalid market for a malformed id, 404 market not found for an unknown one', async () => {
    for (const bad of ['0x1234', 'abc', `0x${'zz'.repeat(32)}`, `${'ab'.repeat(32)}`]) {
      expect(await get(`${clob}/markets/${bad}`), bad).toMatchObject({ status: 400, body: { error: 'Invalid market' } });
    }
    expect(await get(`${clob}/markets/${UNKNOWN_CONDITION}`)).toMatchObject({ status: 404, body: { error: 'market not found' } });
  });
});

describe('GET /markets-by-token/{token_id}, GET /fee-rate and GET /clob-markets/{condition_id}', () => {
  it('names the market of either token', async () => {
    const { market } = regular;
    for (const tokenId of market.tokenIds) {
      expect((await get(`${clob}/markets-by-token/${tokenId}`)).body).toEqual({
        condition_id: market.conditionId, primary_token_id: market.tokenIds[0], secondary_token_id: market.tokenIds[1],
      });
    }
    expect(await get(`${clob}/markets-by-token/not-a-token`)).toMatchObject({ status: 400, body: { error: 'Invalid token id' } });
    expect(await get(`${clob}/markets-by-token/${UNKNOWN_TOKEN}`)).toMatchObject({ status: 404, body: { error: 'market not found' } });
  });

  it('answers the market fee in basis points: 100 on a fee market, 0 elsewhere', async () => {
    expect((await get(`${clob}/fee-rate?token_id=${crypto.market.tokenIds[1]}`)).body).toEqual({ base_fee: 100 });
    const plain = liveMarket(7, (e) => e.market.record.takerBaseFee === 0, 0);
    expect((await get(`${clob}/fee-rate?token_id=${plain.market.tokenIds[0]}`)).body).toEqual({ base_fee: 0 });
    expect(await get(`${clob}/fee-rate`)).toMatchObject({ status: 400, body: { error: 'Invalid token id' } });
    expect(await get(`${clob}/fee-rate?token_id=${UNKNOWN_TOKEN}`)).toMatchObject({ status: 404, body: { error: 'market not found' } });
  });

  it('serves the compact market info the reference client reads for market orders', async () => {
    const { market } = crypto;
    const res = await get(`${clob}/clob-markets/${market.conditionId}`);
    expect(res.body).toMatchObject({
      c: market.conditionId, t: [{ t: market.tokenIds[0], o: 'Yes' }, { t: market.tokenIds[1], o: 'No' }],
      mts: Number(market.tickSize), nr: market.negRisk, fd: { r: 0.01, e: 2, to: true }, tbf: 100, ao: true,
    });
    expect(await get(`${clob}/clob-markets/0x12`)).toMatchObject({ status: 400, body: { error: 'Invalid market' } });
  });
});

describe('GET /orderbook-history', () => {
  const history = (query: string) => get<{ data: ClobBook[]; count: number; error?: string }>(`${clob}/orderbook-history?${query}`);

  it('answers the three spec 400s, in order', async () => {
    const token = regular.market.tokenIds[0];
    expect(await history(`asset_id=${token}`)).toMatchObject({ status: 400, body: { error: 'startTs is required' } });
    expect(await history('startTs=0')).toMatchObject({ status: 400, body: { error: 'either market or asset_id must be provided' } });
    expect(await history(`startTs=0&asset_id=${token}&limit=1001`)).toMatchObject({ status: 400, body: { error: 'limit cannot exceed 1000' } });
    expect(await history(`startTs=0&asset_id=${token}&limit=1000`)).toMatchObject({ status: 200 });
    expect(await history(`startTs=soon&asset_id=${token}`)).toMatchObject({ status: 400, body: { error: 'invalid filters: startTs' } });
    expect(await history('startTs=0&market=0x12')).toMatchObject({ status: 400, body: { error: 'Invalid market' } });
    expect(await history('startTs=0&asset_id=x')).toMatchObject({ status: 400, body: { error: 'Invalid token id' } });
  });

  it('returns the recorded books of a token or of both tokens of a market, oldest first, within the window', async () => {
    const { market } = regular;
    const one = await history(`startTs=0&asset_id=${market.tokenIds[0]}`);
    expect(one.status).toBe(200);
    expect(one.body.count).toBeGreaterThan(0);
    expect(one.body.data.every((b) => b.asset_id === market.tokenIds[0] && b.market === market.conditionId)).toBe(true);
    const live = (await get<ClobBook>(`${clob}/book?token_id=${market.tokenIds[0]}`)).body;
    expect(one.body.data.at(-1)).toMatchObject({ hash: live.hash, bids: live.bids, asks: live.asks });

    const both = await history(`startTs=0&market=${market.conditionId}`);
    expect(new Set(both.body.data.map((b) => b.asset_id))).toEqual(new Set(market.tokenIds));
    const times = both.body.data.map((b) => Number(b.timestamp));
    expect(times).toEqual([...times].sort((a, b) => a - b));

    const future = Math.floor(Date.now() / 1000) + 3_600;
    expect((await history(`startTs=${future}&market=${market.conditionId}`)).body).toEqual({ data: [], count: 0 });
    expect((await history(`startTs=0&endTs=1&market=${market.conditionId}`)).body.count).toBe(0);
    expect((await history(`startTs=0&market=${UNKNOWN_CONDITION}`)).body).toEqual({ data: [], count: 0 });
    expect((await history(`startTs=0&market=${market.conditionId}&limit=1`)).body.count).toBe(1);
  });

  it('records a book again once it changes', async () => {
    const { market } = regular;
    const query = `startTs=0&asset_id=${market.tokenIds[0]}&limit=1000`;
    const before = (await history(query)).body.data;
    const trader = await Trader.open(clob, KEYS[4]);
    await faucet(clob, trader.address, '100');
    const placed = await trader.order({ tokenId: market.tokenIds[0], side: 'BUY', pips: 100, cents: 1000 });
    expect(placed.body).toMatchObject({ success: true, status: 'live' });
    const changed = (await get<ClobBook>(`${clob}/book?token_id=${market.tokenIds[0]}`)).body.hash;
    let after = before;
    // The history samples every 20 ms here; wait (bounded) for the sample that holds the order.
    for (let i = 0; i < 100 && after.at(-1)?.hash !== changed; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      after = (await history(query)).body.data;
    }
    expect(after.at(-1)?.hash).toBe(changed);
    expect(after.length).toBe(before.length + 1);
    const atOneCent = (book: ClobBook | undefined) => Number(book?.bids.find((level) => level.price === '0.01')?.size ?? 0);
    expect(atOneCent(after.at(-1)) - atOneCent(before.at(-1))).toBeCloseTo(10, 6);
    await trader.call('DELETE', '/order', { orderID: placed.body.orderID });
  });
});

describe('the ledger window (900 per 10 s)', () => {
  it('throttles the user\'s order, trade and notification reads as one window, and no other route', async () => {
    const edge = await startSandbox({ seed: 7, port: 0, simulate: false, edge: { limits: { 'clob:ledger': 4 }, maxWaitMs: 100 } });
    try {
      const trader = await Trader.open(edge.urls.clob, KEYS[5]);
      const reads = ['/data/orders', '/data/trades', '/notifications', '/data/orders', '/data/trades', '/notifications'];
      const answers = await Promise.all(reads.map((path) => trader.call('GET', path)));
      expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 429, 429]);
      const ledger = edge.edgeStats().find((s) => s.scope === 'clob:ledger')!;
      expect(ledger).toMatchObject({ label: 'Order-book ledger reads (orders, trades, notifications)', total: 6, limit: 4, windowMs: 10_000, rejected: 2 });
      // The public tape and the market reads do not count in it.
      for (const path of ['/trades/recent?asset_id=' + regular.market.tokenIds[0], '/fee-rate?token_id=' + regular.market.tokenIds[0]]) {
        expect((await get(`${edge.urls.clob}${path}`)).status).toBe(200);
      }
      expect(edge.edgeStats().find((s) => s.scope === 'clob:ledger')!.total).toBe(6);
    } finally {
      await edge.stop();
    }
  });
});
