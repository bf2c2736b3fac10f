/**
 * Exchange modes, the heartbeat dead-man switch, the per-signer token buckets and order schema
 * version 1, over real loopback HTTP. Timed modes use fractions of a second.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PostOrderResponse } from '../../../src/shared/orders/orderSchema';
import { startSandbox, type RunningSandbox } from '../../../src/sandbox/start';
import { get } from './http';
import { admin, faucet, KEYS, liveMarket, signOrder, Trader } from './tradingClient';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const market = liveMarket(7, (e) => e.market.tickSize === '0.01' && !e.market.negRisk && e.market.minOrderSize === 5, 6);
const token = market.market.tokenIds[0];
/** A bid far below the market: rests, never fills. */
const restingBid = { tokenId: token, side: 'BUY' as const, pips: 100, cents: 500 };

describe('exchange modes', () => {
  let sandbox: RunningSandbox;
  let alice: Trader;
  let clob: string;
  const setMode = (body: Record<string, unknown>) => admin(clob, '/sandbox/mode', body);

  beforeAll(async () => {
    sandbox = await startSandbox({ seed: 7, port: 0, simulate: false, heartbeatTimeoutMs: 600 });
    clob = sandbox.urls.clob;
    alice = await Trader.open(clob, KEYS[3]);
    await faucet(clob, alice.address, '1000');
  });
  afterAll(async () => {
    await sandbox?.stop();
  });

  it('trading disabled: orders and cancels get 503', async () => {
    const resting = (await alice.order(restingBid)).body.orderID;
    expect((await setMode({ mode: 'trading-disabled' })).body).toMatchObject({ mode: 'trading-disabled', untilMs: null });
    const message = 'Trading is currently disabled. Check the service site for updates';
    expect(await alice.order(restingBid)).toMatchObject({ status: 503, body: { error: message } });
    expect(await alice.call('POST', '/orders', [alice.body(await signOrder(alice.account, restingBid))])).toMatchObject({ status: 503, body: { error: message } });
    expect(await alice.call('DELETE', '/order', { orderID: resting })).toMatchObject({ status: 503, body: { error: message } });
    expect(await alice.call('DELETE', '/cancel-all')).toMatchObject({ status: 503, body: { error: message } });
    await setMode({ mode: 'normal' });
    expect((await alice.call('DELETE', '/order', { orderID: resting })).body).toEqual({ canceled: [resting], not_canceled: {} });
  });

  it('cancel-only: orders get 503, cancels work', async () => {
    const resting = (await alice.order(restingBid)).body.orderID;
    await setMode({ mode: 'cancel-only' });
    expect(await alice.order(restingBid)).toMatchObject({
      status: 503, body: { error: 'Trading is currently cancel-only. New orders are not accepted, but cancels are allowed.' },
    });
    expect((await alice.call('DELETE', '/order', { orderID: resting })).body).toEqual({ canceled: [resting], not_canceled: {} });
    await setMode({ mode: 'normal' });
  });

  it('post-only: other orders get 503 post_only_mode with the retry hint; post-only orders and cancels pass', async () => {
    await setMode({ mode: 'post-only', retryAfterSeconds: 7 });
    const refused = await alice.order(restingBid);
    expect(refused.status).toBe(503);
    expect(refused.body).toEqual({ error: 'post-only mode: only post-only orders and cancels are allowed', code: 'post_only_mode', retry_after_seconds: 7 });
    expect(refused.headers.get('retry-after')).toBe('7');
    const postOnly = await alice.order(restingBid, 'GTC', true);
    expect(postOnly.body).toMatchObject({ success: true, status: 'live' });
    expect((await alice.call('DELETE', '/order', { orderID: postOnly.body.orderID })).status).toBe(200);
  });

  it('post-only batch: a refused order comes back with success true, errorMsg set and empty strings', async () => {
    const a = await signOrder(alice.account, restingBid);
    const b = await signOrder(alice.account, restingBid);
    const res = await alice.call<PostOrderResponse[]>('POST', '/orders', [alice.body(a, 'GTC', true), alice.body(b, 'GTC')]);
    expect(res.status).toBe(200);
    expect(res.body[0]).toMatchObject({ success: true, errorMsg: '', status: 'live' });
    expect(res.body[1]).toEqual({
      success: true, errorMsg: 'post-only mode: only post-only orders and cancels are allowed', orderID: '', status: '', makingAmount: '', takingAmount: '',
    });
    await setMode({ mode: 'normal' });
    await alice.call('DELETE', '/cancel-all');
  });

  it('restarting: 425 on every authenticated request, then post-only for a while, then normal', async () => {
    const resting = (await alice.order(restingBid)).body.orderID;
    const status = await setMode({ mode: 'restarting', durationSeconds: 0.6, postOnlySeconds: 1.5 });
    expect(status.body).toMatchObject({ mode: 'restarting', next: [{ mode: 'post-only' }] });
    const order = await alice.order(restingBid);
    expect(order.status).toBe(425);
    expect(order.headers.get('retry-after')).toBe('1');
    expect((await alice.call('DELETE', '/order', { orderID: resting })).status).toBe(425);
    expect((await alice.call('POST', '/v1/heartbeats', { heartbeat_id: '' })).status).toBe(425);
    // The account's reads are authenticated requests too (the spec lists 425 under "any
    // authenticated endpoint"); public market data keeps answering.
    expect((await alice.call('GET', '/data/orders')).status).toBe(425);
    expect((await get(`${clob}/book?token_id=${restingBid.tokenId}`)).status).toBe(200);
    await sleep(700);
    expect((await alice.order(restingBid)).body).toMatchObject({ code: 'post_only_mode' });
    expect((await alice.call('DELETE', '/order', { orderID: resting })).status).toBe(200);
    await sleep(1_500);
    expect((await alice.order(restingBid)).body).toMatchObject({ success: true, status: 'live' });
    expect((await admin(clob, '/sandbox/mode')).body).toMatchObject({ mode: 'normal' });
    await alice.call('DELETE', '/cancel-all');
  });

  it('refuses a bad mode request', async () => {
    expect((await setMode({ mode: 'closed' })).status).toBe(400);
    expect((await setMode({ mode: 'post-only', durationSeconds: -1 })).status).toBe(400);
    expect((await admin(clob, '/sandbox/address', { address: alice.address, restriction: 'jailed' })).status).toBe(400);
    expect((await admin(clob, '/sandbox/faults', { orderTimeouts: -2 })).status).toBe(400);
  });

  it('heartbeats: a gap over the timeout cancels every order of the address (dead-man switch)', async () => {
    const first = await alice.call<{ heartbeat_id: string }>('POST', '/v1/heartbeats', { heartbeat_id: '' });
    expect(first.status).toBe(200);
    const id = first.body.heartbeat_id;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const order = (await alice.order(restingBid)).body.orderID;
    for (let i = 0; i < 4; i += 1) {
      await sleep(150);
      expect((await alice.call('POST', '/v1/heartbeats', { heartbeat_id: id })).body).toEqual({ heartbeat_id: id });
    }
    expect((await alice.call<{ status: string }>('GET', `/data/order/${order}`)).body.status).toBe('LIVE');
    await sleep(900);
    expect((await alice.call<{ status: string }>('GET', `/data/order/${order}`)).body.status).toBe('CANCELED');
    const notes = await alice.call<Array<{ type: number; payload: { order_id: string; reason: string } }>>('GET', '/notifications');
    expect(notes.body).toContainEqual(expect.objectContaining({ type: 1, payload: expect.objectContaining({ order_id: order, reason: 'heartbeat timeout' }) }));
    // Out of heartbeat mode now: orders rest again until the next heartbeat.
    const later = (await alice.order(restingBid)).body.orderID;
    await sleep(700);
    expect((await alice.call<{ status: string }>('GET', `/data/order/${later}`)).body.status).toBe('LIVE');
    expect((await alice.call('POST', '/v1/heartbeats', '[1]')).body).toEqual({ error: 'invalid heartbeat payload' });
  });
});

describe('per-signer token buckets', () => {
  let sandbox: RunningSandbox;
  beforeAll(async () => {
    sandbox = await startSandbox({
      seed: 7, port: 0, simulate: false,
      signerBuckets: { orders: { capacity: 2, refillPerSecond: 0 }, cancels: { capacity: 1, refillPerSecond: 0 } },
    });
  });
  afterAll(async () => {
    await sandbox?.stop();
  });

  it('answers 429 Too Many Requests once a signer has spent its orders or cancels', async () => {
    const trader = await Trader.open(sandbox.urls.clob, KEYS[4]);
    await faucet(sandbox.urls.clob, trader.address, '100');
    expect((await trader.order(restingBid)).status).toBe(200);
    const batch = [trader.body(await signOrder(trader.account, restingBid)), trader.body(await signOrder(trader.account, restingBid))];
    expect(await trader.call('POST', '/orders', batch)).toMatchObject({ status: 429, body: { error: 'Too Many Requests' } });
    expect((await trader.order(restingBid)).status).toBe(200);
    expect(await trader.order(restingBid)).toMatchObject({ status: 429, body: { error: 'Too Many Requests' } });
    expect((await trader.call('DELETE', '/cancel-all')).status).toBe(200);
    expect((await trader.call('DELETE', '/cancel-all')).status).toBe(429);
    // Another signer has its own buckets.
    const other = await Trader.open(sandbox.urls.clob, KEYS[5]);
    expect((await other.call('DELETE', '/cancel-all')).status).toBe(200);
  });
});

describe('order schema version 1', () => {
  let sandbox: RunningSandbox;
  beforeAll(async () => {
    sandbox = await startSandbox({ seed: 7, port: 0, simulate: false, orderVersion: 1 });
  });
  afterAll(async () => {
    await sandbox?.stop();
  });

  it('reports version 1, accepts v1 orders and refuses v2 ones', async () => {
    const clob = sandbox.urls.clob;
    expect((await get(`${clob}/version`)).body).toEqual({ version: 1 });
    const trader = await Trader.open(clob, KEYS[0]);
    await faucet(clob, trader.address, '100');
    const v1 = await signOrder(trader.account, restingBid, 1);
    const placed = await trader.call<PostOrderResponse>('POST', '/order', trader.body(v1));
    expect(placed.body).toMatchObject({ success: true, status: 'live' });
    const open = await trader.call<{ data: Array<{ id: string }> }>('GET', '/data/orders');
    expect(open.body.data.map((o) => o.id)).toEqual([placed.body.orderID]);
    const v2 = await signOrder(trader.account, restingBid, 2);
    expect((await trader.call('POST', '/order', trader.body(v2))).body).toEqual({ error: 'Invalid order payload' });
  });
});
