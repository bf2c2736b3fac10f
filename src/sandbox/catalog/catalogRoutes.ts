/** Catalog service: events with nested markets (live prices), their tags, and listings. */
import type { Exchange } from '../clob/exchange';
import { ok, reply } from '../http/reply';
import { Router } from '../http/router';
import type { World, WorldEvent } from '../world/types';
import { parseListingQuery, type ListingQuery } from './listingQuery';
import { liveEventRecord, type CatalogLive } from './liveCatalog';

const eventNotFound = () => reply(404, { error: 'event not found' });

function matches(event: WorldEvent, q: ListingQuery): boolean {
  if (q.active !== null && event.active !== q.active) return false;
  if (q.closed !== null && event.closed !== q.closed) return false;
  if (q.tagSlug !== null && !event.tagSlugs.includes(q.tagSlug)) return false;
  return true;
}

/** `live` (price series and clock) adds the price changes and `ended`; without it records are static. */
export function catalogRouter(world: World, exchange: Exchange, liveData?: CatalogLive): Router {
  const byId = new Map(world.events.map((e) => [e.id, e]));
  // Listing order is fixed by the static 24 h volume, then id, so pages never shuffle.
  const ordered = [...world.events].sort((a, b) => b.volume24hr - a.volume24hr || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const live = (event: WorldEvent) => liveEventRecord(event, (conditionId) => exchange.market(conditionId), liveData);
  const tagRecords = world.tags.map((t) => t.record);

  return new Router()
    .on('GET', '/events', (ctx) => {
      const parsed = parseListingQuery(ctx.query);
      if (!parsed.ok) return reply(400, { error: parsed.message });
      const { limit, offset } = parsed.query;
      const page = ordered.filter((e) => matches(e, parsed.query)).slice(offset, offset + limit);
      return ok(page.map(live));
    })
    .on('GET', '/events/:id', (ctx) => {
      const event = byId.get(ctx.params.id ?? '');
      return event ? ok(live(event)) : eventNotFound();
    })
    .on('GET', '/events/:id/tags', (ctx) => {
      const event = byId.get(ctx.params.id ?? '');
      return event ? ok(event.tags.map((t) => t.record)) : eventNotFound();
    })
    .on('GET', '/tags', () => ok(tagRecords));
}
