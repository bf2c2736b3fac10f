import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventDetail, EventsPage, OrderBookView, CatalogTag, AppStatus } from '../../../src/shared/viewModels';
import { eventsOf, startHarness, waitFor, type Harness } from './coreHarness';

let harness: Harness;
const caller = { clientId: 'window-1' };

async function call<T>(channel: string, input: unknown, who = caller): Promise<T> {
  const result = await harness.core.dispatch(channel, input, who);
  if (!result.ok) throw new Error(`${channel} failed: ${result.error.code} ${result.error.message}`);
  return result.value as T;
}

beforeAll(async () => {
  harness = await startHarness({ bookPollIntervalMs: 500 });
});
afterAll(async () => {
  await harness?.stop();
});

describe('core against the sandbox over loopback HTTP', () => {
  it('lists at least 40 open events and searches them by title', async () => {
    const all = await call<EventsPage>('searchCatalogEvents', {});
    expect(all.total).toBeGreaterThanOrEqual(40);
    const first = all.events[0]!;
    const word = first.title.split(/\s+/).find((w) => w.length > 4)!;
    const found = await call<EventsPage>('searchCatalogEvents', { text: word.toUpperCase() });
    expect(found.total).toBeGreaterThan(0);
    expect(found.total).toBeLessThan(all.total);
    expect(found.events.some((e) => e.id === first.id)).toBe(true);
    const nothing = await call<EventsPage>('searchCatalogEvents', { text: 'zzqqxx-no-such-title' });
    expect(nothing).toEqual({ events: [], total: 0 });
  });

  it('filters by tag', async () => {
    const tags = await call<CatalogTag[]>('listCatalogTags', {});
    expect(tags.length).toBeGreaterThan(3);
    const all = await call<EventsPage>('searchCatalogEvents', {});
    const tag = all.events[0]!.tags[0]!;
    const tagged = await call<EventsPage>('searchCatalogEvents', { tagSlug: tag.slug });
    expect(tagged.total).toBeGreaterThan(0);
    expect(tagged.total).toBeLessThanOrEqual(all.total);
    expect(tagged.events.every((e) => e.tags.some((t) => t.slug === tag.slug))).toBe(true);
  });

  it('reports a missing event as not found, naming the call', async () => {
    const result = await harness.core.dispatch('getCatalogEvent', { eventId: 'no-such-event-999' }, caller);
    expect(result).toMatchObject({ ok: false, error: { code: 'not_found' } });
    if (!result.ok) expect(result.error.message).toMatch(/catalog service refused GET \/events\/no-such-event-999/);
  });

  it('watches live books: returns them at once, then pushes changes as the market moves', async () => {
    const { events } = await call<EventsPage>('searchCatalogEvents', {});
    const detail = await call<EventDetail>('getCatalogEvent', { eventId: events[0]!.id });
    const market = detail.markets.find((m) => m.active && !m.closed)!;
    const tokenIds = market.outcomes.map((o) => o.tokenId);
    const watched = await call<{ watching: string[]; books: OrderBookView[] }>('watchOrderBooks', { tokenIds });
    expect(watched.watching).toEqual(tokenIds);
    expect(watched.books.map((b) => b.tokenId).sort()).toEqual([...tokenIds].sort());
    for (const book of watched.books) {
      expect(book.bids.length).toBeGreaterThan(0);
      expect(book.asks.length).toBeGreaterThan(0);
      expect(Number(book.bestBid)).toBeLessThan(Number(book.bestAsk));
      expect(book.spread).not.toBeNull();
    }
    const firstHash = watched.books[0]!.hash;
    const update = await waitFor(
      () => eventsOf(harness, 'orderBooksUpdated').flatMap((e) => e.books).find((b) => tokenIds.includes(b.tokenId) && b.hash !== firstHash),
      15_000,
    );
    expect(update.bids.length).toBeGreaterThan(0);

    await call('watchOrderBooks', { tokenIds: [] });
    // The sandbox counted every request by arrival: polling never overfilled a documented window.
    const stats = harness.sandbox.edgeStats();
    expect(stats.find((s) => s.scope === 'clob:/books')?.total).toBeGreaterThan(1);
    for (const scope of stats) expect(scope.overLimit, scope.scope).toBe(0);
  });

  it('shows a real budget figure and stays inside every documented window of the sandbox', async () => {
    const status = await call<AppStatus>('getAppStatus', {});
    expect(status.network).toEqual({ id: 'sandbox', label: 'Sandbox', isSandbox: true });
    expect(status.connection).toBe('online');
    expect(status.budget.used).toBeGreaterThan(0);
    expect(status.budget.scopes.some((s) => s.scope === 'clob:/books')).toBe(true);
  });

  it('sorts the list, leads each event with its likeliest outcome, and filters by a watchlist kept in settings', async () => {
    const byLiquidity = await call<EventsPage>('searchCatalogEvents', { sort: 'liquidity' });
    const liquidity = byLiquidity.events.map((e) => e.liquidity);
    expect(liquidity).toEqual([...liquidity].sort((a, b) => b - a));
    const byVolume = await call<EventsPage>('searchCatalogEvents', { sort: 'volume' });
    expect(byVolume.events.map((e) => e.volume)).toEqual(byVolume.events.map((e) => e.volume).sort((a, b) => b - a));
    const movers = await call<EventsPage>('searchCatalogEvents', { sort: 'change' });
    const moves = movers.events.map((e) => Math.abs(e.leading?.change24h ?? 0));
    expect(moves[0]).toBeGreaterThan(0);
    expect(moves).toEqual([...moves].sort((a, b) => b - a));
    for (const event of byVolume.events) {
      expect(event.leading).not.toBeNull();
      expect(event.leading!.price).toBeGreaterThanOrEqual(0);
      expect(event.leading!.price).toBeLessThanOrEqual(1);
    }

    const withResolved = await call<EventsPage>('searchCatalogEvents', { includeClosed: true });
    const resolved = withResolved.events.find((e) => e.closed)!;
    const resolvedDetail = await call<EventDetail>('getCatalogEvent', { eventId: resolved.id });
    expect(resolvedDetail.markets.every((m) => m.winner === 'Yes' || m.winner === 'No')).toBe(true);
    expect(resolvedDetail.description.length).toBeGreaterThan(20);
    expect(resolvedDetail.markets[0]!.endDate).toMatch(/^\d{4}-\d{2}-\d{2}T/);

    const [first, second] = byVolume.events;
    expect(await call<string[]>('getWatchlist', {})).toEqual([]);
    await call('setWatchlisted', { eventId: first!.id, watched: true });
    expect(await call<string[]>('setWatchlisted', { eventId: second!.id, watched: true })).toEqual([first!.id, second!.id]);
    const watched = await call<EventsPage>('searchCatalogEvents', { watchlistOnly: true });
    expect(watched.events.map((e) => e.id).sort()).toEqual([first!.id, second!.id].sort());
    expect(await call<string[]>('setWatchlisted', { eventId: first!.id, watched: false })).toEqual([second!.id]);
    // Kept in the settings file in the data folder, under the network's id (one list per network).
    const stored = JSON.parse(readFileSync(join(harness.dataDir, 'settings.json'), 'utf8')) as { watchlists: unknown };
    expect(stored.watchlists).toEqual({ sandbox: [second!.id] });
    const bad = await harness.core.dispatch('setWatchlisted', { eventId: '../etc', watched: true }, caller);
    expect(bad).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    await call('setWatchlisted', { eventId: second!.id, watched: false });
  });
});
