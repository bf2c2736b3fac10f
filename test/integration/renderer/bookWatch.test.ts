/**
 * The renderer's book watch (stores/bookWatch.ts) against the real core and sandbox: the book
 * asked for at start-up, before Trade renders, is taken over by Trade without a second call; a
 * remount (watch nothing, then the same book, in one tick) keeps the book it holds; a book
 * asked for ahead that no view takes over is released, so main stops polling it for the window;
 * and a book back before the first render is published for it, not a frame later.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventsPage, EventDetail } from '../../../src/shared/viewModels';
import { callOk, startHarness, waitFor, type Harness } from '../core/coreHarness';
import { installBridge } from './storesOverCore';

let harness: Harness;
let stores: Awaited<ReturnType<typeof loadStores>>;
const watchCalls: string[][] = [];
let tokenId = '';

async function loadStores() {
  const [books, watch, live] = await Promise.all([
    import('../../../src/renderer/stores/bookStore'),
    import('../../../src/renderer/stores/bookWatch'),
    import('../../../src/renderer/stores/liveBooks'),
  ]);
  return { books: books.useBookStore, publishLiveBooksNow: live.publishLiveBooksNow, ...watch };
}

/** Lets the coalesced sync, the core's answer and the publishing frame all run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 100));

beforeAll(async () => {
  harness = await startHarness({ simulate: false });
  // The book store publishes once per animation frame; Node has none.
  (globalThis as { requestAnimationFrame?: (run: () => void) => number }).requestAnimationFrame = (run) => Number(setTimeout(run, 0));
  installBridge(harness, 'book-watch-window', (channel, input) => {
    if (channel === 'watchOrderBooks') watchCalls.push((input as { tokenIds: string[] }).tokenIds);
  });
  stores = await loadStores();
  const events = await callOk<EventsPage>(harness, 'searchCatalogEvents', {});
  const detail = await callOk<EventDetail>(harness, 'getCatalogEvent', { eventId: events.events[0]!.id });
  tokenId = detail.markets[0]!.outcomes[0]!.tokenId;
}, 60_000);

afterAll(async () => {
  await harness?.stop();
});

describe('book watch', () => {
  it('takes over the book asked for ahead without asking again, and keeps it across a remount', async () => {
    stores.watchBooksAhead([tokenId]);
    stores.watchBooks([tokenId]); // Trade mounts before the answer is back
    await waitFor(() => stores.books.getState().books[tokenId]);
    expect(watchCalls).toEqual([[tokenId]]);
    expect(stores.books.getState().watchPhase).toBe('ready');

    stores.watchBooks([]); // the view remounts (display preferences changed)
    stores.watchBooks([tokenId]);
    await settle();
    expect(stores.books.getState().books[tokenId]?.tokenId).toBe(tokenId);
    expect(stores.books.getState().watchPhase).toBe('ready');
    expect(watchCalls).toEqual([[tokenId]]);

    stores.releaseBooksAhead(); // Trade took the book over: leaving is Trade's own unmount
    await settle();
    expect(watchCalls).toEqual([[tokenId]]);
    stores.watchBooks([]);
    await settle();
    expect(watchCalls.at(-1)).toEqual([]);
    expect(stores.books.getState().books[tokenId]).toBeUndefined();
  });

  it('stops the book asked for ahead when the user leaves before any view takes it', async () => {
    watchCalls.length = 0;
    stores.watchBooksAhead([tokenId]);
    await waitFor(() => stores.books.getState().books[tokenId]);
    stores.releaseBooksAhead();
    await settle();
    expect(watchCalls).toEqual([[tokenId], []]);
    expect(stores.books.getState().watchPhase).toBe('idle');
  });

  it('publishes a book that came back before the first render for that render, and not again a frame later', async () => {
    const frames = new Map<number, () => void>();
    const globals = globalThis as { requestAnimationFrame?: (run: () => void) => number; cancelAnimationFrame?: (id: number) => void };
    const [raf, caf] = [globals.requestAnimationFrame, globals.cancelAnimationFrame];
    // No frame runs while the app's code loads: the book waits for one.
    globals.requestAnimationFrame = (run) => (frames.set(frames.size + 1, run), frames.size);
    globals.cancelAnimationFrame = (id) => void frames.delete(id);
    try {
      stores.watchBooksAhead([tokenId]);
      await waitFor(() => frames.size > 0);
      expect(stores.books.getState().books[tokenId]).toBeUndefined();
      stores.publishLiveBooksNow();
      expect(stores.books.getState().books[tokenId]?.tokenId).toBe(tokenId);
      expect(frames.size, 'the frame that would publish it again was cancelled').toBe(0);
      stores.publishLiveBooksNow(); // nothing waiting: nothing to do
      expect(stores.books.getState().books[tokenId]?.tokenId).toBe(tokenId);
    } finally {
      [globals.requestAnimationFrame, globals.cancelAnimationFrame] = [raf, caf];
      stores.releaseBooksAhead();
      await settle();
    }
  });
});
