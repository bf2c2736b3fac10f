/**
 * Long walks run as jobs: each reports rows, pages, time spent waiting for the rate budget and an
 * ETA when one can be known, and can be cancelled by id from the UI.
 */
import { randomUUID } from 'node:crypto';
import type { JobProgress } from '../../../shared/tradingViews';
import { CoreError } from '../coreError';
import type { RateBudget } from '../net/rateBudget';

export interface JobContext {
  signal: AbortSignal;
  /**
   * Rows and pages so far. The ETA comes from `expectedPages` when the page count is known, else
   * from `doneFraction` (0..1) when the walk can tell how far it got (e.g. by timestamps).
   */
  progress(rows: number, pages: number, expectedPages?: number, doneFraction?: number, stage?: string): void;
}

/** Remaining time from the elapsed time and the work done, or null when it cannot be known. */
export function etaFrom(elapsedMs: number, pages: number, expectedPages?: number, doneFraction?: number): number | null {
  if (expectedPages) return Math.max(0, Math.round((expectedPages - pages) * (elapsedMs / Math.max(1, pages))));
  if (doneFraction !== undefined && doneFraction > 0 && doneFraction <= 1) return Math.max(0, Math.round((elapsedMs * (1 - doneFraction)) / doneFraction));
  return null;
}

export class JobRunner {
  private readonly running = new Map<string, AbortController>();
  /** The last progress of each running job, for the network-switch preflight. */
  private readonly latest = new Map<string, JobProgress>();

  constructor(
    private readonly budget: RateBudget,
    private readonly publish: (progress: JobProgress) => void,
  ) {}

  async run<T>(kind: string, jobId: string | undefined, work: (context: JobContext) => Promise<T>): Promise<T> {
    const id = jobId ?? randomUUID();
    if (this.running.has(id)) throw new CoreError('conflict', `A job with id ${id} is already running.`);
    const controller = new AbortController();
    this.running.set(id, controller);
    this.latest.set(id, { jobId: id, kind, rows: 0, pages: 0, done: false, budgetWaitMs: 0, etaMs: null, error: null });
    const started = Date.now();
    const waitedBefore = this.budget.totalWaitMs();
    let last: JobProgress = { jobId: id, kind, rows: 0, pages: 0, done: false, budgetWaitMs: 0, etaMs: null, error: null };
    const report = (change: Partial<JobProgress>) => {
      last = { ...last, ...change, budgetWaitMs: this.budget.totalWaitMs() - waitedBefore };
      if (!last.done) this.latest.set(id, last);
      this.publish(last);
    };
    try {
      const result = await work({
        signal: controller.signal,
        progress: (rows, pages, expectedPages, doneFraction, stage) => {
          report({ rows, pages, ...(stage ? { stage } : {}), etaMs: etaFrom(Date.now() - started, pages, expectedPages, doneFraction) });
        },
      });
      report({ done: true, etaMs: 0 });
      return result;
    } catch (error) {
      report({ done: true, error: error instanceof Error ? error.message : 'failed' });
      throw error;
    } finally {
      this.running.delete(id);
      this.latest.delete(id);
    }
  }

  cancel(jobId: string): boolean {
    const controller = this.running.get(jobId);
    controller?.abort();
    return controller !== undefined;
  }

  isRunning(jobId: string): boolean {
    return this.running.has(jobId);
  }

  /** The jobs running now, each with its last progress. */
  list(): JobProgress[] {
    return [...this.latest.values()];
  }

  cancelAll(): void {
    for (const controller of this.running.values()) controller.abort();
  }
}
