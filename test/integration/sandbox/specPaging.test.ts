/**
 * The sandbox's one paging rule on the analytics and catalog routes, over real loopback HTTP
 * (docs/decisions/38-sandbox-spec-rules/01-paging.md): a page that says there is more comes with
 * a way to continue the walk, and a page that says it is the end is the end — at `limit` 0, 1 and
 * the route's cap.
 *   analytics: `{data, pagination: {next_cursor, has_more}}`; `limit=0` is an empty page whose
 *     cursor starts the walk at the default size;
 *   catalog `/events`: an offset listing whose short page is the end, so `limit=0` is refused.
 * The order book and perps lists: specPagingOrderBookPerps.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_HISTORY_WALLETS, startSandbox, type RunningSandbox } from '../../../src/sandbox/start';
import { v2, type Page } from '../analytics/v2Client';
import { get } from './http';
import { liveMarket } from './tradingClient';

const CAP = 1000;
const DEFAULT_PAGE = 100;
const small = SANDBOX_HISTORY_WALLETS.small.address;
const medium = SANDBOX_HISTORY_WALLETS.medium.address;
const market = liveMarket(7, (e) => e.market.tickSize === '0.01' && !e.market.negRisk, 1);

describe('analytics: every paged /v2 route', () => {
  let sandbox: RunningSandbox;
  let base: string;
  beforeAll(async () => {
    sandbox = await startSandbox({ seed: 7, port: 0, simulate: false });
    base = sandbox.urls.analytics;
  });
  afterAll(async () => {
    await sandbox?.stop();
  });

  type Query = Record<string, string | number>;
  const page = async (path: string, query: Query): Promise<Page<unknown>> => {
    const res = await v2<Page<unknown>>(base, path, query);
    expect(res.status, `${path} ${JSON.stringify(query)}: ${res.text}`).toBe(200);
    // The rule: more comes with a cursor, the end with none.
    expect(res.body.pagination.has_more, `${path} ${JSON.stringify(query)}`).toBe(res.body.pagination.next_cursor !== null);
    return res.body;
  };
  /** Up to `pages` pages of the walk from `query` (filters re-sent with every cursor, as the spec asks). */
  const walk = async (path: string, query: Query, pages: number) => {
    const rows: unknown[] = [];
    let body = await page(path, query);
    rows.push(...body.data);
    for (let n = 1; n < pages && body.pagination.next_cursor !== null; n += 1) {
      body = await page(path, { ...query, cursor: body.pagination.next_cursor });
      rows.push(...body.data);
    }
    return { rows, ended: body.pagination.next_cursor === null };
  };

  const routes: Array<[path: string, query: Query]> = [
    ['activity', { user: small }],
    ['activity', { user: small, sort_direction: 'ASC' }],
    ['activity/combos', { user: small }],
    ['trades', { user: small }],
    ['trades', { condition: market.market.conditionId }],
    ['trades', {}],
    ['positions', { user: medium }],
    ['closed-positions', { user: medium }],
    ['positions/combos', { user: medium }],
    ['biggest-winners', { time_period: 'all' }],
    ['biggest-winners', { time_period: 'all', category: 'combos' }],
    ['builders/leaderboard', { time_period: 'all' }],
    ['leaderboard', { time_period: 'all' }],
    ['holders', { condition: market.market.conditionId }],
  ];

  it.each(routes)('%s %j: limit 0 is an empty page whose cursor starts the walk at the default size', async (path, query) => {
    const zero = await page(path, { ...query, limit: 0 });
    expect(zero.data).toEqual([]);
    const first = await page(path, query);
    expect(zero.pagination.has_more).toBe(first.data.length > 0);
    expect(zero.pagination.has_more, `${path} has rows to walk in this test`).toBe(true);
    const resumed = await page(path, { ...query, cursor: zero.pagination.next_cursor! });
    expect(resumed.data).toHaveLength(Math.min(DEFAULT_PAGE, first.data.length));
    expect(resumed.data).toEqual(first.data);
    expect(resumed.pagination.has_more).toBe(first.pagination.has_more);
  });

  it.each(routes)('%s %j: limit 1 walks row by row through the same rows as one bigger page', async (path, query) => {
    const oneByOne = await walk(path, { ...query, limit: 1 }, 4);
    const together = await page(path, { ...query, limit: 4 });
    expect(oneByOne.rows).toEqual(together.data);
  });

  it.each(routes)('%s %j: pages at the cap continue the walk and the end says so', async (path, query) => {
    const capped = await walk(path, { ...query, limit: CAP }, 3);
    expect(capped.rows.length).toBeGreaterThan(0);
    const halves = await walk(path, { ...query, limit: CAP / 2 }, 6);
    expect(halves.rows).toEqual(capped.rows);
    expect(halves.ended).toBe(capped.ended);
  });

  it('walks the small wallet\'s whole feed at the cap to an end of next_cursor null with has_more false', async () => {
    const { rows, ended } = await walk('activity', { user: small, limit: CAP }, 10);
    expect(ended).toBe(true);
    expect(rows.length).toBeGreaterThan(CAP);
    expect(rows.length).toBeLessThan(10 * CAP);
  });

  it('refuses a limit above the cap, never clamps it', async () => {
    const res = await v2<{ code: string; parameter: string }>(base, 'activity', { user: small, limit: CAP + 1 });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'invalid_request', parameter: 'limit' });
  });
});

describe('catalog /events: an offset listing whose short page is the end', () => {
  let sandbox: RunningSandbox;
  beforeAll(async () => {
    sandbox = await startSandbox({ seed: 7, port: 0, simulate: false });
  });
  afterAll(async () => {
    await sandbox?.stop();
  });

  it('refuses limit 0 (an empty page would read as the end), walks at 1 and serves everything at the cap', async () => {
    const catalog = sandbox.urls.catalog;
    const zero = await get<{ error: string }>(`${catalog}/events?limit=0`);
    expect(zero.status).toBe(400);
    expect(zero.body.error).toMatch(/^limit must be/);
    const all = (await get<Array<{ id: string }>>(`${catalog}/events?limit=500`)).body;
    expect(all.length).toBeGreaterThan(3);
    expect(all.length).toBeLessThan(500);
    const one: string[] = [];
    for (let offset = 0; offset < 3; offset += 1) one.push(...(await get<Array<{ id: string }>>(`${catalog}/events?limit=1&offset=${offset}`)).body.map((e) => e.id));
    expect(one).toEqual(all.slice(0, 3).map((e) => e.id));
  });
});
