/**
 * The requests of one budget window: the weight in flight, and the release times and weights of
 * finished ones, oldest first. A request's weight is its cost (1 for the edge windows; a perps
 * route's weight for the perps window), so one mechanism serves counted and weighted budgets.
 * Times are the budget's monotonic clock, never the wall clock.
 */
import type { EdgeWindow } from '../../../shared/protocol/edgeLimits';

export class WindowLog {
  private times: number[] = [];
  private weights: number[] = [];
  private head = 0;
  /** Sum of `weights` from `head` on. */
  private finishedWeight = 0;
  inFlight = 0;

  constructor(readonly window: EdgeWindow) {}

  /** Weight in flight plus the weight released after `since`. */
  countSince(since: number): number {
    while (this.head < this.times.length && (this.times[this.head] ?? 0) <= since) {
      this.finishedWeight -= this.weights[this.head] ?? 0;
      this.head++;
    }
    if (this.head > 1024 && this.head * 2 > this.times.length) {
      this.times = this.times.slice(this.head);
      this.weights = this.weights.slice(this.head);
      this.head = 0;
    }
    return this.inFlight + this.finishedWeight;
  }

  /**
   * When `cost` more will fit under `allowed`, or null when in-flight weight alone leaves no room
   * (their answers have to arrive before anything can be said). Call after `countSince(now - windowMs)`.
   */
  freeAt(allowed: number, cost: number): number | null {
    const roomForFinished = allowed - this.inFlight - cost;
    if (roomForFinished < 0) return null;
    // Drop the oldest finished entries until what is left fits beside the new request.
    let left = this.finishedWeight;
    let index = this.head;
    while (left > roomForFinished && index < this.times.length) {
      left -= this.weights[index] ?? 0;
      index++;
    }
    return (this.times[index - 1] ?? 0) + this.window.windowMs;
  }

  /**
   * A request left flight at `at`: it counts until `at + windowMs`. Release times may arrive out
   * of order (a lost request is released later than it would have been answered), so the entry is
   * placed in order to keep `countSince` and `freeAt` exact.
   */
  record(at: number, weight: number): void {
    this.finishedWeight += weight;
    let index = this.times.length;
    while (index > this.head && (this.times[index - 1] ?? 0) > at) index--;
    this.times.splice(index, 0, at);
    this.weights.splice(index, 0, weight);
  }
}
