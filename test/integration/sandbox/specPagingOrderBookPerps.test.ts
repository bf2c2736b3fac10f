/**
 * The sandbox's one paging rule on the order book's and the perps exchange's lists, over real
 * loopback HTTP (docs/decisions/38-sandbox-spec-rules/01-paging.md), at page sizes 1 and the cap
 * (and `limit` 0 where the route takes one):
 *   order book: `{data, next_cursor}` from `MA==` to `LTE=`, the page size the server's
 *     (`dataPageSize`: 1 and the cap 1000 here);
 *   perps: `{data, more}`, continued with `end_time` = the oldest timestamp (no page ends inside
 *     a millisecond).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERPS_LIST_CAPS, PERPS_ROUTES, type PerpsList } from '../../../src/shared/protocol/perps';
import { startSandbox, type RunningSandbox } from '../../../src/sandbox/start';
import { l2Signature } from '../../../src/signing/l2Hmac';
import { HOUR_MS, PerpsHarness, type ProxyCredentials } from '../perps/perpsHarness';
import { request } from './http';
import { bookTop, faucet, KEYS, liveMarket, Trader } from './tradingClient';

const market = liveMarket(7, (e) => e.market.tickSize === '0.01' && !e.market.negRisk, 1);

describe.each([1, 1000])('order book: /data/orders, /data/trades and /builder/trades at page size %i', (pageSize) => {
  let sandbox: RunningSandbox;
  let clob: string;
  let trader: Trader;
  let builder: { key: string; secret: string; passphrase: string; builderCode: `0x${string}` };
  const [token] = market.market.tokenIds as [string, string];

  beforeAll(async () => {
    sandbox = await startSandbox({ seed: 7, port: 0, simulate: false, dataPageSize: pageSize });
    clob = sandbox.urls.clob;
    trader = await Trader.open(clob, KEYS[3]);
    await faucet(clob, trader.address, 10_000);
    builder = (await trader.call<typeof builder>('POST', '/auth/builder-api-key')).body;
    // Three resting bids (open orders) and three taker buys carrying the builder code (trades).
    const top = await bookTop(clob, token);
    for (let i = 1; i <= 3; i += 1) {
      expect((await trader.order({ tokenId: token, side: 'BUY', pips: top.bid - 100 * i, cents: 500 })).body.status).toBe('live');
      expect((await trader.order({ tokenId: token, side: 'BUY', pips: top.ask + 100, cents: 500, builder: builder.builderCode }, 'FAK')).body.status).toBe('matched');
    }
  });
  afterAll(async () => {
    await sandbox?.stop();
  });

  interface CursorPage {
    data: unknown[];
    next_cursor: string;
  }
  const l2 = (path: string) => (cursor: string) => trader.call<CursorPage>('GET', `${path}?next_cursor=${encodeURIComponent(cursor)}`);
  const builderTrades = (cursor: string) => {
    const timestamp = String(Math.floor(Date.now() / 1000));
    return request<CursorPage>(`${clob}/builder/trades?next_cursor=${encodeURIComponent(cursor)}`, {
      headers: {
        SVC_BUILDER_API_KEY: builder.key, SVC_BUILDER_PASSPHRASE: builder.passphrase, SVC_BUILDER_TIMESTAMP: timestamp,
        SVC_BUILDER_SIGNATURE: l2Signature(builder.secret, timestamp, 'GET', '/builder/trades'),
      },
    });
  };

  it.each([['/data/orders'], ['/data/trades'], ['/builder/trades']])('%s: from MA== to LTE=, every cursor continuing the walk', async (path) => {
    const fetchPage = path === '/builder/trades' ? builderTrades : l2(path);
    const rows: unknown[] = [];
    let cursor = 'MA==';
    let pages = 0;
    while (cursor !== 'LTE=' && pages < 20) {
      const res = await fetchPage(cursor);
      expect(res.status, res.text).toBe(200);
      expect(res.body.data.length).toBeLessThanOrEqual(pageSize);
      // Not the end: the page is full and the cursor moves on; the end marker only once the rows are out.
      if (res.body.next_cursor !== 'LTE=') {
        expect(res.body.data).toHaveLength(pageSize);
        expect(res.body.next_cursor).not.toBe(cursor);
      }
      rows.push(...res.body.data);
      cursor = res.body.next_cursor;
      pages += 1;
    }
    expect(cursor).toBe('LTE=');
    expect(rows).toHaveLength(3);
    expect(pages).toBe(Math.max(1, Math.ceil(3 / pageSize)));
    // The end marker as a cursor: an empty page that is still the end.
    expect((await fetchPage('LTE=')).body).toMatchObject({ data: [], next_cursor: 'LTE=' });
  });

  it('has no client page size: a `limit` in the query (0 included) changes nothing', async () => {
    const plain = await trader.call<CursorPage>('GET', '/data/orders');
    const zero = await trader.call<CursorPage>('GET', '/data/orders?limit=0');
    expect(zero.status).toBe(200);
    expect(zero.body.data).toEqual(plain.body.data);
    expect(zero.body.next_cursor).toBe(plain.body.next_cursor);
  });
});

describe('perps lists: `more` continued by end_time = the oldest timestamp', () => {
  let h: PerpsHarness;
  let alice: ProxyCredentials;
  const BTC = 1;
  const ETH = 2;

  beforeAll(async () => {
    h = await PerpsHarness.start();
    alice = await h.account();
    const bob = await h.account();
    await h.faucet(alice.owner.address, 'USDC', '100000');
    // Two positions: every funding hour has two records in the same millisecond.
    await h.position(alice.owner.address, BTC, '0.2');
    await h.position(alice.owner.address, ETH, '-1');
    // Transfers: three in one millisecond, two in the next, one after.
    for (const [step, count] of [[0, 3], [1, 2], [1, 1]] as const) {
      h.clock += step;
      for (let i = 0; i < count; i += 1) expect((await h.transfer(await h.transferBody(alice, bob.owner.address, 'USDC', '1'))).status).toBe(200);
    }
    h.clock += 130 * HOUR_MS;
  });
  afterAll(async () => {
    await h?.stop();
  });

  type Row = Record<string, unknown> | [number, string];
  const lists: Array<[name: string, path: string, query: string, cap: number, timeOf: (row: Row) => number]> = [
    ['funding', PERPS_ROUTES.funding.path, '', PERPS_LIST_CAPS.funding, (r) => (r as { timestamp: number }).timestamp],
    ['equity', PERPS_ROUTES.equity.path, 'interval=1h&', PERPS_LIST_CAPS.equity, (r) => (r as [number, string])[0]],
    ['internal transfers', PERPS_ROUTES.transfers.path, '', PERPS_LIST_CAPS.transfers, (r) => (r as { created_timestamp: number }).created_timestamp],
    ['public trades', PERPS_ROUTES.trades.path, `instrument_id=${BTC}&start_time=${0}&`, PERPS_LIST_CAPS.trades, (r) => (r as { timestamp: number }).timestamp],
  ];

  const list = async (path: string, query: string) => {
    const res = await h.get<PerpsList<Row>>(`${path}?${query}`, alice);
    expect(res.status, res.text).toBe(200);
    return res.body;
  };
  /** The client's walk: end_time = the oldest timestamp (inclusive), rows already seen dropped. */
  const walkAll = async (path: string, query: string, limit: number, timeOf: (row: Row) => number, endMs: number) => {
    const seen = new Map<string, Row>();
    let end = endMs;
    for (let pages = 0; pages < 2_000; pages += 1) {
      const body = await list(path, `${query}end_time=${end}&limit=${limit}`);
      for (const row of body.data) seen.set(JSON.stringify(row), row);
      if (!body.more) return [...seen.values()];
      expect(body.data.length, 'a page that says more has rows to continue from').toBeGreaterThan(0);
      const oldest = Math.min(...body.data.map(timeOf));
      // A page never ends inside a millisecond, so moving to the oldest one always makes progress.
      end = oldest === end ? oldest - 1 : oldest;
    }
    throw new Error('the walk did not end');
  };

  it.each(lists)('%s: limit 0 is an empty page with an exact `more`', async (_name, path, query) => {
    const zero = await list(path, `${query}end_time=${h.clock}&limit=0`);
    const first = await list(path, `${query}end_time=${h.clock}`);
    expect(zero).toEqual({ data: [], more: first.data.length > 0 });
    expect(zero.more).toBe(true);
  });

  it.each(lists)('%s: limit 1 and the cap walk the same rows, ending with more: false', async (_name, path, query, cap, timeOf) => {
    // Public trades are seeded forever back: their walks look at the last 5 minutes only.
    const windowed = path === PERPS_ROUTES.trades.path ? query.replace('start_time=0', `start_time=${h.clock - 5 * 60_000}`) : query;
    const byCap = await walkAll(path, windowed, cap, timeOf, h.clock);
    const byOne = await walkAll(path, windowed, 1, timeOf, h.clock);
    expect(byOne.length).toBeGreaterThan(1);
    expect(new Set(byOne.map((r) => JSON.stringify(r)))).toEqual(new Set(byCap.map((r) => JSON.stringify(r))));
    expect((await list(path, `${windowed}end_time=${h.clock}&limit=${cap}`)).data.length).toBeLessThanOrEqual(cap);
  });

  it('keeps a millisecond\'s rows on one page: three transfers in one ms never split at limit 1 or 2', async () => {
    const at = (limit: number) => list(PERPS_ROUTES.transfers.path, `end_time=${h.clock}&limit=${limit}`);
    const times = (rows: Row[]) => rows.map((r) => (r as { created_timestamp: number }).created_timestamp);
    // Newest first: 1 (last ms), 2 (middle ms), 3 (first ms).
    expect(times((await at(1)).data)).toHaveLength(1);
    const two = (await at(2)).data;
    expect(new Set(times(two)).size).toBe(1);
    expect(two).toHaveLength(1);
    const four = (await at(4)).data;
    expect(four).toHaveLength(3);
    const older = await list(PERPS_ROUTES.transfers.path, `end_time=${Math.min(...times(four)) - 1}&limit=1`);
    expect(older.data).toHaveLength(3);
    expect(new Set(times(older.data)).size).toBe(1);
    expect(older.more).toBe(false);
  });
});
