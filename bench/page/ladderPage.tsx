/**
 * The page the ladder bench runs in Chromium: the real DomLadder (or the naive baseline) on the
 * real book store and its once-per-frame publisher, fed the sandbox's book stream at a set rate
 * of level updates per second, wall-clock paced, while every animation frame's interval is
 * recorded. Bundled by bench/ladder.bench.ts with esbuild; exposes `window.runLadderBench`.
 */
import { createRoot, type Root } from 'react-dom/client';
import type { OrderBookView } from '../../src/shared/viewModels';
import type { BookFeed, LadderRunInput, LadderRunOutput } from '../ladderRun';
import { useBookStore } from '../../src/renderer/stores/bookStore';
import { ingestBooks, setLiveBookTokens } from '../../src/renderer/stores/liveBooks';
import { DomLadder } from '../../src/renderer/views/ladder/DomLadder';
import { NaiveLadder } from './ladderBaseline';
import '../../src/renderer/styles/theme.css';
import '../../src/renderer/styles/book.css';
import '../../src/renderer/styles/ladder.css';

declare global {
  interface Window {
    loadLadderFeed: (feed: BookFeed) => void;
    runLadderBench: (input: LadderRunInput) => Promise<LadderRunOutput>;
    /** The bench's hook (exposeFunction): reads Chromium's main-thread CPU counters when the feed starts and stops. */
    ladderBenchMark?: (at: 'start' | 'stop') => Promise<void>;
  }
}

let root: Root | null = null;
/** The book stream, sent once (tens of megabytes at 5,000 updates/s) and replayed by every run. */
let feed: BookFeed | null = null;
window.loadLadderFeed = (loaded) => {
  feed = loaded;
};

/**
 * Main-thread work per frame, as the ladder's code decides it: each animation-frame callback
 * (the book publisher's among them), the React render and commit it triggers (flushed in a
 * microtask queued before ours), then style and layout forced at once. Chromium's frame interval
 * also holds paint and raster, which on a shared machine mostly measure the machine.
 */
let workMs: number[] | null = null;
const nativeRaf = window.requestAnimationFrame.bind(window);
window.requestAnimationFrame = (callback) =>
  nativeRaf((time) => {
    const started = performance.now();
    callback(time);
    queueMicrotask(() => {
      void document.body.offsetHeight;
      workMs?.push(performance.now() - started);
    });
  });
const frame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve));
const noop = () => undefined;

function visibleMismatches(container: HTMLElement, book: OrderBookView): { mismatches: number; cells: number } {
  const sizes = { bid: new Map(book.bids.map((l) => [Number(l.price), Number(l.size)])), ask: new Map(book.asks.map((l) => [Number(l.price), Number(l.size)])) };
  let mismatches = 0;
  let cells = 0;
  for (const row of container.querySelectorAll<HTMLElement>('[role="row"][data-price]')) {
    const price = Number(row.dataset.price);
    for (const side of ['bid', 'ask'] as const) {
      const text = row.querySelector(`.dl-${side} .dl-size-text`)?.textContent ?? '';
      const shown = text === '' ? 0 : Number(text.replace(/,/g, ''));
      const want = sizes[side].get(price) ?? 0;
      cells += 1;
      if (Math.abs(shown - want) > 0.005) mismatches += 1;
    }
  }
  return { mismatches, cells };
}

window.runLadderBench = async (input) => {
  if (!feed) throw new Error('loadLadderFeed first');
  const { tokenId, books, changes } = feed;
  root?.unmount();
  // A clean store per run: the publisher keeps the newest book it saw and would ignore a replay's older ones.
  setLiveBookTokens([]);
  useBookStore.setState({ books: {} });
  const container = document.getElementById('root')!;
  root = createRoot(container);
  setLiveBookTokens([tokenId]);
  ingestBooks([books[0]!]);
  const props = { tokenId, outcome: 'Yes', tickSize: '0.01', rows: input.rows, variant: 'trade', onAction: noop } as const;
  root.render(
    input.variant === 'ladder' ? (
      <DomLadder {...props} />
    ) : (
      <NaiveLadder tokenId={tokenId} rows={input.rows} />
    ),
  );
  for (let i = 0; i < 30; i += 1) await frame();

  // Cumulative level changes, so the feeder can keep to the rate by the clock.
  const cumulative: number[] = [];
  changes.reduce((sum, n, i) => (cumulative[i] = sum + n), 0);
  let next = 1;
  let levelUpdates = 0;
  let stopped = false;
  await window.ladderBenchMark?.('start');
  const started = performance.now();
  const pump = () => {
    if (stopped) return;
    const due = ((performance.now() - started) / 1000) * input.levelsPerSecond + cumulative[0]!;
    const batch: OrderBookView[] = [];
    while (next < books.length && cumulative[next]! <= due) {
      batch.push(books[next]!);
      levelUpdates += changes[next]!;
      next += 1;
    }
    if (batch.length > 0) ingestBooks(batch);
    setTimeout(pump, 1);
  };
  let mutations = 0;
  const observer = new MutationObserver((records) => {
    mutations += records.length;
  });
  observer.observe(container, { subtree: true, childList: true, characterData: true, attributes: true });
  pump();

  const frameMs: number[] = [];
  workMs = [];
  let last = await frame();
  while (last - started < input.seconds * 1000) {
    const now = await frame();
    frameMs.push(now - last);
    last = now;
  }
  stopped = true;
  await window.ladderBenchMark?.('stop');
  const work = workMs;
  workMs = null;
  const seconds = (performance.now() - started) / 1000;
  observer.disconnect();
  for (let i = 0; i < 5; i += 1) await frame();
  const { mismatches, cells } = visibleMismatches(container, books[next - 1]!);
  return { frameMs, workMs: work, levelUpdates, booksIngested: next - 1, seconds, domMutations: mutations, mismatches, cellsChecked: cells };
};
