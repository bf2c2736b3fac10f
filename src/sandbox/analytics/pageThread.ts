/**
 * Writes `/v2/activity` pages on a worker thread. A 1,000-row page is about 680 KB of JSON and
 * most of a millisecond of CPU; written on the event loop it holds up every other request the
 * sandbox serves and, in the app, the core that shares that loop. The worker writes the synthetic
 * rows (pageWorker.ts) while the loop parses, seeks, signs cursors and sends; the loop keeps the
 * real fills and the envelope (pageWriter.ts), so the worker needs only the seed and the markets.
 * Both write into shared page slots (pageSlots.ts): the page comes back as a length, not a copy.
 *
 * Started on the first page big enough to be worth a message (small pages are written here: a
 * round trip costs more than they do). Until it is ready, and for good if it cannot start or
 * fails, pages are written on this thread: speed, never correctness, depends on the worker. The
 * worker module is TypeScript next to this file; where the host runs the sources (tsx, vitest)
 * the worker registers tsx's loader first, and where neither it nor a bundled pageWorker.js is
 * there the worker is not started.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { PageSlots, type Page, type PageSlot } from './pageSlots';
import { PAGE_WORKER_MARK, type PageWorld } from './pageWorld';
import { writePage, type PageJob } from './pageWriter';
import type { PageAnswer, PageRequest } from './pageWorker';
import type { SyntheticHistory } from './synthetic/history';

/** Pages with fewer synthetic rows than this are written on the event loop. */
export const WORKER_MIN_ROWS = 100;

/**
 * Loads the worker module: with a loader (tsx) registered first when the module is TypeScript.
 * Plain script (eval), so it runs the same in every host.
 */
const BOOTSTRAP = `
const { parentPort, workerData } = require('node:worker_threads');
(async () => {
  if (workerData.loader) (await import(workerData.loader)).register();
  await import(workerData.entry);
})().catch((error) => parentPort.postMessage({ kind: 'failed', id: -1, message: String(error && error.message || error) }));
`;

interface Pending {
  job: PageJob;
  history: SyntheticHistory | null;
  slot: PageSlot | null;
  resolve(page: Page): void;
  reject(error: unknown): void;
}

export type PageThreadState = 'idle' | 'starting' | 'ready' | 'off';

export class PageThread {
  readonly slots = new PageSlots();
  private worker: Worker | null = null;
  private state: PageThreadState;
  private readonly pending = new Map<number, Pending>();
  private nextId = 0;

  constructor(
    private readonly world: () => PageWorld,
    enabled = true,
  ) {
    this.state = enabled ? 'idle' : 'off';
  }

  /** 'ready' once pages are written on the worker; 'off' when they never will be (disabled, failed, closed). */
  get status(): PageThreadState {
    return this.state;
  }

  /**
   * The page, held once for its caller (release it through `slots` when it is sent): from the
   * worker when it is ready and the page is big, else written here.
   */
  write(history: SyntheticHistory | null, job: PageJob): Page | Promise<Page> {
    const slot = this.slots.acquire();
    if (job.positions.length < WORKER_MIN_ROWS || this.state === 'off') return this.writeHere(history, job, slot);
    if (this.state === 'idle') this.start();
    const worker = this.worker;
    if (this.state !== 'ready' || !worker) return this.writeHere(history, job, slot);
    const id = (this.nextId = (this.nextId + 1) % Number.MAX_SAFE_INTEGER);
    return new Promise((resolve, reject) => {
      this.pending.set(id, { job, history, slot, resolve, reject });
      const request: PageRequest = { id, ...job, slot: slot?.index ?? -1 };
      if (slot && !slot.shared) {
        request.memory = slot.memory;
        slot.shared = true;
      }
      worker.postMessage(request);
    });
  }

  /** Stops the worker; pages still waiting are written here. */
  close(): void {
    const worker = this.worker;
    this.fallBack();
    void worker?.terminate();
  }

  private writeHere(history: SyntheticHistory | null, job: PageJob, slot: PageSlot | null): Page {
    const { bytes, inPlace } = writePage(history, job, slot?.view);
    if (slot && !inPlace) this.slots.discard(slot);
    return { bytes, slot: inPlace ? slot : null };
  }

  private start(): void {
    const entry = workerEntry();
    if (!entry) {
      this.state = 'off';
      return;
    }
    this.state = 'starting';
    try {
      const worker = new Worker(BOOTSTRAP, { eval: true, workerData: { ...entry, mark: PAGE_WORKER_MARK, world: this.world() } });
      worker.unref();
      worker.on('message', (answer: PageAnswer) => this.answered(answer));
      worker.on('messageerror', () => this.fallBack());
      worker.on('error', () => this.fallBack());
      worker.on('exit', () => this.fallBack());
      this.worker = worker;
    } catch {
      this.fallBack();
    }
  }

  private answered(answer: PageAnswer): void {
    if (answer.kind === 'ready') {
      if (this.state === 'starting') this.state = 'ready';
      return;
    }
    const waiting = this.pending.get(answer.id);
    if (!waiting) return this.fallBack();
    this.pending.delete(answer.id);
    const { slot } = waiting;
    if (answer.kind === 'failed') {
      // The worker could not write this page: write it here (into the same slot: the worker is done with it).
      this.settle(waiting, slot);
      return;
    }
    if (answer.bytes) {
      // It did not fit a slot: the worker's own buffer, transferred.
      if (slot) this.slots.discard(slot);
      waiting.resolve({ bytes: answer.bytes, slot: null });
    } else if (slot && answer.length <= slot.view.length) {
      waiting.resolve({ bytes: slot.view.subarray(0, answer.length), slot });
    } else {
      this.fallBack();
      this.settle(waiting, null);
    }
  }

  private settle(page: Pending, slot: PageSlot | null): void {
    try {
      page.resolve(this.writeHere(page.history, page.job, slot));
    } catch (error) {
      page.reject(error);
    }
  }

  private fallBack(): void {
    const worker = this.worker;
    this.worker = null;
    this.state = 'off';
    if (worker) void worker.terminate();
    const waiting = [...this.pending.values()];
    this.pending.clear();
    for (const page of waiting) {
      // The stopped worker may still be writing into the page's slot: never use that slot again.
      if (page.slot) {
        page.slot.usable = false;
        this.slots.discard(page.slot);
      }
      this.settle(page, null);
    }
  }
}

/**
 * Where the worker module is: next to this file as TypeScript (hosts that run the sources, with
 * tsx's loader), or as pageWorker.js beside a bundle that emitted it. None: no worker.
 */
function workerEntry(): { entry: string; loader: string | null } | null {
  const here = import.meta.url;
  if (!here.startsWith('file:')) return null;
  if (here.endsWith('.ts')) {
    try {
      const loader = pathToFileURL(createRequire(here).resolve('tsx/esm/api')).href;
      return { entry: new URL('./pageWorker.ts', here).href, loader };
    } catch {
      return null;
    }
  }
  const bundled = new URL('./pageWorker.js', here);
  return existsSync(fileURLToPath(bundled)) ? { entry: bundled.href, loader: null } : null;
}
