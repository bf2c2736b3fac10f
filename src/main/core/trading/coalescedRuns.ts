/**
 * One run of a task per key at a time, and requests made while it runs folded into one more run
 * after it. A burst of 300 cancels each asks for the balance to be read again; reading it 300
 * times spends the `/balance-allowance` window (200 per 10 s) for half a minute and tells nothing
 * the last read does not. One read now and one after the burst do.
 */
export class CoalescedRuns {
  private readonly running = new Map<string, { again: boolean; done: Promise<void> }>();

  /** Runs `task` for `key` now, or once more after the run in progress. Failures are the task's to report. */
  request(key: string, task: () => Promise<unknown>): Promise<void> {
    const current = this.running.get(key);
    if (current) {
      current.again = true;
      return current.done;
    }
    const entry = { again: false, done: Promise.resolve() };
    this.running.set(key, entry);
    entry.done = (async () => {
      try {
        do {
          entry.again = false;
          await Promise.resolve().then(task).catch(() => undefined);
        } while (entry.again);
      } finally {
        this.running.delete(key);
      }
    })();
    return entry.done;
  }
}
