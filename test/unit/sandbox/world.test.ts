import { describe, expect, it } from 'vitest';
import { TICK_SIZES } from '../../../src/shared/protocol/clob';
import { liveEventRecord } from '../../../src/sandbox/catalog/liveCatalog';
import { Exchange } from '../../../src/sandbox/clob/exchange';
import { tickPips } from '../../../src/sandbox/clob/units';
import { Simulator } from '../../../src/sandbox/simulation/simulator';
import { buildWorld } from '../../../src/sandbox/world/buildWorld';
import { fairBounds } from '../../../src/sandbox/world/pricing';
import type { World } from '../../../src/sandbox/world/types';
import {
  CATEGORY_FIELDS, CHAT_FIELDS, COLLECTION_FIELDS, CREATOR_FIELDS, EVENT_FIELDS, FEE_SCHEDULE_FIELDS, fieldProblems,
  IMAGE_FIELDS, MARKET_FIELDS, SERIES_FIELDS, TAG_FIELDS, TEMPLATE_FIELDS, type FieldTable,
} from './catalogSpecFields';

type Rec = Record<string, unknown>;

/** The catalog as the server would serve it at start: opening books, no simulation steps. */
function catalogJson(seed: number): string {
  const world = buildWorld(seed);
  const exchange = new Exchange(world, () => 0);
  new Simulator(exchange, seed);
  return JSON.stringify(world.events.map((e) => liveEventRecord(e, (id) => exchange.market(id))));
}

const world7 = buildWorld(7);
const events = world7.events.map((e) => ({ ...e.record, markets: e.markets.map((m) => m.record) }) as Rec);
const markets = events.flatMap((e) => e.markets as Rec[]);

function expectConforms(records: Rec[], fields: FieldTable, what: string) {
  expect(records.length, `no ${what} records to check`).toBeGreaterThan(0);
  for (const record of records) expect(fieldProblems(record, fields), `${what} ${String(record.id)}`).toEqual([]);
}

describe('the seeded world', () => {
  it('is byte-identical for the same seed and different for another seed', () => {
    const a = catalogJson(7);
    expect(catalogJson(7)).toBe(a);
    expect(catalogJson(8)).not.toBe(a);
  });

  it.each([1, 7, 42, 0xffffffff])('seed %i has at least 40 events and 150 markets across categories', (seed) => {
    const world: World = buildWorld(seed);
    expect(world.events.length).toBeGreaterThanOrEqual(40);
    expect(world.markets.length).toBeGreaterThanOrEqual(150);
    expect(new Set(world.events.map((e) => e.record.category)).size).toBeGreaterThanOrEqual(6);
    expect(new Set(world.markets.map((m) => m.tickSize))).toEqual(new Set(TICK_SIZES));
    expect(world.events.some((e) => e.closed)).toBe(true);
    expect(world.events.filter((e) => e.negRisk).length).toBeGreaterThanOrEqual(5);
    expect(new Set(world.events.map((e) => e.title)).size).toBe(world.events.length);
  });

  it('fills every catalog field the spec names, with the documented type', () => {
    expectConforms(events, EVENT_FIELDS, 'event');
    expectConforms(markets, MARKET_FIELDS, 'market');
    expectConforms(markets.map((m) => m.feeSchedule as Rec), FEE_SCHEDULE_FIELDS, 'feeSchedule');
    expectConforms(world7.tags.map((t) => t.record), TAG_FIELDS, 'tag');
    expectConforms(events.flatMap((e) => e.categories as Rec[]), CATEGORY_FIELDS, 'category');
    expectConforms(events.flatMap((e) => e.series as Rec[]), SERIES_FIELDS, 'series');
    expectConforms(events.flatMap((e) => e.collections as Rec[]), COLLECTION_FIELDS, 'collection');
    expectConforms(events.flatMap((e) => e.eventCreators as Rec[]), CREATOR_FIELDS, 'creator');
    expectConforms(events.flatMap((e) => e.chats as Rec[]), CHAT_FIELDS, 'chat');
    expectConforms(events.flatMap((e) => e.templates as Rec[]), TEMPLATE_FIELDS, 'template');
    const images = [...events, ...markets].flatMap((r) => [r.imageOptimized, r.iconOptimized] as Rec[]);
    expectConforms(images, IMAGE_FIELDS, 'optimized image');
  });

  it('writes plausible text, not empty strings', () => {
    for (const event of events) {
      for (const field of ['id', 'ticker', 'slug', 'title', 'description', 'resolutionSource', 'category', 'subcategory', 'image', 'icon']) {
        expect(event[field], `event ${String(event.id)} ${field}`).not.toBe('');
      }
    }
    for (const market of markets) {
      expect(market.question).toMatch(/^[A-Z"].{15,}\?$/);
      for (const field of ['slug', 'groupItemTitle', 'description', 'resolutionSource', 'questionID', 'image']) {
        expect(market[field], `market ${String(market.id)} ${field}`).not.toBe('');
      }
    }
    const filled = Object.keys(EVENT_FIELDS).filter((f) => EVENT_FIELDS[f] === 'string' && events.some((e) => e[f] !== ''));
    expect(filled.length).toBeGreaterThan(Object.keys(EVENT_FIELDS).filter((f) => EVENT_FIELDS[f] === 'string').length * 0.8);
  });

  it('gives each market binary outcomes, a condition id, two decimal token ids and a valid tick', () => {
    const tokens = new Set<string>();
    for (const market of world7.markets) {
      const r = market.record;
      expect(JSON.parse(r.outcomes as string)).toEqual(['Yes', 'No']);
      expect(market.conditionId).toMatch(/^0x[0-9a-f]{64}$/);
      const ids = JSON.parse(r.clobTokenIds as string) as string[];
      expect(ids).toEqual([...market.tokenIds]);
      for (const id of ids) {
        expect(id).toMatch(/^[1-9][0-9]{0,77}$/);
        expect(BigInt(id) < 2n ** 256n).toBe(true);
        tokens.add(id);
      }
      expect(TICK_SIZES).toContain(market.tickSize);
      expect(r.orderPriceMinTickSize).toBe(Number(market.tickSize));
      expect(r.orderMinSize).toBeGreaterThanOrEqual(5);
    }
    expect(tokens.size).toBe(world7.markets.length * 2);
  });

  it('models neg-risk events as one market per candidate sharing a neg-risk market id', () => {
    for (const event of world7.events.filter((e) => e.negRisk)) {
      expect(event.markets.length).toBeGreaterThanOrEqual(2);
      expect(event.record.negRiskMarketID).toMatch(/^0x[0-9a-f]{64}$/);
      for (const market of event.markets) {
        expect(market.negRisk).toBe(true);
        expect(market.record.negRiskMarketID).toBe(event.record.negRiskMarketID);
        expect(market.tickSize).toBe(event.markets[0]?.tickSize);
      }
      if (!event.closed) {
        const sum = event.markets.reduce((s, m) => s + m.initialFairPips, 0);
        expect(sum).toBeGreaterThan(7_000);
        expect(sum).toBeLessThan(14_000);
      }
    }
  });

  it('opens every market on tick inside its fair bounds, and resolves closed ones to 1 or 0', () => {
    for (const market of world7.markets) {
      const tick = tickPips(market.tickSize);
      if (market.closed) {
        expect(market.resolvedOutcome === 0 || market.resolvedOutcome === 1).toBe(true);
        expect(market.acceptingOrders).toBe(false);
        continue;
      }
      const { lo, hi } = fairBounds(tick);
      expect(market.initialFairPips % tick).toBe(0);
      expect(market.initialFairPips).toBeGreaterThanOrEqual(lo);
      expect(market.initialFairPips).toBeLessThanOrEqual(hi);
    }
  });

  it('lets series and collections point back at real events and tags', () => {
    const ids = new Set(world7.events.map((e) => e.id));
    const series = events.flatMap((e) => e.series as Rec[]);
    expect(series.length).toBeGreaterThan(0);
    for (const s of series) for (const member of s.events as Rec[]) expect(ids.has(member.id as string)).toBe(true);
    const tagSlugs = new Set(world7.tags.map((t) => t.slug));
    for (const event of world7.events) for (const slug of event.tagSlugs) expect(tagSlugs.has(slug)).toBe(true);
  });
});
