/**
 * The spec's order-book messages the sandbox produced nowhere before issue 11, each reachable
 * through the fault route (`POST /sandbox/faults/rules`, kind `message`) and, where the world
 * has a natural cause, from that cause; the trading-disabled mode refusing every kind of cancel;
 * version-1 orders signing the market's fee; the signature types balance reads accept.
 * All over real loopback HTTP.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PostOrderResponse } from '../../../src/shared/orders/orderSchema';
import { startSandbox, type RunningSandbox } from '../../../src/sandbox/start';
import { get, post, request } from './http';
import { admin, faucet, KEYS, liveMarket, signOrder, Trader, type OrderArgs } from './tradingClient';

const market = liveMarket(7, (e) => e.market.tickSize === '0.01' && !e.market.negRisk && e.market.minOrderSize === 5 && e.market.record.takerBaseFee === 0, 2);
const token = market.market.tokenIds[0];
const restingBid: OrderArgs = { tokenId: token, side: 'BUY', pips: 100, cents: 500 };
const ORDER_ID = /^0x[0-9a-f]{64}$/;

let sandbox: RunningSandbox;
let clob: string;
let trader: Trader;
const addRule = (rule: Record<string, unknown>) => post<{ rule?: unknown; error?: string }>(`${clob}/sandbox/faults/rules`, rule);
const openOrders = async () => (await trader.call<{ data: Array<{ id: string }> }>('GET', '/data/orders')).body.data.map((o) => o.id);

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 7, port: 0, simulate: false });
  clob = sandbox.urls.clob;
  trader = await Trader.open(clob, KEYS[1]);
  await faucet(clob, trader.address, '1000');
});
afterAll(async () => {
  await sandbox?.stop();
});
beforeEach(async () => {
  await request(`${clob}/sandbox/faults/rules`, { method: 'DELETE', headers: { 'content-type': 'application/json' } });
  await trader.call('DELETE', '/cancel-all');
  await admin(clob, '/sandbox/mode', { mode: 'normal' });
});

describe('order messages through the fault route', () => {
  const cases: Array<[string, number, RegExp]> = [
    ['crosses-book', 400, /^order (0x[0-9a-f]{64}) crosses the book$/],
    ['canceled-in-contract', 400, /^order canceled in the exchange contract$/],
    ['match-delayed', 400, /^order match delayed due to market conditions$/],
    ['timed-out', 500, /^order timed out$/],
    ['no-matching-orders', 500, /^there are no matching orders$/],
    ['fok-killed', 500, /^FOK orders are filled or killed$/],
    ['rounding-issues', 500, /^the trade contains rounding issues$/],
    ['price-discrepancy', 500, /^taker price discrepancy with the worst maker order exceeds the allowed amount$/],
  ];

  it.each(cases)('%s: POST /order answers %i with the message and nothing reaches the book', async (variant, status, message) => {
    expect((await addRule({ service: 'clob', method: 'POST', pathPattern: '/order', kind: 'message', variant, count: 1 })).status).toBe(201);
    const refused = await trader.order(restingBid);
    expect(refused.status).toBe(status);
    expect(refused.body.error).toMatch(message);
    expect(await openOrders()).toEqual([]);
    // The rule is spent: the next order is placed.
    expect((await trader.order(restingBid)).body).toMatchObject({ success: true, status: 'live' });
  });

  it('names the real order id in "order {id} crosses the book", and fails each order of a faulted batch inside the 200 array', async () => {
    await addRule({ service: 'clob', method: 'POST', pathPattern: '/orders', kind: 'message', variant: 'crosses-book', count: 1 });
    const bodies = [trader.body(await signOrder(trader.account, restingBid)), trader.body(await signOrder(trader.account, { ...restingBid, pips: 200 }))];
    const res = await trader.call<PostOrderResponse[]>('POST', '/orders', bodies);
    expect(res.status).toBe(200);
    for (const element of res.body) {
      expect(element).toMatchObject({ success: false, status: '' });
      expect(element.orderID).toMatch(ORDER_ID);
      expect(element.errorMsg).toBe(`order ${element.orderID} crosses the book`);
    }
    expect(await openOrders()).toEqual([]);
  });

  it('delayed: the order is accepted with status "delayed" and reaches the book after the delay', async () => {
    await addRule({ service: 'clob', method: 'POST', pathPattern: '/order', kind: 'message', variant: 'delayed', delayMs: 150, count: 1 });
    const res = await trader.order(restingBid);
    expect(res.body).toEqual({ success: true, errorMsg: '', orderID: expect.stringMatching(ORDER_ID), status: 'delayed', makingAmount: '', takingAmount: '' });
    expect(await openOrders()).toEqual([]);
    let open: string[] = [];
    for (let i = 0; i < 100 && open.length === 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      open = await openOrders();
    }
    expect(open).toEqual([res.body.orderID]);
  });

  it('refuses message rules that cannot act where they point, naming the reason', async () => {
    expect((await addRule({ service: 'clob', pathPattern: '/order', kind: 'message', count: 1 })).body.error).toMatch(/needs a variant/);
    expect((await addRule({ service: 'clob', pathPattern: '/order', kind: 'message', variant: 'nope', count: 1 })).body.error).toMatch(/needs a variant, one of crosses-book/);
    expect((await addRule({ service: 'catalog', pathPattern: '/events', kind: 'message', variant: 'api-keys', count: 1 })).body.error).toMatch(/service clob only/);
    expect((await addRule({ service: 'clob', method: 'GET', pathPattern: '/book', kind: 'message', variant: 'crosses-book', count: 1 })).body.error)
      .toMatch(/acts on orders: give method POST and pathPattern \/order or \/orders/);
    expect((await addRule({ service: 'clob', method: 'DELETE', pathPattern: '/order', kind: 'message', variant: 'delayed', count: 1 })).status).toBe(400);
  });
});

describe('request messages through the fault route', () => {
  it('GET /auth/api-keys answers 500 "Could not retrieve API keys"; the others their own 500s', async () => {
    await addRule({ service: 'clob', method: 'GET', pathPattern: '/auth/api-keys', kind: 'message', variant: 'api-keys', count: 1 });
    expect(await trader.call('GET', '/auth/api-keys')).toMatchObject({ status: 500, body: { error: 'Could not retrieve API keys' } });
    expect(await trader.call('GET', '/auth/api-keys')).toMatchObject({ status: 200, body: { apiKeys: [trader.creds.apiKey] } });
    await addRule({ service: 'clob', method: 'GET', pathPattern: '/last-trade-price', kind: 'message', variant: 'internal-error', count: 1 });
    expect(await get(`${clob}/last-trade-price?token_id=${token}`)).toMatchObject({ status: 500, body: { error: 'Internal server error' } });
    await addRule({ service: 'clob', method: 'DELETE', pathPattern: '/auth/api-key', kind: 'message', variant: 'delete-api-key', count: 1 });
    expect(await trader.call('DELETE', '/auth/api-key')).toMatchObject({ status: 500, body: { error: 'Could not delete API key' } });
    // The key is still there: the fault answered before the route ran.
    expect((await trader.call('GET', '/auth/api-keys')).status).toBe(200);
  });
});

describe('natural causes', () => {
  it('a crossing post-only order: "invalid post-only order" alone, "order {id} crosses the book" inside a batch', async () => {
    const top = (await get<{ asks: Array<{ price: string }> }>(`${clob}/book?token_id=${token}`)).body.asks.at(-1)!;
    const crossing: OrderArgs = { tokenId: token, side: 'BUY', pips: Math.round(Number(top.price) * 10_000), cents: 500 };
    expect((await trader.order(crossing, 'GTC', true)).body).toEqual({ error: 'invalid post-only order: order crosses book' });
    const res = await trader.call<PostOrderResponse[]>('POST', '/orders', [trader.body(await signOrder(trader.account, crossing), 'GTC', true)]);
    expect(res.body[0]!.errorMsg).toBe(`order ${res.body[0]!.orderID} crosses the book`);
    expect(res.body[0]!.orderID).toMatch(ORDER_ID);
  });
});

describe('trading disabled refuses every cancel; cancel-only allows them', () => {
  it('DELETE /order, /orders, /cancel-all and /cancel-market-orders get 503 and the order stays', async () => {
    const resting = (await trader.order(restingBid)).body.orderID;
    await admin(clob, '/sandbox/mode', { mode: 'trading-disabled' });
    const disabled = { status: 503, body: { error: 'Trading is currently disabled. Check the service site for updates' } };
    expect(await trader.call('DELETE', '/order', { orderID: resting })).toMatchObject(disabled);
    expect(await trader.call('DELETE', '/orders', [resting])).toMatchObject(disabled);
    expect(await trader.call('DELETE', '/cancel-all')).toMatchObject(disabled);
    expect(await trader.call('DELETE', '/cancel-market-orders', { asset_id: token })).toMatchObject(disabled);
    expect(await openOrders()).toEqual([resting]);
    await admin(clob, '/sandbox/mode', { mode: 'cancel-only' });
    expect((await trader.call('DELETE', '/cancel-market-orders', { asset_id: token })).body).toEqual({ canceled: [resting], not_canceled: {} });
  });
});

describe('balance reads take the spec\'s signature types only', () => {
  it('refuses the deposit wallet\'s own type; SAFE_WALLET reads a deposit wallet\'s balance', async () => {
    for (const type of ['SVC_1271', '3', 'POLY_GNOSIS_SAFE', 'eoa']) {
      expect(await trader.call('GET', `/balance-allowance?asset_type=COLLATERAL&signature_type=${type}`), type).toMatchObject({ status: 400, body: { error: 'Invalid signature_type' } });
    }
    const wallet = '0x00000000000000000000000000000000000d0d0d';
    await faucet(clob, wallet, '42');
    expect((await admin(clob, '/sandbox/funder', { signer: trader.address, funder: wallet, signatureType: 3 })).status).toBe(200);
    for (const type of ['SAFE_WALLET', '2']) {
      expect((await trader.call<{ balance: string }>('GET', `/balance-allowance?asset_type=COLLATERAL&signature_type=${type}`)).body.balance).toBe('42000000');
    }
    expect((await trader.call<{ balance: string }>('GET', '/balance-allowance?asset_type=COLLATERAL&signature_type=EOA')).body.balance).toBe('1000000000');
  });
});

describe('version-1 orders sign the market fee', () => {
  it('refuses a fee other than GET /fee-rate and accepts the market\'s own', async () => {
    const v1 = await startSandbox({ seed: 7, port: 0, simulate: false, orderVersion: 1 });
    try {
      const feeMarket = liveMarket(7, (e) => e.market.record.takerBaseFee === 100 && e.market.minOrderSize <= 5, 0);
      const bid: OrderArgs = { tokenId: feeMarket.market.tokenIds[0], side: 'BUY', pips: Number(feeMarket.market.tickSize) * 10_000, cents: 500 };
      const v1Trader = await Trader.open(v1.urls.clob, KEYS[2]);
      await faucet(v1.urls.clob, v1Trader.address, '100');
      expect((await get(`${v1.urls.clob}/fee-rate?token_id=${bid.tokenId}`)).body).toEqual({ base_fee: 100 });
      const unpaid = await v1Trader.call('POST', '/order', v1Trader.body(await signOrder(v1Trader.account, bid, 1)));
      expect(unpaid).toMatchObject({ status: 400, body: { error: 'invalid user provided fee rate: 0, fee rate for the market must be 100' } });
      const paid = await v1Trader.call('POST', '/order', v1Trader.body(await signOrder(v1Trader.account, { ...bid, feeRateBps: 100 }, 1)));
      expect(paid.body).toMatchObject({ success: true, status: 'live' });
    } finally {
      await v1.stop();
    }
  });
});
