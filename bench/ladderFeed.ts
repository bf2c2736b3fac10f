/**
 * The book stream the ladder bench replays: one 0.01-tick market of the sandbox's seed-7 world,
 * its simulation (market maker re-quoting, takers sweeping, levels resized) stepped as fast as it
 * runs instead of its live 4 steps a second, each changed book taken as the app would receive it
 * (the sandbox's wire book → toOrderBookView, as main maps it). Deterministic for the seed.
 */
import { bookJson } from '../src/sandbox/clob/bookWire';
import { Exchange } from '../src/sandbox/clob/exchange';
import { Simulator } from '../src/sandbox/simulation/simulator';
import { buildWorld } from '../src/sandbox/world/buildWorld';
import { toOrderBookView } from '../src/main/core/books/bookMapping';
import type { OrderBookView } from '../src/shared/viewModels';
import type { BookFeed } from './ladderRun';

const levelsOf = (book: OrderBookView) => {
  const map = new Map<string, string>();
  for (const level of book.bids) map.set(`b${level.price}`, level.size);
  for (const level of book.asks) map.set(`a${level.price}`, level.size);
  return map;
};

export function changedLevels(before: OrderBookView, after: OrderBookView): number {
  const a = levelsOf(before);
  const b = levelsOf(after);
  let changed = 0;
  for (const [key, size] of b) if (a.get(key) !== size) changed += 1;
  for (const key of a.keys()) if (!b.has(key)) changed += 1;
  return changed;
}

export function sandboxBookFeed(count: number, seed = 7): BookFeed {
  const exchange = new Exchange(buildWorld(seed));
  const simulator = new Simulator(exchange, seed);
  const entry = exchange.liveMarkets().find((m) => m.market.tickSize === '0.01');
  if (!entry) throw new Error('the seed-7 world has no live 0.01-tick market');
  const tokenId = entry.market.tokenIds[0]!;
  const token = exchange.token(tokenId)!;
  const books: OrderBookView[] = [];
  const changes: number[] = [];
  let previous: OrderBookView | null = null;
  for (let steps = 0; books.length < count && steps < count * 200; steps += 1) {
    simulator.step();
    const wire = bookJson(token);
    if (!wire) continue;
    const view = toOrderBookView(wire);
    const changed = previous ? changedLevels(previous, view) : view.bids.length + view.asks.length;
    if (changed === 0) continue;
    // Replayed at wall-clock pace in the page: timestamps and hashes only need to be new.
    books.push({ ...view, timestamp: books.length + 1, hash: `bench-${books.length}` });
    changes.push(changed);
    previous = view;
  }
  return { tokenId, books, changes };
}
