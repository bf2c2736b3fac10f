/**
 * Capacity slots for heavy queries (spec, error rule 4): a heavy query waits briefly for one of
 * a few slots and gets 429 `rate_limited` (with Retry-After) only when that wait ends unserved.
 * Heavy handlers run their work after a turn of the event loop while holding the slot, so
 * concurrent heavy requests really do queue behind each other.
 */
import { AnalyticsError } from './errors';

export class CapacitySlots {
  private busy = 0;
  private readonly waiting: Array<{ grant(): void; timer: NodeJS.Timeout }> = [];

  constructor(
    readonly slots: number,
    readonly waitMs: number,
    /** Least time a slot is held (a slow datastore statement, for tests of the busy signal). */
    private readonly holdMs = 0,
  ) {}

  get inUse(): number {
    return this.busy;
  }

  async run<T>(work: () => T): Promise<T> {
    await this.acquire();
    try {
      await new Promise((resolve) => (this.holdMs > 0 ? setTimeout(resolve, this.holdMs) : setImmediate(resolve)));
      return work();
    } finally {
      this.release();
    }
  }

  private acquire(): Promise<void> {
    if (this.busy < this.slots) {
      this.busy += 1;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const entry = {
        grant: () => {
          clearTimeout(entry.timer);
          resolve();
        },
        timer: setTimeout(() => {
          this.waiting.splice(this.waiting.indexOf(entry), 1);
          const retryAfterS = Math.max(1, Math.ceil(Math.max(this.holdMs, this.waitMs) / 1000));
          reject(new AnalyticsError('rate_limited', `busy: every heavy-query slot (${this.slots}) stayed taken for ${this.waitMs} ms; retry shortly`, undefined, retryAfterS));
        }, this.waitMs),
      };
      this.waiting.push(entry);
    });
  }

  private release(): void {
    const next = this.waiting.shift();
    // The slot passes straight to the next waiter, so a late arrival cannot jump the queue.
    if (next) next.grant();
    else this.busy -= 1;
  }
}
