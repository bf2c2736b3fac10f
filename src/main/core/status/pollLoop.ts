/**
 * A poll that runs a task, then waits its interval — or, while its service is unreachable, the
 * outage backoff — and never overlaps itself. It stops by itself when `active()` says there is
 * nothing to poll, and is woken again by `kick()`.
 */
import type { ServiceName } from '../net/serviceNames';
import type { LoopClock } from './backoff';
import type { OutageTracker } from './outageTracker';

export interface PollLoopOptions {
  service: ServiceName;
  intervalMs: number;
  clock: LoopClock;
  outages: OutageTracker;
  task: () => Promise<void>;
  active?: () => boolean;
}

export class PollLoop {
  private running = false;
  private readonly stopper = new AbortController();

  constructor(private readonly options: PollLoopOptions) {}

  /** Starts the loop unless it runs already or is stopped. */
  kick(): void {
    if (this.running || this.stopper.signal.aborted) return;
    this.running = true;
    void this.run().finally(() => {
      this.running = false;
    });
  }

  stop(): void {
    this.stopper.abort();
  }

  private async run(): Promise<void> {
    const { clock, outages, service, intervalMs, task, active = () => true } = this.options;
    const signal = this.stopper.signal;
    while (!signal.aborted && active()) {
      await clock.sleep(outages.pollDelay(service, intervalMs), signal);
      if (signal.aborted || !active()) return;
      await task().catch(() => undefined);
    }
  }
}
