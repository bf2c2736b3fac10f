/**
 * Turns one template draft into a world event: ids, dates, tick, opening prices, volumes and
 * the catalog records of the event and its markets.
 */
import type { Prng } from '../random/prng';
import { PIPS_PER_UNIT } from '../clob/units';
import type { EventDraft } from './templates';
import { categoryTagSlug, type Taxonomy } from './taxonomy';
import { drawLiquidity, drawVolumes, drawWinner, openingFairs, type TickCycle } from './pricing';
import { chatRecord, creatorRecord, templateRecord } from './records/common';
import { eventRecord } from './records/event';
import { marketRecord } from './records/market';
import type { CatalogRecord, WorldEvent, WorldMarket } from './types';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

export interface EventPlan {
  index: number;
  draft: EventDraft;
  state: 'open' | 'closed' | 'pending';
  /** The epoch the draft's dates were written against (earlier for resolved events). */
  draftEpochMs: number;
}

export interface BuildShared {
  rng: Prng;
  epochMs: number;
  taxonomy: Taxonomy;
  usedSlugs: Set<string>;
  usedTokenIds: Set<string>;
  ticks: TickCycle;
  marketCount: number;
}

export function slugify(text: string): string {
  return text.toLowerCase().normalize('NFKD').replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 90);
}

function uniqueSlug(base: string, used: Set<string>): string {
  let slug = base || 'market';
  for (let n = 2; used.has(slug); n += 1) slug = `${base}-${n}`;
  used.add(slug);
  return slug;
}

function uniqueTokenId(rng: Prng, used: Set<string>): string {
  // A collision among 2^256 values would be a PRNG bug; the loop is bounded all the same.
  for (let attempt = 0; attempt < 8; attempt += 1) {
    const id = rng.uint256Decimal();
    if (!used.has(id)) {
      used.add(id);
      return id;
    }
  }
  throw new Error('could not draw a unique token id');
}

export function buildEvent(plan: EventPlan, shared: BuildShared): WorldEvent {
  const { rng, taxonomy } = shared;
  const { draft, state } = plan;
  const id = String(21_000 + plan.index);
  const slug = uniqueSlug(slugify(draft.title), shared.usedSlugs);
  const endMs = plan.draftEpochMs + draft.endInDays * DAY_MS + 12 * HOUR_MS;
  const createdMs = state === 'pending'
    ? shared.epochMs - rng.int(1, 3) * DAY_MS
    : Math.min(endMs, shared.epochMs) - rng.int(20, 160) * DAY_MS;
  const startMs = state === 'pending' ? shared.epochMs + rng.int(1, 5) * DAY_MS : createdMs + HOUR_MS;
  const negRiskMarketId = draft.negRisk ? `0x${rng.hex(32)}` : '';
  // A neg-risk event trades every candidate on one tick, as the public exchange does.
  const eventTick = draft.negRisk ? shared.ticks.next(true) : null;

  const tagSlugs = [categoryTagSlug(draft.category), ...draft.tagSlugs];
  const tags = tagSlugs.map((s) => taxonomy.tagBySlug.get(s)).filter((t) => t !== undefined);
  const tagRecords = tags.map((t) => t.record);
  const categories = taxonomy.categoriesFor(draft.category, draft.subcategory);
  const eventStub: CatalogRecord = { id, ticker: slug, slug, title: draft.title, active: state !== 'pending', closed: state === 'closed' };

  const weights = draft.markets.map((m) => m.weight);
  const winner = draft.negRisk ? drawWinner(rng, weights) : -1;
  const markets: WorldMarket[] = draft.markets.map((m, i) => {
    const tickSize = eventTick ?? shared.ticks.next();
    const fair = openingFairs(weights, draft.negRisk, tickSize)[i] as number;
    const resolvedOutcome: 0 | 1 | null = state !== 'closed' ? null
      : draft.negRisk ? (i === winner ? 0 : 1) : (rng.chance(m.weight) ? 0 : 1);
    const yesPips = resolvedOutcome === null ? fair : resolvedOutcome === 0 ? PIPS_PER_UNIT : 0;
    const marketId = String(540_000 + shared.marketCount);
    shared.marketCount += 1;
    const tokenIds = [uniqueTokenId(rng, shared.usedTokenIds), uniqueTokenId(rng, shared.usedTokenIds)] as const;
    const marketSlug = uniqueSlug(slugify(m.question), shared.usedSlugs);
    const base = {
      id: marketId, question: m.question, conditionId: `0x${rng.hex(32)}`, slug: marketSlug, tokenIds, tickSize,
      minOrderSize: rng.chance(0.85) ? 5 : 15, negRisk: draft.negRisk, active: state !== 'pending',
      closed: state === 'closed', acceptingOrders: state === 'open',
    };
    const record = marketRecord({
      ...base, questionId: `0x${rng.hex(32)}`, groupItemTitle: m.groupItemTitle, groupIndex: i,
      description: draft.description, resolutionSource: draft.resolutionSource, category: draft.category,
      negRiskMarketId, createdMs, startMs, endMs, yesPips, volumes: drawVolumes(rng, state === 'open'),
      liquidity: state === 'open' ? drawLiquidity(rng) : 0, eventStub, categories, tags: tagRecords,
      game: draft.game && i === 0 ? draft.game : null,
    });
    return { ...base, eventId: id, initialFairPips: fair, resolvedOutcome, record };
  });

  const sumOf = (field: string) =>
    Math.round(markets.reduce((s, m) => s + Math.round(Number(m.record[field]) * 100), 0)) / 100;
  const volume24hr = sumOf('volume24hr');
  const liquidity = sumOf('liquidityNum');
  const collection = taxonomy.collectionFor(draft.category);
  const record = eventRecord({
    id, slug, title: draft.title, subtitle: `${draft.category} · ${draft.subcategory}`, description: draft.description,
    resolutionSource: draft.resolutionSource, category: draft.category, subcategory: draft.subcategory,
    negRisk: draft.negRisk, negRiskMarketId, active: state !== 'pending', closed: state === 'closed',
    createdMs, startMs, endMs, volume24hr, volume: sumOf('volumeNum'), liquidity,
    openInterest: Math.round(liquidity * rng.int(120, 480)) / 100,
    featuredOrder: plan.index < 8 && state === 'open' ? plan.index + 1 : 0, commentCount: rng.int(0, 2400),
    seriesSlug: draft.seriesKey ? slugify(draft.seriesKey) : '', game: draft.game ?? null,
    series: [], categories, collections: collection ? [collection] : [], tags: tagRecords,
    eventCreators: [creatorRecord(createdMs)],
    chats: draft.game ? [chatRecord(id, slug, draft.title, state === 'open', endMs - 4 * HOUR_MS, endMs + 2 * HOUR_MS)] : [],
    templates: draft.seriesKey
      ? [templateRecord({ id: `${id}0`, eventTitle: draft.title, eventSlug: slug, marketTitle: draft.markets[0]?.question ?? draft.title,
        description: draft.description, resolutionSource: draft.resolutionSource, seriesSlug: slugify(draft.seriesKey), negRisk: draft.negRisk })]
      : [],
  });
  return {
    id, slug, title: draft.title, active: state !== 'pending', closed: state === 'closed', negRisk: draft.negRisk,
    volume24hr, tagSlugs: tags.map((t) => t.slug), tags, markets, record,
  };
}
