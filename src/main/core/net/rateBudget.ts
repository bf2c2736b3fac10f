/**
 * The local rate-budget gate (DESIGN invariant 3): every remote request waits here until each
 * window it counts against has room, so the app throttles itself instead of learning limits
 * from 429s. Windows are sliding and counted the way the server must see them: a request is in
 * flight from the moment it is let through until its answer arrives, and then it stays in the
 * window for `windowMs` after that answer. The server saw it somewhere in between, so stamping
 * at the answer (never at the send) keeps a burst that waited for room from landing inside one
 * server-side window together with the requests it waited for.
 */
import type { BudgetUsage } from '../../../shared/viewModels';
import type { EdgeWindow } from '../../../shared/protocol/edgeLimits';
import { CoreError } from '../coreError';

export interface RateBudgetOptions {
  /**
   * Fraction of each documented limit the client allows itself. The server counts arrival
   * times and we count send times; a margin keeps latency jitter from pushing a burst over.
   */
  safetyFactor?: number;
  now?: () => number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

/**
 * Requests of one window: the weight in flight, and the answer times and weights of finished
 * ones, oldest first. A request's weight is its cost (1 for the edge windows; a perps route's
 * weight for the perps window), so one mechanism serves counted and weighted budgets.
 */
class WindowLog {
  private times: number[] = [];
  private weights: number[] = [];
  private head = 0;
  /** Sum of `weights` from `head` on. */
  private finishedWeight = 0;
  inFlight = 0;

  constructor(readonly window: EdgeWindow) {}

  /** Weight in flight plus the weight answered after `since`. */
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

  record(at: number, weight: number): void {
    this.times.push(at);
    this.weights.push(weight);
    this.finishedWeight += weight;
  }
}

/** Handed out by `acquire`; `settle` once the answer (or failure) arrives. */
export interface BudgetTicket {
  settle(): void;
}

const defaultSleep = (ms: number, signal?: AbortSignal): Promise<void> =>
  new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });

/** How often a request waiting behind a window full of in-flight requests looks again. */
const IN_FLIGHT_RECHECK_MS = 50;

export class RateBudget {
  private readonly logs = new Map<string, WindowLog>();
  private readonly passes: WindowLog;
  private readonly safetyFactor: number;
  private readonly now: () => number;
  private readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  private waitedMs = 0;

  constructor(options: RateBudgetOptions = {}) {
    this.safetyFactor = options.safetyFactor ?? 0.9;
    this.now = options.now ?? Date.now;
    this.sleep = options.sleep ?? defaultSleep;
    this.passes = new WindowLog({ scope: 'gate', label: 'All requests', limit: Infinity, windowMs: 10_000 });
  }

  /** How many requests a window lets this client send. */
  allowance(window: EdgeWindow): number {
    return Math.max(1, Math.floor(window.limit * this.safetyFactor));
  }

  /**
   * Waits until every window has room for `cost` (the request's weight; 1 for a plain count), then
   * counts it in all of them at once, as in flight. The caller settles the ticket when the answer
   * arrives. A cost above a window's allowance could never pass: it is refused at once.
   */
  async acquire(windows: readonly EdgeWindow[], signal?: AbortSignal, cost = 1): Promise<BudgetTicket> {
    if (!Number.isInteger(cost) || cost < 1) throw new CoreError('internal', `A request weight must be a positive integer (got ${cost}).`);
    const tooHeavy = windows.find((window) => cost > this.allowance(window));
    if (tooHeavy) {
      throw new CoreError('rate_limited', `A request of weight ${cost} can never fit the ${tooHeavy.label} budget of ${this.allowance(tooHeavy)}.`);
    }
    for (;;) {
      if (signal?.aborted) throw new CoreError('cancelled', 'The request was cancelled.');
      const now = this.now();
      const waitUntil = this.earliestSlot(windows, now, cost);
      if (waitUntil !== null && waitUntil <= now) return this.admit(windows, now, cost);
      const delay = waitUntil === null ? IN_FLIGHT_RECHECK_MS : waitUntil - now;
      this.waitedMs += delay;
      try {
        await this.sleep(delay, signal);
      } catch {
        throw new CoreError('cancelled', 'The request was cancelled while waiting for the rate budget.');
      }
    }
  }

  private admit(windows: readonly EdgeWindow[], now: number, cost: number): BudgetTicket {
    const logs = windows.map((window) => this.logFor(window));
    for (const log of logs) log.inFlight += cost;
    this.passes.record(now, 1);
    let settled = false;
    return {
      settle: () => {
        if (settled) return;
        settled = true;
        const answeredAt = this.now();
        for (const log of logs) {
          log.inFlight -= cost;
          log.record(answeredAt, cost);
        }
      },
    };
  }

  /** The time `cost` more fits in every window; null while in-flight requests fill one. */
  private earliestSlot(windows: readonly EdgeWindow[], now: number, cost: number): number | null {
    let slot = now;
    for (const window of windows) {
      const log = this.logFor(window);
      const allowed = this.allowance(window);
      if (log.countSince(now - window.windowMs) + cost <= allowed) continue;
      const free = log.freeAt(allowed, cost);
      if (free === null) return null;
      slot = Math.max(slot, free);
    }
    return slot;
  }

  private logFor(window: EdgeWindow): WindowLog {
    let log = this.logs.get(window.scope);
    if (!log) {
      log = new WindowLog(window);
      this.logs.set(window.scope, log);
    }
    return log;
  }

  /** The weight (or count) a window holds now: in flight plus answered within its span. */
  usedIn(window: EdgeWindow): number {
    const log = this.logs.get(window.scope);
    return log ? log.countSince(this.now() - log.window.windowMs) : 0;
  }

  /** Total time requests have spent waiting for room, for progress and diagnostics. */
  totalWaitMs(): number {
    return this.waitedMs;
  }

  /** What the status bar shows: requests in the last 10 s and the busiest window. */
  usage(): BudgetUsage {
    const now = this.now();
    const windowMs = 10_000;
    const used = this.passes.countSince(now - windowMs);
    const scopes = [...this.logs.values()]
      .map((log) => ({
        scope: log.window.scope,
        label: log.window.label,
        used: log.countSince(now - log.window.windowMs),
        limit: this.allowance(log.window),
      }))
      .filter((scope) => scope.used > 0)
      .sort((a, b) => b.used / b.limit - a.used / a.limit);
    const peakFraction = scopes[0] ? scopes[0].used / scopes[0].limit : 0;
    return { windowMs, used, peakFraction, scopes };
  }
}
