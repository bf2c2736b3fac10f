/**
 * The part of the world a synthetic activity row is written from, small enough to hand to the
 * page worker (pageThread.ts): the seed, the histories' last second, and per market only what
 * MarketIndex and SyntheticHistory read. The whole world is megabytes of catalog records; this is
 * a few tens of kilobytes, cloned once when the worker starts.
 */
import type { World, WorldEvent, WorldMarket } from '../world/types';

/** Marks the page worker's workerData, so importing pageWorker.ts anywhere else does nothing. */
export const PAGE_WORKER_MARK = 'marketdesk-page-worker';

export interface PageWorld {
  seed: number;
  /** Last second of the synthetic histories (ActivityLedger.historyEndS). */
  endS: number;
  events: Array<{
    id: string;
    slug: string;
    category: unknown;
    markets: Array<Pick<WorldMarket, 'id' | 'conditionId' | 'question' | 'tokenIds' | 'resolvedOutcome' | 'negRisk'> & { closedTime: unknown }>;
  }>;
}

export function pageWorldOf(world: World, endS: number): PageWorld {
  return {
    seed: world.seed,
    endS,
    events: world.events.map((event) => ({
      id: event.id, slug: event.slug, category: event.record.category,
      markets: event.markets.map((m) => ({
        id: m.id, conditionId: m.conditionId, question: m.question, tokenIds: m.tokenIds, resolvedOutcome: m.resolvedOutcome,
        negRisk: m.negRisk, closedTime: m.record.closedTime,
      })),
    })),
  };
}

/**
 * A World with just those fields, for MarketIndex on the worker. The cast is the point: every
 * field MarketIndex and SyntheticHistory read is present (the unit test holds worker pages
 * byte-equal to the event loop's), the rest of the catalog is not needed to write rows.
 */
export function worldOfPageWorld(page: PageWorld): World {
  const events = page.events.map((e) => ({
    id: e.id, slug: e.slug, record: { category: e.category },
    markets: e.markets.map((m) => ({ ...m, eventId: e.id, record: { closedTime: m.closedTime } })),
  }));
  return { seed: page.seed, events: events as unknown as WorldEvent[] } as unknown as World;
}
