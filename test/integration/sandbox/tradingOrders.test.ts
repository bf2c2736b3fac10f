/**
 * The trading half over real loopback HTTP with a still market (simulate: false): paper
 * balances and the faucet, every order placement and processing error with the spec's message,
 * each order type, user-vs-user matching (plain, mint and merge), batches and cancels.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PostOrderResponse } from '../../../src/shared/orders/orderSchema';
import { startSandbox, type RunningSandbox } from '../../../src/sandbox/start';
import { get, request } from './http';
import { admin, bookTop, faucet, KEYS, liveMarket, signOrder, Trader, worldMarkets } from './tradingClient';

let sandbox: RunningSandbox;
let alice: Trader;
let bob: Trader;
let carol: Trader;
let clob: string;

const USD = 1_000_000n;
const plainTick = (k: number) => liveMarket(7, (e) => e.market.tickSize === '0.01' && !e.market.negRisk && e.market.minOrderSize === 5, k);

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 7, port: 0, simulate: false });
  clob = sandbox.urls.clob;
  [alice, bob, carol] = await Promise.all([Trader.open(clob, KEYS[0]), Trader.open(clob, KEYS[1]), Trader.open(clob, KEYS[2])]);
  for (const trader of [alice, bob]) expect((await faucet(clob, trader.address, '10000')).status).toBe(200);
});
afterAll(async () => {
  await sandbox?.stop();
});

describe('version, balances and the faucet', () => {
  it('reports order schema version 2 and the server time', async () => {
    expect((await get(`${clob}/version`)).body).toEqual({ version: 2 });
    expect(typeof (await get(`${clob}/time`)).body).toBe('number');
  });

  it('credits collateral in base units and answers balance with an unlimited allowance', async () => {
    const res = await carol.call<{ balance: string; allowance: string }>('GET', '/balance-allowance?asset_type=COLLATERAL&signature_type=0');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ balance: '0', allowance: ((1n << 256n) - 1n).toString() });
    const funded = await faucet(clob, carol.address, '12.5');
    expect(funded.body).toEqual({ address: carol.address, balance: '12500000' });
    expect(await carol.balance()).toBe(12_500_000n);
    const updated = await carol.call<{ balance: string }>('GET', '/balance-allowance/update?asset_type=COLLATERAL&signature_type=EOA');
    expect(updated.body.balance).toBe('12500000');
  });

  it('refuses bad balance queries and bad faucet calls', async () => {
    expect((await carol.call('GET', '/balance-allowance?asset_type=USDC')).body).toEqual({ error: 'Invalid asset type' });
    expect((await carol.call('GET', '/balance-allowance?asset_type=COLLATERAL&signature_type=9')).body).toEqual({ error: 'Invalid signature_type' });
    expect((await carol.call('GET', '/balance-allowance?asset_type=CONDITIONAL')).status).toBe(400);
    const token = plainTick(0).market.tokenIds[0];
    expect((await carol.call<{ balance: string }>('GET', `/balance-allowance?asset_type=CONDITIONAL&token_id=${token}`)).body.balance).toBe('0');
    expect((await faucet(clob, carol.address, '1000000.01')).status).toBe(400);
    expect((await faucet(clob, carol.address, '-1')).status).toBe(400);
    expect((await faucet(clob, 'not-an-address', '1')).status).toBe(400);
    expect((await request(`${clob}/balance-allowance?asset_type=COLLATERAL`)).body).toEqual({ error: 'Unauthorized/Invalid api key' });
  });
});

describe('signature types with a funder', () => {
  it('a proxy order spends the funder\'s balance, and the balance read follows the funder', async () => {
    const funder = '0x00000000000000000000000000000000000f0f0f';
    const token = plainTick(0).market.tokenIds[0];
    await faucet(clob, funder, '50');
    const res = await carol.order({ tokenId: token, side: 'BUY', pips: 100, cents: 1000, signatureType: 1, maker: funder });
    expect(res.body).toMatchObject({ success: true, status: 'live' });
    const order = await carol.call<{ maker_address: string }>('GET', `/data/order/${res.body.orderID}`);
    expect(order.body.maker_address.toLowerCase()).toBe(funder);
    const proxyBalance = await carol.call<{ balance: string }>('GET', '/balance-allowance?asset_type=COLLATERAL&signature_type=1');
    expect(proxyBalance.body.balance).toBe('50000000');
    const linked = await admin(clob, '/sandbox/funder', { signer: carol.address, funder, signatureType: 2 });
    expect(linked.status).toBe(200);
    expect((await carol.call<{ balance: string }>('GET', '/balance-allowance?asset_type=COLLATERAL&signature_type=SAFE_WALLET')).body.balance).toBe('50000000');
    await carol.call('DELETE', '/order', { orderID: res.body.orderID });
  });
});

describe('order placement errors, with the spec messages', () => {
  const market = plainTick(1);
  const token = market.market.tokenIds[0];
  const error = (res: { body: unknown }) => (res.body as { error?: string }).error;

  it('Invalid order payload: not an order, post-only FOK, a bad signature', async () => {
    expect(error(await alice.call('POST', '/order', '{"order":1}'))).toBe('Invalid order payload');
    expect(error(await alice.call('POST', '/order', 'not json'))).toBe('Invalid order payload');
    const order = await signOrder(alice.account, { tokenId: token, side: 'BUY', pips: 3000, cents: 1000 });
    expect(error(await alice.call('POST', '/order', alice.body(order, 'FOK', true)))).toBe('Invalid order payload');
    const forged = { ...order, makerAmount: '3000001' };
    const res = await alice.call('POST', '/order', alice.body(forged));
    expect(res.status).toBe(400);
    expect(error(res)).toBe('Invalid order payload');
  });

  it('owner and signer must be the API key\'s', async () => {
    const order = await signOrder(alice.account, { tokenId: token, side: 'BUY', pips: 3000, cents: 1000 });
    const wrongOwner = await alice.call('POST', '/order', { ...alice.body(order), owner: bob.creds.apiKey });
    expect(error(wrongOwner)).toBe('the order owner has to be the owner of the API KEY');
    const eoaForOther = await signOrder(alice.account, { tokenId: token, side: 'BUY', pips: 3000, cents: 1000, maker: bob.address });
    expect(error(await alice.call('POST', '/order', alice.body(eoaForOther)))).toBe('the order owner has to be the owner of the API KEY');
    const bobsOrder = await signOrder(bob.account, { tokenId: token, side: 'BUY', pips: 3000, cents: 1000 });
    expect(error(await alice.call('POST', '/order', alice.body(bobsOrder)))).toBe('the order signer address has to be the address of the API KEY');
  });

  it('market, tick, minimum size, duplicate, expiration and balance checks', async () => {
    const pending = worldMarkets(7).find((e) => e.book === null && e.market.resolvedOutcome === null);
    if (!pending) throw new Error('world has no pending market');
    const notReady = await alice.order({ tokenId: pending.market.tokenIds[0], side: 'BUY', pips: 5000, cents: 1000, negRisk: pending.market.negRisk });
    expect(error(notReady)).toBe('the market is not yet ready to process new orders');

    const offTick = await signOrder(alice.account, { tokenId: token, side: 'BUY', pips: 3050, cents: 1000 });
    const tickRes = await alice.call<{ error: string }>('POST', '/order', alice.body(offTick));
    expect(tickRes.body.error).toMatch(/^order 0x[0-9a-f]{64} is invalid\. Price \(0\.305\) breaks minimum tick size rule: 0\.01$/);

    const small = await alice.order({ tokenId: token, side: 'BUY', pips: 3000, cents: 250 });
    expect(error(small)).toMatch(/^order 0x[0-9a-f]{64} is invalid\. Size \(2\.5\) lower than the minimum: 5$/);

    const order = await signOrder(alice.account, { tokenId: token, side: 'BUY', pips: 100, cents: 1000 });
    const first = await alice.call<PostOrderResponse>('POST', '/order', alice.body(order));
    expect(first.body).toMatchObject({ success: true, status: 'live' });
    const again = await alice.call('POST', '/order', alice.body(order));
    expect(error(again)).toBe(`order ${first.body.orderID} is invalid. Duplicated.`);

    const past = await alice.order({ tokenId: token, side: 'BUY', pips: 100, cents: 1000, expiration: Math.floor(Date.now() / 1000) - 10 }, 'GTD');
    expect(error(past)).toBe('invalid expiration');
    const gtcWithExpiry = await alice.order({ tokenId: token, side: 'BUY', pips: 100, cents: 1000, expiration: Math.floor(Date.now() / 1000) + 600 }, 'GTC');
    expect(error(gtcWithExpiry)).toBe('invalid expiration');

    const tooBig = await carol.order({ tokenId: token, side: 'BUY', pips: 5000, cents: 100_000 });
    expect(error(tooBig)).toBe('not enough balance / allowance');
    const noTokens = await carol.order({ tokenId: token, side: 'SELL', pips: 9000, cents: 1000 });
    expect(error(noTokens)).toBe('not enough balance / allowance');
  });

  it('post-only that would cross, FOK that cannot fill, FAK with nothing to match', async () => {
    const top = await bookTop(clob, token);
    const crossing = await alice.order({ tokenId: token, side: 'BUY', pips: top.ask, cents: 500 }, 'GTC', true);
    expect(error(crossing)).toBe('invalid post-only order: order crosses book');
    const fok = await alice.order({ tokenId: token, side: 'BUY', pips: top.ask, cents: top.askSize + 100 }, 'FOK');
    expect(fok.status).toBe(400);
    expect(error(fok)).toBe("order couldn't be fully filled. FOK orders are fully filled or killed.");
    const fak = await alice.order({ tokenId: token, side: 'BUY', pips: top.bid, cents: 500 }, 'FAK');
    expect(fak.status).toBe(400);
    expect(error(fak)).toBe('no orders found to match with FAK order. FAK orders are partially filled or killed if no match is found.');
  });

  it('banned and closed-only addresses, and the order-timed-out fault', async () => {
    expect((await admin(clob, '/sandbox/address', { address: carol.address, restriction: 'banned' })).status).toBe(200);
    expect(error(await carol.order({ tokenId: token, side: 'BUY', pips: 100, cents: 500 }))).toBe(`'${carol.address}' address banned`);
    await admin(clob, '/sandbox/address', { address: carol.address, restriction: 'closed-only' });
    expect(error(await carol.order({ tokenId: token, side: 'BUY', pips: 100, cents: 500 }))).toBe(`'${carol.address}' address in closed only mode`);
    await admin(clob, '/sandbox/address', { address: carol.address, restriction: 'none' });

    expect((await admin(clob, '/sandbox/faults', { orderTimeouts: 1 })).body).toEqual({ orderTimeouts: 1 });
    const order = await signOrder(carol.account, { tokenId: token, side: 'BUY', pips: 100, cents: 500 });
    const timedOut = await carol.call('POST', '/order', carol.body(order));
    expect(timedOut).toMatchObject({ status: 500, body: { error: 'order timed out' } });
    // It never reached the book, so the same order may be sent again.
    expect((await carol.call<PostOrderResponse>('POST', '/order', carol.body(order))).body.status).toBe('live');
  });
});

describe('order types against the simulated liquidity', () => {
  const market = plainTick(2);
  const token = market.market.tokenIds[0];

  it('GTC rests inside the spread, shows in the ladder and in open orders, and reserves collateral', async () => {
    const top = await bookTop(clob, token);
    const mid = (top.bid + top.ask) / 2;
    const before = await alice.balance();
    const res = await alice.order({ tokenId: token, side: 'BUY', pips: mid, cents: 700 });
    expect(res.body).toMatchObject({ success: true, errorMsg: '', status: 'live', makingAmount: '0', takingAmount: '0', tradeIDs: [] });
    expect((await bookTop(clob, token)).bid).toBe(mid);
    const open = await alice.call<{ data: Array<{ id: string; price: string; original_size: string; status: string }> }>('GET', `/data/orders?asset_id=${token}`);
    expect(open.body.data).toEqual([expect.objectContaining({ id: res.body.orderID, price: (mid / 10_000).toFixed(2), original_size: '7.00', status: 'LIVE' })]);
    expect(await alice.balance()).toBe(before);
    // 7 shares at mid are held: an order for the rest of the balance minus less than that fails.
    const rest = before - BigInt(700 * mid);
    const tooMuch = await alice.order({ tokenId: token, side: 'BUY', pips: 100, cents: Number(rest / 100n) + 100 });
    expect(tooMuch.body).toEqual({ error: 'not enough balance / allowance' });
    const one = await alice.call<{ id: string; status: string; order_type: string }>('GET', `/data/order/${res.body.orderID}`);
    expect(one.body).toMatchObject({ id: res.body.orderID, status: 'LIVE', order_type: 'GTC' });
  });

  it('FOK buys at the best ask and moves the balances exactly', async () => {
    const top = await bookTop(clob, token);
    const before = await bob.balance();
    const res = await bob.order({ tokenId: token, side: 'BUY', pips: top.ask, cents: 500 }, 'FOK');
    expect(res.body).toMatchObject({ success: true, status: 'matched', makingAmount: String((500 * top.ask) / 1_000_000), takingAmount: '5' });
    expect(res.body.tradeIDs).toHaveLength(1);
    expect(await bob.balance()).toBe(before - BigInt(500 * top.ask));
    expect(await bob.balance('CONDITIONAL', token)).toBe(5n * USD);
    const trades = await bob.call<{ data: Array<{ id: string; trader_side: string; side: string; size: string; status: string }> }>('GET', '/data/trades');
    expect(trades.body.data[0]).toMatchObject({ id: res.body.tradeIDs?.[0], trader_side: 'TAKER', side: 'BUY', size: '5.00', status: 'CONFIRMED' });
    expect((await bookTop(clob, token)).askSize).toBe(top.askSize - 500);
  });

  it('FAK fills what the limit allows and cancels the rest', async () => {
    const top = await bookTop(clob, token);
    const res = await bob.order({ tokenId: token, side: 'BUY', pips: top.ask, cents: top.askSize + 1_000 }, 'FAK');
    expect(res.body).toMatchObject({ success: true, status: 'matched', takingAmount: String(top.askSize / 100) });
    const order = await bob.call<{ status: string; size_matched: string }>('GET', `/data/order/${res.body.orderID}`);
    expect(order.body).toMatchObject({ status: 'MATCHED', size_matched: (top.askSize / 100).toFixed(2) });
    expect((await bookTop(clob, token)).ask).toBeGreaterThan(top.ask);
  });

  it('GTD rests until its expiration, then is canceled with a notification', async () => {
    const expiration = Math.floor(Date.now() / 1000) + 2;
    const res = await bob.order({ tokenId: token, side: 'BUY', pips: 100, cents: 500, expiration }, 'GTD');
    expect(res.body.status, JSON.stringify(res.body)).toBe('live');
    const deadline = Date.now() + 5_000;
    let status = 'LIVE';
    while (status === 'LIVE' && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
      status = (await bob.call<{ status: string }>('GET', `/data/order/${res.body.orderID}`)).body.status;
    }
    expect(status).toBe('CANCELED');
    const notes = await bob.call<Array<{ type: number; payload: { order_id: string; reason: string } }>>('GET', '/notifications');
    expect(notes.body).toContainEqual(expect.objectContaining({ type: 1, payload: expect.objectContaining({ order_id: res.body.orderID, reason: 'expired' }) }));
  });
});

describe('user against user', () => {
  it('a resting SELL is filled by a crossing BUY from a second address; both balances and trade lists move', async () => {
    const market = plainTick(3);
    const token = market.market.tokenIds[0];
    const top = await bookTop(clob, token);
    // Alice buys 10 shares from the simulated makers to have something to sell.
    await alice.order({ tokenId: token, side: 'BUY', pips: top.ask, cents: 1000 }, 'FOK');
    const mid = (top.bid + top.ask) / 2;
    const aliceCash = await alice.balance();
    const bobCash = await bob.balance();
    const sell = await alice.order({ tokenId: token, side: 'SELL', pips: mid, cents: 800 });
    expect(sell.body.status).toBe('live');
    const buy = await bob.order({ tokenId: token, side: 'BUY', pips: top.ask, cents: 500 });
    // Bob pays Alice's price, not his limit: the resting order sets the price.
    expect(buy.body).toMatchObject({ status: 'matched', makingAmount: String((500 * mid) / 1_000_000), takingAmount: '5' });
    expect(await alice.balance()).toBe(aliceCash + BigInt(500 * mid));
    expect(await bob.balance()).toBe(bobCash - BigInt(500 * mid));
    expect(await alice.balance('CONDITIONAL', token)).toBe(5n * USD);
    expect(await bob.balance('CONDITIONAL', token)).toBe(5n * USD);
    const tradeId = buy.body.tradeIDs?.[0];
    const bobTrades = await bob.call<{ data: Array<Record<string, unknown>> }>('GET', `/data/trades?market=${market.market.conditionId}`);
    const aliceTrades = await alice.call<{ data: Array<Record<string, unknown>> }>('GET', `/data/trades?market=${market.market.conditionId}`);
    expect(bobTrades.body.data[0]).toMatchObject({ id: tradeId, trader_side: 'TAKER', owner: bob.creds.apiKey });
    expect(aliceTrades.body.data[0]).toMatchObject({
      id: tradeId, trader_side: 'MAKER', owner: '',
      maker_orders: [expect.objectContaining({ order_id: sell.body.orderID, owner: alice.creds.apiKey, matched_amount: '5.00', side: 'SELL' })],
    });
    const resting = await alice.call<{ size_matched: string; status: string }>('GET', `/data/order/${sell.body.orderID}`);
    expect(resting.body).toMatchObject({ size_matched: '5.00', status: 'LIVE' });
    const notes = await alice.call<Array<{ type: number; payload: { trade_id: string } }>>('GET', '/notifications');
    expect(notes.body).toContainEqual(expect.objectContaining({ type: 2, payload: expect.objectContaining({ trade_id: tradeId }) }));
  });

  it('complementary matching: a BUY of Yes meets a BUY of No (mint), then two SELLs merge', async () => {
    const market = plainTick(4);
    const [yes, no] = market.market.tokenIds;
    const top = await bookTop(clob, yes);
    const p = (top.bid + top.ask) / 2;
    const aliceCash = await alice.balance();
    const bobCash = await bob.balance();
    const buyYes = await alice.order({ tokenId: yes, side: 'BUY', pips: p, cents: 1000 });
    expect(buyYes.body.status).toBe('live');
    const buyNo = await bob.order({ tokenId: no, side: 'BUY', pips: 10_000 - p, cents: 1000 });
    expect(buyNo.body).toMatchObject({ status: 'matched', takingAmount: '10', makingAmount: String((1000 * (10_000 - p)) / 1_000_000) });
    expect(await alice.balance('CONDITIONAL', yes)).toBe(10n * USD);
    expect(await bob.balance('CONDITIONAL', no)).toBe(10n * USD);
    // 10 full sets minted: exactly $10 of collateral went in.
    expect(aliceCash - (await alice.balance()) + (bobCash - (await bob.balance()))).toBe(10n * USD);

    const aliceAfterMint = await alice.balance();
    const bobAfterMint = await bob.balance();
    const sellYes = await alice.order({ tokenId: yes, side: 'SELL', pips: p, cents: 1000 });
    expect(sellYes.body.status).toBe('live');
    const sellNo = await bob.order({ tokenId: no, side: 'SELL', pips: 10_000 - p, cents: 1000 });
    expect(sellNo.body).toMatchObject({ status: 'matched', makingAmount: '10' });
    expect(await alice.balance('CONDITIONAL', yes)).toBe(0n);
    expect(await bob.balance('CONDITIONAL', no)).toBe(0n);
    expect((await alice.balance()) - aliceAfterMint + ((await bob.balance()) - bobAfterMint)).toBe(10n * USD);
  });
});

describe('batches and cancels', () => {
  const market = plainTick(5);
  const token = market.market.tokenIds[0];

  it('POST /orders answers per-order results in a 200 array and enforces the maximum of 15', async () => {
    const good = await signOrder(alice.account, { tokenId: token, side: 'BUY', pips: 200, cents: 500 });
    const offTick = await signOrder(alice.account, { tokenId: token, side: 'BUY', pips: 205, cents: 500 });
    const res = await alice.call<PostOrderResponse[]>('POST', '/orders', [alice.body(good), { nonsense: true }, alice.body(offTick), alice.body(good)]);
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(4);
    expect(res.body[0], JSON.stringify(res.body[0])).toMatchObject({ success: true, status: 'live' });
    expect(res.body[1]).toEqual({ success: false, errorMsg: 'Invalid order payload', orderID: '', status: '', makingAmount: '', takingAmount: '' });
    expect(res.body[2]).toMatchObject({ success: false, errorMsg: expect.stringMatching(/breaks minimum tick size rule: 0\.01$/) });
    expect(res.body[3]).toMatchObject({ success: false, errorMsg: `order ${res.body[0]?.orderID} is invalid. Duplicated.` });
    const many = Array.from({ length: 16 }, () => alice.body(good));
    expect((await alice.call('POST', '/orders', many)).body).toEqual({ error: 'Too many orders in payload: 16, max allowed: 15' });
  });

  it('cancels one, several, by market and all, with reasons for what cannot be canceled', async () => {
    const place = async (pips: number) => (await alice.order({ tokenId: token, side: 'BUY', pips, cents: 500 })).body.orderID;
    const [a, b, c, d] = [await place(300), await place(400), await place(500), await place(600)];
    const one = await alice.call('DELETE', '/order', { orderID: a });
    expect(one.body).toEqual({ canceled: [a], not_canceled: {} });
    const again = await alice.call('DELETE', '/order', { orderID: a });
    expect(again.body).toEqual({ canceled: [], not_canceled: { [a]: 'Order not found or already canceled' } });
    const notMine = await bob.call('DELETE', '/order', { orderID: b });
    expect(notMine.body).toEqual({ canceled: [], not_canceled: { [b]: 'Order not found or already canceled' } });
    const several = await alice.call('DELETE', '/orders', [b, c]);
    expect(several.body).toEqual({ canceled: [b, c], not_canceled: {} });
    const byMarket = await alice.call<{ canceled: string[] }>('DELETE', '/cancel-market-orders', { asset_id: token });
    expect(byMarket.body.canceled).toContain(d);
    const all = await alice.call<{ canceled: string[] }>('DELETE', '/cancel-all');
    expect(all.status).toBe(200);
    expect((await alice.call<{ data: unknown[] }>('GET', '/data/orders')).body.data).toEqual([]);
  });

  it('refuses bad cancel payloads with the spec messages', async () => {
    expect((await alice.call('DELETE', '/order', { id: 'x' })).body).toEqual({ error: 'Invalid order payload' });
    expect((await alice.call('DELETE', '/order', { orderID: '0x12' })).body).toEqual({ error: 'Invalid orderID' });
    expect((await alice.call('DELETE', '/orders', { orderID: '0x12' })).body).toEqual({ error: 'Invalid order payload' });
    expect((await alice.call('DELETE', '/orders', ['nope'])).body).toEqual({ error: 'Invalid orderID' });
    const ids = Array.from({ length: 3001 }, (_, i) => `0x${i.toString(16).padStart(64, '0')}`);
    expect((await alice.call('DELETE', '/orders', ids)).body).toEqual({ error: 'Too many orders in payload, max allowed: 3000' });
    expect((await alice.call('DELETE', '/cancel-market-orders', {})).body).toEqual({ error: 'Invalid order payload' });
    expect((await alice.call('GET', '/data/order/0x12')).body).toEqual({ error: 'Invalid orderID' });
    expect((await alice.call('GET', `/data/order/0x${'ab'.repeat(32)}`)).status).toBe(404);
    expect((await alice.call('GET', '/data/orders?next_cursor=zz')).body).toEqual({ error: 'invalid order params payload' });
    expect((await alice.call('GET', '/data/trades?before=yesterday')).body).toEqual({ error: 'Invalid trade params payload' });
  });
});

describe('notifications', () => {
  it('lists and drops notifications by id', async () => {
    const list = await bob.call<Array<{ id: number }>>('GET', '/notifications');
    expect(list.body.length).toBeGreaterThan(1);
    const [first, ...rest] = list.body;
    expect((await bob.call('DELETE', `/notifications?ids=${first?.id}`)).body).toBe('OK');
    expect((await bob.call<Array<{ id: number }>>('GET', '/notifications')).body.map((n) => n.id)).toEqual(rest.map((n) => n.id));
    expect((await bob.call('DELETE', '/notifications?ids=x')).body).toEqual({ error: 'invalid notification ids' });
  });
});
