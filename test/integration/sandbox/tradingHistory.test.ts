/**
 * Trade and order paging, price history, OHLC candles and the public recent trades, over real
 * loopback HTTP (small pages so paging shows with a handful of trades).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../../src/sandbox/start';
import { get } from './http';
import { bookTop, faucet, KEYS, liveMarket, Trader } from './tradingClient';

let sandbox: RunningSandbox;
let clob: string;
let trader: Trader;
const market = liveMarket(7, (e) => e.market.tickSize === '0.01' && !e.market.negRisk && e.market.minOrderSize === 5, 7);
const [yes, no] = market.market.tokenIds;
const tradeIds: string[] = [];
let lastAsk = 0;
let lastSize = 0;

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 7, port: 0, simulate: false, dataPageSize: 2 });
  clob = sandbox.urls.clob;
  trader = await Trader.open(clob, KEYS[1]);
  await faucet(clob, trader.address, '1000');
  for (let i = 0; i < 5; i += 1) {
    const top = await bookTop(clob, yes);
    lastAsk = top.ask;
    lastSize = Math.min(500, top.askSize);
    const res = await trader.order({ tokenId: yes, side: 'BUY', pips: top.ask, cents: lastSize }, 'FOK');
    expect(res.body.tradeIDs).toHaveLength(1);
    tradeIds.push(...(res.body.tradeIDs ?? []));
  }
});
afterAll(async () => {
  await sandbox?.stop();
});

describe('paging of /data/trades and /data/orders', () => {
  it('walks from MA== to LTE= and returns every trade once, newest first', async () => {
    const seen: string[] = [];
    const cursors: string[] = [];
    let cursor = 'MA==';
    for (let guard = 0; cursor !== 'LTE=' && guard < 10; guard += 1) {
      const page = await trader.call<{ data: Array<{ id: string }>; next_cursor: string; limit: number; count: number }>('GET', `/data/trades?next_cursor=${cursor}`);
      expect(page.status).toBe(200);
      expect(page.body.data.length).toBeLessThanOrEqual(2);
      seen.push(...page.body.data.map((t) => t.id));
      cursor = page.body.next_cursor;
      cursors.push(cursor);
    }
    expect(cursors).toEqual(['Mg==', 'NA==', 'LTE=']);
    expect(seen).toEqual([...tradeIds].reverse());
    const end = await trader.call<{ data: unknown[]; next_cursor: string }>('GET', '/data/trades?next_cursor=LTE=');
    expect(end.body).toMatchObject({ data: [], next_cursor: 'LTE=' });
    const one = await trader.call<{ data: Array<{ id: string }> }>('GET', `/data/trades?id=${tradeIds[2]}`);
    expect(one.body.data.map((t) => t.id)).toEqual([tradeIds[2]]);
  });

  it('pages open orders the same way', async () => {
    for (const pips of [100, 200, 300]) await trader.order({ tokenId: yes, side: 'BUY', pips, cents: 500 });
    const first = await trader.call<{ data: Array<{ price: string }>; next_cursor: string }>('GET', `/data/orders?market=${market.market.conditionId}`);
    expect(first.body.data.map((o) => o.price)).toEqual(['0.01', '0.02']);
    const second = await trader.call<{ data: Array<{ price: string }>; next_cursor: string }>('GET', `/data/orders?next_cursor=${first.body.next_cursor}`);
    expect(second.body).toMatchObject({ data: [{ price: '0.03' }], next_cursor: 'LTE=' });
  });
});

describe('price history and candles', () => {
  it('serves a seeded past and the live trades, mirrored for the No token', async () => {
    const day = await get<{ history: Array<{ t: number; p: number }> }>(`${clob}/prices-history?market=${yes}&interval=1d&fidelity=60`);
    expect(day.status).toBe(200);
    expect(day.body.history.length).toBeGreaterThanOrEqual(24);
    for (const [i, point] of day.body.history.entries()) {
      expect(point.p).toBeGreaterThan(0);
      expect(point.p).toBeLessThan(1);
      if (i > 0) expect(point.t - (day.body.history[i - 1] as { t: number }).t).toBe(3600);
    }
    const now = Math.floor(Date.now() / 1000);
    const recent = await get<{ history: Array<{ t: number; p: number }> }>(`${clob}/prices-history?market=${yes}&startTs=${now - 600}&fidelity=1`);
    expect(recent.body.history.at(-1)?.p).toBe(lastAsk / 10_000);
    const mirrored = await get<{ history: Array<{ t: number; p: number }> }>(`${clob}/prices-history?market=${no}&startTs=${now - 600}&fidelity=1`);
    expect(mirrored.body.history.map((h) => h.t)).toEqual(recent.body.history.map((h) => h.t));
    mirrored.body.history.forEach((h, i) => expect(h.p + (recent.body.history[i] as { p: number }).p).toBeCloseTo(1, 9));
  });

  it('refuses bad history filters', async () => {
    expect((await get(`${clob}/prices-history?interval=1d`)).body).toEqual({ error: 'invalid filters: market' });
    expect((await get(`${clob}/prices-history?market=${yes}`)).body).toEqual({ error: 'invalid filters: startTs' });
    expect((await get(`${clob}/prices-history?market=${yes}&interval=2d`)).body).toEqual({ error: 'invalid filters: interval' });
    expect((await get(`${clob}/prices-history?market=${yes}&interval=1d&fidelity=0`)).body).toEqual({ error: 'invalid filters: fidelity' });
    expect((await get(`${clob}/prices-history?market=123&interval=1d`)).body).toEqual({ history: [] });
  });

  it('serves OHLC candles and refuses with the spec messages', async () => {
    const start = Math.floor(Date.now() / 1000) - 6 * 3600;
    const res = await get<{ candles: Array<{ t: number; open: number; high: number; low: number; close: number; volume: number }> }>(
      `${clob}/ohlc?asset_id=${yes}&startTs=${start}&fidelity=1h`,
    );
    expect(res.status).toBe(200);
    expect(res.body.candles.length).toBeGreaterThanOrEqual(6);
    for (const c of res.body.candles) {
      expect(c.low).toBeLessThanOrEqual(Math.min(c.open, c.close));
      expect(c.high).toBeGreaterThanOrEqual(Math.max(c.open, c.close));
      expect(c.volume).toBeGreaterThanOrEqual(0);
    }
    expect(res.body.candles.at(-1)?.close).toBe(lastAsk / 10_000);
    const limited = await get<{ candles: unknown[] }>(`${clob}/ohlc?asset_id=${yes}&startTs=${start}&fidelity=15m&limit=3`);
    expect(limited.body.candles).toHaveLength(3);
    expect((await get(`${clob}/ohlc?asset_id=${yes}`)).body).toEqual({ error: 'startTs is required' });
    expect((await get(`${clob}/ohlc?startTs=${start}`)).body).toEqual({ error: 'asset_id is required' });
    expect((await get(`${clob}/ohlc?asset_id=${yes}&startTs=${start}&fidelity=2h`)).body).toEqual({ error: 'invalid fidelity: 2h' });
    expect((await get(`${clob}/ohlc?asset_id=${yes}&startTs=${start}&limit=1001`)).body).toEqual({ error: 'limit cannot exceed 1000' });
  });

  it('shows the recent trades of a token, newest first, from both sides', async () => {
    const res = await get<Array<{ side: string; price: string; size: string; outcome: string }>>(`${clob}/trades/recent?asset_id=${yes}&limit=2`);
    expect(res.body).toHaveLength(2);
    expect(res.body[0]).toMatchObject({ side: 'BUY', price: (lastAsk / 10_000).toFixed(2), size: (lastSize / 100).toFixed(2), outcome: 'Yes' });
    const noSide = await get<Array<{ side: string; price: string; outcome: string }>>(`${clob}/trades/recent?asset_id=${no}&limit=1`);
    expect(noSide.body[0]).toMatchObject({ side: 'SELL', price: ((10_000 - lastAsk) / 10_000).toFixed(2), outcome: 'No' });
    expect((await get(`${clob}/trades/recent?asset_id=abc`)).status).toBe(400);
  });
});
