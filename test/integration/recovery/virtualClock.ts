/**
 * A virtual LoopClock for the core's loops: `sleep` parks the caller until the test advances
 * time past its wake-up, so a test can run minutes of backoff in milliseconds and count what
 * happened, without timed assertions.
 */
import type { LoopClock } from '../../../src/main/core/status/backoff';

interface Sleeper {
  at: number;
  resolve: () => void;
}

export class VirtualClock implements LoopClock {
  private time = 0;
  private sleepers: Sleeper[] = [];

  now = () => this.time;
  /** Fixed jitter: the middle of the range, so counts are reproducible. */
  random = () => 0.5;

  sleep = (ms: number, signal?: AbortSignal): Promise<void> =>
    new Promise<void>((resolve) => {
      if (signal?.aborted) return resolve();
      const sleeper: Sleeper = { at: this.time + ms, resolve };
      this.sleepers.push(sleeper);
      signal?.addEventListener('abort', () => {
        this.sleepers = this.sleepers.filter((s) => s !== sleeper);
        resolve();
      }, { once: true });
    });

  /** Loops parked now. */
  parked(): number {
    return this.sleepers.length;
  }

  /** Wakes the earliest sleeper(s), moving time to their wake-up; returns the new time. */
  wakeNext(): number {
    if (this.sleepers.length === 0) return this.time;
    const at = Math.min(...this.sleepers.map((s) => s.at));
    this.time = Math.max(this.time, at);
    const due = this.sleepers.filter((s) => s.at <= this.time);
    this.sleepers = this.sleepers.filter((s) => s.at > this.time);
    for (const s of due) s.resolve();
    return this.time;
  }
}
