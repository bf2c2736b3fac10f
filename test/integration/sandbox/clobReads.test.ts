import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../../src/sandbox/start';
import { CLOB_BATCH_READ_MAX, type ClobBook } from '../../../src/shared/protocol/clob';
import { get, post } from './http';

let sandbox: RunningSandbox;
let clob: string;
let yes: string;
let no: string;
let tickSize: number;
let negRisk: boolean;
let closedToken: string;
const UNKNOWN = '12345678901234567890';

beforeAll(async () => {
  // Simulation off: the assertions compare several reads of the same book.
  sandbox = await startSandbox({ seed: 7, port: 0, simulate: false });
  clob = sandbox.urls.clob;
  const events = (await get<Array<Record<string, unknown>>>(`${sandbox.urls.catalog}/events?limit=500`)).body;
  const market = events.flatMap((e) => e.markets as Array<Record<string, unknown>>).find((m) => m.acceptingOrders && m.negRisk)!;
  [yes, no] = JSON.parse(market.clobTokenIds as string) as [string, string];
  tickSize = market.orderPriceMinTickSize as number;
  negRisk = market.negRisk as boolean;
  const closed = events.find((e) => e.closed)!;
  closedToken = (JSON.parse((closed.markets as Array<Record<string, unknown>>)[0]!.clobTokenIds as string) as string[])[0]!;
});
afterAll(async () => {
  await sandbox?.stop();
});

describe('order-book reads over loopback HTTP', () => {
  it('GET /book returns the documented shape, all strings, best level last', async () => {
    const res = await get<ClobBook>(`${clob}/book?token_id=${yes}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json');
    const book = res.body;
    expect(Object.keys(book)).toEqual(['market', 'asset_id', 'timestamp', 'hash', 'bids', 'asks', 'min_order_size', 'tick_size', 'neg_risk', 'last_trade_price']);
    expect(book.asset_id).toBe(yes);
    expect(book.market).toMatch(/^0x[0-9a-f]{64}$/);
    expect(book.timestamp).toMatch(/^\d{13}$/);
    expect(book.hash).toMatch(/^0x[0-9a-f]{40}$/);
    expect(book.tick_size).toBe(String(tickSize));
    expect(book.neg_risk).toBe(negRisk);
    expect(book.min_order_size).toMatch(/^\d+$/);
    expect(book.bids.length).toBeGreaterThanOrEqual(1);
    expect(book.asks.length).toBeGreaterThanOrEqual(1);
    const bidPrices = book.bids.map((l) => Number(l.price));
    const askPrices = book.asks.map((l) => Number(l.price));
    expect(bidPrices).toEqual([...bidPrices].sort((a, b) => a - b));
    expect(askPrices).toEqual([...askPrices].sort((a, b) => b - a));
    expect(bidPrices.at(-1)!).toBeLessThan(askPrices.at(-1)!);
    for (const level of [...book.bids, ...book.asks]) {
      expect(typeof level.price).toBe('string');
      expect(level.size).toMatch(/^\d+\.\d{2}$/);
    }
  });

  it('serves the No book as the exact complement of the Yes book', async () => {
    const [y, n] = [(await get<ClobBook>(`${clob}/book?token_id=${yes}`)).body, (await get<ClobBook>(`${clob}/book?token_id=${no}`)).body];
    expect(n.bids.map((l) => (1 - Number(l.price)).toFixed(4))).toEqual(y.asks.map((l) => Number(l.price).toFixed(4)));
    expect(n.bids.map((l) => l.size)).toEqual(y.asks.map((l) => l.size));
    expect(n.market).toBe(y.market);
  });

  it('answers price, midpoint, spread, last trade, tick size and neg risk consistently with the book', async () => {
    const book = (await get<ClobBook>(`${clob}/book?token_id=${yes}`)).body;
    const bestBid = book.bids.at(-1)!.price;
    const bestAsk = book.asks.at(-1)!.price;
    expect((await get(`${clob}/price?token_id=${yes}&side=BUY`)).body).toEqual({ price: bestBid });
    expect((await get(`${clob}/price?token_id=${yes}&side=SELL`)).body).toEqual({ price: bestAsk });
    const mid = (await get<{ mid: string }>(`${clob}/midpoint?token_id=${yes}`)).body.mid;
    expect(Number(mid)).toBeCloseTo((Number(bestBid) + Number(bestAsk)) / 2, 9);
    const spread = (await get<{ spread: string }>(`${clob}/spread?token_id=${yes}`)).body.spread;
    expect(Number(spread)).toBeCloseTo(Number(bestAsk) - Number(bestBid), 9);
    const last = (await get<{ price: string; side: string }>(`${clob}/last-trade-price?token_id=${yes}`)).body;
    expect(last.price).toBe(book.last_trade_price);
    expect(['BUY', 'SELL']).toContain(last.side);
    expect((await get(`${clob}/tick-size?token_id=${yes}`)).body).toEqual({ minimum_tick_size: tickSize });
    expect((await get(`${clob}/neg-risk?token_id=${yes}`)).body).toEqual({ neg_risk: negRisk });
  });

  it('answers the batch reads for many tokens and leaves unknown ones out', async () => {
    const items = [{ token_id: yes }, { token_id: no }, { token_id: UNKNOWN }];
    const books = (await post<ClobBook[]>(`${clob}/books`, items)).body;
    expect(books.map((b) => b.asset_id)).toEqual([yes, no]);
    const prices = (await post<Record<string, Record<string, string>>>(`${clob}/prices`, [
      { token_id: yes, side: 'BUY' }, { token_id: yes, side: 'SELL' }, { token_id: no, side: 'BUY' },
    ])).body;
    expect(Object.keys(prices).sort()).toEqual([yes, no].sort());
    expect(Object.keys(prices[yes]!).sort()).toEqual(['BUY', 'SELL']);
    expect(prices[yes]!.BUY).toBe((await get<{ price: string }>(`${clob}/price?token_id=${yes}&side=BUY`)).body.price);
    const mids = (await post<Record<string, string>>(`${clob}/midpoints`, items)).body;
    expect(Number(mids[yes]) + Number(mids[no])).toBeCloseTo(1, 9);
    const spreads = (await post<Record<string, string>>(`${clob}/spreads`, items)).body;
    expect(spreads[yes]).toBe(spreads[no]);
    const trades = (await post<Array<{ token_id: string; price: string; side: string }>>(`${clob}/last-trades-prices`, items)).body;
    expect(trades.map((t) => t.token_id)).toEqual([yes, no]);
    expect((await post(`${clob}/books`, [])).body).toEqual([]);
  });

  it('serves health and time', async () => {
    const okRes = await get(`${clob}/ok`);
    expect(okRes.status).toBe(200);
    expect(okRes.body).toBe('OK');
    const time = (await get<number>(`${clob}/time`)).body;
    expect(Number.isInteger(time)).toBe(true);
    expect(Math.abs(time - Date.now() / 1000)).toBeLessThan(5);
  });

  it.each([
    ['/book?token_id=abc', 400, 'Invalid token id'],
    ['/book', 400, 'Invalid token id'],
    ['/book?token_id=0x1234', 400, 'Invalid token id'],
    [`/book?token_id=${'9'.repeat(79)}`, 400, 'Invalid token id'],
    [`/book?token_id=${UNKNOWN}`, 404, 'No orderbook exists for the requested token id'],
    ['/price?token_id=abc&side=BUY', 400, 'Invalid token id'],
    [`/price?token_id=${UNKNOWN}&side=BUY`, 404, 'No orderbook exists for the requested token id'],
    ['/midpoint?token_id=-1', 400, 'Invalid token id'],
    [`/midpoint?token_id=${UNKNOWN}`, 404, 'No orderbook exists for the requested token id'],
    ['/spread?token_id=', 400, 'Invalid token id'],
    [`/spread?token_id=${UNKNOWN}`, 404, 'No orderbook exists for the requested token id'],
    ['/last-trade-price?token_id=x', 400, 'Invalid token id'],
    ['/tick-size?token_id=x', 400, 'Invalid token id'],
    [`/tick-size?token_id=${UNKNOWN}`, 404, 'market not found'],
    ['/neg-risk?token_id=1.5', 400, 'Invalid token id'],
    [`/neg-risk?token_id=${UNKNOWN}`, 404, 'market not found'],
  ])('GET %s → %i %s', async (path, status, message) => {
    const res = await get(`${clob}${path}`);
    expect(res.status).toBe(status);
    expect(res.body).toEqual({ error: message });
    expect(res.headers.get('content-type')).toBe('application/json');
  });

  it('refuses a bad side, whatever the token', async () => {
    for (const side of ['', 'buy', 'HOLD']) {
      const res = await get(`${clob}/price?token_id=${yes}&side=${side}`);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: 'Invalid side' });
    }
    expect((await get(`${clob}/price?token_id=${yes}`)).body).toEqual({ error: 'Invalid side' });
    const batch = await post(`${clob}/prices`, [{ token_id: yes, side: 'HOLD' }]);
    expect(batch.status).toBe(400);
    expect(batch.body).toEqual({ error: 'Invalid side' });
    expect((await post(`${clob}/prices`, [{ token_id: yes }])).body).toEqual({ error: 'Invalid side' });
  });

  it.each(['/books', '/prices', '/midpoints', '/spreads', '/last-trades-prices'])('POST %s refuses bad payloads and oversize batches', async (path) => {
    for (const body of ['{not json', '', '{"token_id":"1"}', '[1]', '[null]', '[{"token_id":12}]', '[{"token_id":"abc","side":"BUY"}]', '[{}]']) {
      const res = await post(`${clob}${path}`, body);
      expect(res.status, body).toBe(400);
      expect(res.body, body).toEqual({ error: 'Invalid payload' });
    }
    const tooMany = Array.from({ length: CLOB_BATCH_READ_MAX + 1 }, () => ({ token_id: yes, side: 'BUY' }));
    const res = await post(`${clob}${path}`, tooMany);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'Payload exceeds the limit' });
    const atLimit = await post(`${clob}${path}`, tooMany.slice(0, CLOB_BATCH_READ_MAX));
    expect(atLimit.status).toBe(200);
  });

  it('knows resolved markets (tick size, last trade) but has no book for them', async () => {
    expect((await get(`${clob}/book?token_id=${closedToken}`)).status).toBe(404);
    expect((await get(`${clob}/tick-size?token_id=${closedToken}`)).status).toBe(200);
    const last = (await get<{ price: string; side: string }>(`${clob}/last-trade-price?token_id=${closedToken}`)).body;
    expect(['0', '1']).toContain(last.price);
    expect((await get(`${clob}/last-trade-price?token_id=${UNKNOWN}`)).body).toEqual({ price: '0.5', side: '' });
  });

  it('keeps the hash while the book is unchanged', async () => {
    const a = (await get<ClobBook>(`${clob}/book?token_id=${yes}`)).body;
    const b = (await get<ClobBook>(`${clob}/book?token_id=${yes}`)).body;
    expect(b.hash).toBe(a.hash);
  });
});
