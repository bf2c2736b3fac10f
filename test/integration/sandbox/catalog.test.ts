import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../../src/sandbox/start';
import type { CatalogEventWire, CatalogTagWire } from '../../../src/shared/protocol/catalog';
import type { ClobBook } from '../../../src/shared/protocol/clob';
import { get } from './http';

let sandbox: RunningSandbox;
let catalog: string;
let all: CatalogEventWire[];

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 7, port: 0, simulate: false });
  catalog = sandbox.urls.catalog;
  all = (await get<CatalogEventWire[]>(`${catalog}/events?limit=500`)).body;
});
afterAll(async () => {
  await sandbox?.stop();
});

describe('catalog over loopback HTTP', () => {
  it('lists events as a bare array ordered by 24 h volume, then id', async () => {
    expect(Array.isArray(all)).toBe(true);
    expect(all.length).toBeGreaterThanOrEqual(40);
    for (let i = 1; i < all.length; i += 1) {
      const [a, b] = [all[i - 1]!, all[i]!];
      expect(a.volume24hr > b.volume24hr || (a.volume24hr === b.volume24hr && a.id < b.id)).toBe(true);
    }
    const page = (await get<CatalogEventWire[]>(`${catalog}/events`)).body;
    expect(page.length).toBe(Math.min(100, all.length));
  });

  it('pages with limit and offset', async () => {
    const first = (await get<CatalogEventWire[]>(`${catalog}/events?limit=5`)).body;
    const second = (await get<CatalogEventWire[]>(`${catalog}/events?limit=5&offset=5`)).body;
    expect(first.map((e) => e.id)).toEqual(all.slice(0, 5).map((e) => e.id));
    expect(second.map((e) => e.id)).toEqual(all.slice(5, 10).map((e) => e.id));
    expect((await get<CatalogEventWire[]>(`${catalog}/events?offset=100000`)).body).toEqual([]);
  });

  it('filters by tag slug, active and closed', async () => {
    const crypto = (await get<CatalogEventWire[]>(`${catalog}/events?tag_slug=crypto&limit=500`)).body;
    expect(crypto.length).toBeGreaterThan(0);
    for (const event of crypto) expect(event.tags.map((t) => t.slug)).toContain('crypto');
    const closed = (await get<CatalogEventWire[]>(`${catalog}/events?closed=true&limit=500`)).body;
    expect(closed.length).toBe(all.filter((e) => e.closed).length);
    expect(closed.length).toBeGreaterThan(0);
    const open = (await get<CatalogEventWire[]>(`${catalog}/events?closed=false&active=true&limit=500`)).body;
    expect(open.every((e) => !e.closed && e.active)).toBe(true);
    expect(open.length + closed.length + all.filter((e) => !e.active).length).toBe(all.length);
    expect((await get(`${catalog}/events?tag_slug=no-such-tag`)).body).toEqual([]);
  });

  it.each([
    ['limit=0', 'limit must be an integer between 1 and 500'],
    ['limit=501', 'limit must be an integer between 1 and 500'],
    ['limit=ten', 'limit must be an integer between 1 and 500'],
    ['offset=-1', 'offset must be an integer'],
    ['offset=1.5', 'offset must be an integer'],
    ['active=yes', 'active must be "true" or "false"'],
    ['closed=1', 'closed must be "true" or "false"'],
    ['tag_slug=%3Cscript%3E', 'tag_slug must be'],
  ])('refuses a bad listing query (%s) with 400', async (query, message) => {
    const res = await get<{ error: string }>(`${catalog}/events?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.error).toContain(message);
  });

  it('serves one event with nested markets, series, categories, collections and tags', async () => {
    const withSeries = all.find((e) => (e.series as unknown[]).length > 0)!;
    const res = await get<CatalogEventWire>(`${catalog}/events/${withSeries.id}`);
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(withSeries.id);
    expect(res.body.markets.length).toBeGreaterThan(0);
    for (const field of ['series', 'categories', 'collections', 'tags', 'eventCreators', 'chats', 'templates']) {
      expect(Array.isArray(res.body[field]), field).toBe(true);
    }
    const tags = await get<CatalogTagWire[]>(`${catalog}/events/${withSeries.id}/tags`);
    expect(tags.body.map((t) => t.slug)).toEqual(res.body.tags.map((t) => t.slug));
  });

  it('answers 404 for an unknown event, and for its tags', async () => {
    for (const path of ['/events/99999999', '/events/nope/tags', '/events/%E2%9C%93']) {
      const res = await get(`${catalog}${path}`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'event not found' });
    }
  });

  it('serves every tag, and the events name only known tags', async () => {
    const tags = (await get<CatalogTagWire[]>(`${catalog}/tags`)).body;
    const slugs = new Set(tags.map((t) => t.slug));
    expect(slugs.size).toBeGreaterThan(20);
    for (const event of all) for (const tag of event.tags) expect(slugs.has(tag.slug)).toBe(true);
  });

  it('carries live prices from the books on its markets', async () => {
    const market = all.flatMap((e) => e.markets).find((m) => m.acceptingOrders)!;
    const [yes] = JSON.parse(market.clobTokenIds) as string[];
    const book = (await get<ClobBook>(`${sandbox.urls.clob}/book?token_id=${yes}`)).body;
    expect(market.bestBid).toBe(Number(book.bids.at(-1)!.price));
    expect(market.bestAsk).toBe(Number(book.asks.at(-1)!.price));
    expect(market.lastTradePrice).toBe(Number(book.last_trade_price));
    const [pYes, pNo] = (JSON.parse(market.outcomePrices) as string[]).map(Number);
    expect(pYes! + pNo!).toBeCloseTo(1, 9);
  });

  it('is byte-identical for two sandboxes with the same seed', async () => {
    const twin = await startSandbox({ seed: 7, port: 0, simulate: false });
    // The price changes read each sandbox's own price series, whose seeded past is anchored at the
    // minute it started: two sandboxes a minute apart differ there, and only there.
    const timeless = (text: string) => text.replace(/"one(Hour|Day|Week)PriceChange":-?[0-9.e-]+/g, '');
    try {
      const a = timeless((await get(`${catalog}/events?limit=500`)).text);
      const b = timeless((await get(`${twin.urls.catalog}/events?limit=500`)).text);
      expect(b).toBe(a);
      expect((await get(`${twin.urls.catalog}/tags`)).text).toBe((await get(`${catalog}/tags`)).text);
    } finally {
      await twin.stop();
    }
  });

  it('serves 24 h, 1 h and 1 w price changes that match the price history the chart reads', async () => {
    const market = all.flatMap((e) => e.markets).find((m) => m.acceptingOrders && m.oneDayPriceChange !== 0)!;
    expect(market).toBeDefined();
    const [yes] = JSON.parse(market.clobTokenIds) as string[];
    const { body } = await get<{ history: Array<{ t: number; p: number }> }>(`${sandbox.urls.clob}/prices-history?market=${yes}&interval=1w&fidelity=1`);
    const nowS = Math.floor(Date.now() / 1000);
    const at = (seconds: number) => body.history.filter((h) => h.t <= seconds).at(-1)!.p;
    // Same series, read through two routes a moment apart: equal to the pip unless a minute turned.
    expect(Math.abs(market.oneDayPriceChange as number - (at(nowS) - at(nowS - 86_400)))).toBeLessThanOrEqual(0.02);
    const changes = all.flatMap((e) => e.markets).filter((m) => m.acceptingOrders).map((m) => m.oneDayPriceChange as number);
    expect(changes.some((c) => c > 0)).toBe(true);
    expect(changes.some((c) => c < 0)).toBe(true);
    for (const m of all.flatMap((e) => e.markets)) {
      for (const field of ['oneHourPriceChange', 'oneDayPriceChange', 'oneWeekPriceChange']) {
        expect(Math.abs(m[field] as number)).toBeLessThanOrEqual(1);
        if (m.closed) expect(m[field]).toBe(0);
      }
    }
  });

  it('has resolved markets (prices 1 and 0) and events past their end date marked ended until resolved', async () => {
    const resolved = all.filter((e) => e.closed);
    expect(resolved.length).toBeGreaterThan(0);
    for (const event of resolved) {
      expect(event.ended).toBe(true);
      for (const m of event.markets) {
        expect(m.umaResolutionStatus).toBe('resolved');
        expect((JSON.parse(m.outcomePrices) as string[]).sort()).toEqual(['0', '1']);
      }
    }
    const now = Date.now();
    for (const event of all.filter((e) => !e.closed)) expect(event.ended).toBe(Date.parse(event.endDate) <= now);
    for (const event of all) {
      expect(typeof event.description).toBe('string');
      expect(event.description.length).toBeGreaterThan(20);
      expect(event.volume as number).toBeGreaterThan(0);
      for (const m of event.markets) expect((m.description as string).length).toBeGreaterThan(20);
    }
  });

  it('ends events by the clock: a world dated 60 days back has ended, still-trading events', async () => {
    const past = await startSandbox({ seed: 7, port: 0, simulate: false, worldEpochMs: Date.now() - 60 * 86_400_000 });
    try {
      const events = (await get<CatalogEventWire[]>(`${past.urls.catalog}/events?limit=500`)).body;
      const ended = events.filter((e) => e.ended && !e.closed);
      expect(ended.length).toBeGreaterThan(0);
      for (const event of ended) expect(Date.parse(event.endDate)).toBeLessThanOrEqual(Date.now());
      expect(events.some((e) => !e.ended && !e.closed)).toBe(true);
    } finally {
      await past.stop();
    }
  });
});
