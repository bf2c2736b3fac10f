/**
 * Timestamps of the last `windowMs`, oldest first, in an array with a moving head so pushes
 * and expiries are O(1) amortised even at thousands of requests per window.
 */
import type { LiveEntries } from './admissionForecast';

export class TimeWindow {
  private times: number[] = [];
  private head = 0;

  constructor(readonly windowMs: number) {}

  /** Drops entries that are no longer inside the window (t - windowMs, t]. */
  expire(now: number): void {
    const cutoff = now - this.windowMs;
    while (this.head < this.times.length && (this.times[this.head] as number) <= cutoff) this.head += 1;
    if (this.head > 1024 && this.head * 2 > this.times.length) {
      this.times = this.times.slice(this.head);
      this.head = 0;
    }
  }

  push(now: number): void {
    this.times.push(now);
  }

  count(now: number): number {
    this.expire(now);
    return this.times.length - this.head;
  }

  /** The entries still in the window at `now`, oldest first, without copying them. */
  live(now: number): LiveEntries {
    const count = this.count(now);
    const { times, head } = this;
    return { count, at: (i) => times[head + i] as number };
  }

  /**
   * The earliest time at which the window holds fewer than `limit` entries (assuming no new
   * ones): when the entry `limit`-th from the newest has left the window.
   */
  freeAt(now: number, limit: number): number {
    const live = this.count(now);
    if (live < limit) return now;
    return (this.times[this.head + live - limit] as number) + this.windowMs;
  }

  clear(): void {
    this.times = [];
    this.head = 0;
  }
}
