/**
 * The trading half survives a restart on the same state file: balances, open orders (back on
 * the book, still cancelable, still duplicates), trades and notifications. A file written under
 * another seed's world is ignored.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PostOrderResponse } from '../../../src/shared/orders/orderSchema';
import { startSandbox, type RunningSandbox } from '../../../src/sandbox/start';
import { bookTop, faucet, KEYS, liveMarket, signOrder, Trader } from './tradingClient';

let dir: string;
let stateFile: string;
const running: RunningSandbox[] = [];

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'md-trading-restart-'));
  stateFile = join(dir, 'state.json');
});
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.stop()));
  await rm(dir, { recursive: true, force: true });
});

async function start(seed = 7): Promise<RunningSandbox> {
  const sandbox = await startSandbox({ seed, port: 0, simulate: false, stateFile });
  running.push(sandbox);
  return sandbox;
}

const market = liveMarket(7, (e) => e.market.tickSize === '0.01' && !e.market.negRisk && e.market.minOrderSize === 5, 8);
const token = market.market.tokenIds[0];

describe('trading state across a restart', () => {
  it('keeps balances, open orders, trades and notifications', async () => {
    const first = await start();
    const alice = await Trader.open(first.urls.clob, KEYS[0]);
    await faucet(first.urls.clob, alice.address, '500');
    const top = await bookTop(first.urls.clob, token);
    const bought = await alice.order({ tokenId: token, side: 'BUY', pips: top.ask, cents: Math.min(500, top.askSize) }, 'FOK');
    const tradeId = bought.body.tradeIDs?.[0];
    const restingOrder = await signOrder(alice.account, { tokenId: token, side: 'BUY', pips: 100, cents: 1000 });
    const resting = await alice.call<PostOrderResponse>('POST', '/order', alice.body(restingOrder));
    const cash = await alice.balance();
    const tokens = await alice.balance('CONDITIONAL', token);
    const notes = (await alice.call<unknown[]>('GET', '/notifications')).body;
    await first.stop();

    const saved = JSON.parse(await readFile(stateFile, 'utf8')) as { clobTrading: { seed: number; orders: unknown[] } };
    expect(saved.clobTrading.seed).toBe(7);

    const second = await start();
    const again = await Trader.open(second.urls.clob, KEYS[0]);
    expect(again.creds).toEqual(alice.creds);
    expect(await again.balance()).toBe(cash);
    expect(await again.balance('CONDITIONAL', token)).toBe(tokens);
    const open = await again.call<{ data: Array<{ id: string; status: string }> }>('GET', '/data/orders');
    expect(open.body.data).toEqual([expect.objectContaining({ id: resting.body.orderID, status: 'LIVE' })]);
    const book = await again.call('GET', `/book?token_id=${token}`);
    expect(JSON.stringify(book.body)).toContain('{"price":"0.01","size":"10.00"}');
    const trades = await again.call<{ data: Array<{ id: string }> }>('GET', '/data/trades');
    expect(trades.body.data.map((t) => t.id)).toEqual([tradeId]);
    expect((await again.call<unknown[]>('GET', '/notifications')).body).toEqual(notes);
    // Still a duplicate, and its reservation still counts.
    expect((await again.call('POST', '/order', again.body(restingOrder))).body).toEqual({ error: `order ${resting.body.orderID} is invalid. Duplicated.` });
    expect((await again.call('DELETE', '/order', { orderID: resting.body.orderID })).body).toEqual({ canceled: [resting.body.orderID], not_canceled: {} });
  });

  it('ignores a trading section written under another seed', async () => {
    const first = await start(7);
    const alice = await Trader.open(first.urls.clob, KEYS[0]);
    await faucet(first.urls.clob, alice.address, '500');
    await first.stop();
    const other = await start(8);
    const again = await Trader.open(other.urls.clob, KEYS[0]);
    expect(await again.balance()).toBe(0n);
  });
});
