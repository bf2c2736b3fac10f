/**
 * The local rate-budget gate (DESIGN invariant 3): every remote request waits here until each
 * window it counts against has room, so the app throttles itself instead of learning limits
 * from 429s.
 *
 * Counting follows what the server can see. A request is in flight from the moment it is let
 * through until its answer arrives, and then stays in the window for `windowMs` (the server saw
 * it somewhere in between). A request that got no answer (timed out, aborted, connection lost)
 * may still reach a stalled server later, so it stays in flight until the same service answers a
 * request sent after it (the server has caught up with it) or `lostHoldMs` passes.
 *
 * Time is a monotonic clock (performance.now by default): a wall-clock step must not empty a window.
 *
 * Waiting requests sit in one fair queue: cancels, then orders, interactive reads, background
 * walks, first come first served within a priority. A request is let through only when no request
 * ahead of it waits on a scope it shares and that is full for that request. One timer wakes the queue at the next moment something
 * can change; nobody polls. A request that would wait past its deadline fails with a `budget` error.
 *
 * A service that answers "too many requests, retry after N s" speaks for the scope, not for the one
 * request: `pause` holds every request of that scope until then (the HTTP client calls it).
 */
import type { BudgetPriority, BudgetStateView, BudgetUsage } from '../../../shared/viewModels';
import type { EdgeWindow } from '../../../shared/protocol/edgeLimits';
import { CoreError } from '../coreError';
import { DEFAULT_DEADLINE_MS, priorityRank } from './budgetPriorities';
import { WindowLog } from './windowLog';
import { systemBudgetClock, type BudgetClock } from './budgetClock';
import { scopeViews, usageOf } from './budgetReport';

export type { BudgetClock } from './budgetClock';

export interface RateBudgetOptions {
  /**
   * Fraction of each documented limit the client allows itself. The server counts arrival
   * times and we count send times; a margin keeps latency jitter from pushing a burst over.
   */
  safetyFactor?: number;
  clock?: BudgetClock;
  /** How long a request without an answer stays in flight at most (default 60 s: past any stall we ride out). */
  lostHoldMs?: number;
  /** Wall-clock time for `asOf` in the panel's state (display only). */
  wallNow?: () => number;
}

export interface AcquireOptions {
  signal?: AbortSignal;
  /** The request's weight; 1 for a plain count. */
  cost?: number;
  priority?: BudgetPriority;
  /** The longest this request waits for room (default by priority). */
  deadlineMs?: number;
  /** The service it goes to: an answer from it proves earlier lost requests have been seen. */
  service?: string;
}

/** How a request ended: with an answer from the service, or without one (it may still arrive). */
export type RequestFate = 'answered' | 'lost';

/** Handed out by `acquire`; `settle` once the answer (or failure) arrives. */
export interface BudgetTicket {
  settle(fate?: RequestFate): void;
}

export interface Waiter {
  seq: number;
  windows: readonly EdgeWindow[];
  cost: number;
  priority: BudgetPriority;
  service: string | undefined;
  enqueuedAt: number;
  deadlineAt: number;
  blockedBy: Set<string>;
  resolve(ticket: BudgetTicket): void;
  reject(error: CoreError): void;
  detach(): void;
}

interface Lost {
  service: string | undefined;
  seq: number;
  logs: WindowLog[];
  cost: number;
  releaseAt: number;
}

export interface ScopeCounters {
  waits: number;
  waitedMs: number;
  deadlineFailures: number;
  /** Times a service paused the scope (Retry-After). */
  pauses: number;
}

export class RateBudget {
  private readonly logs = new Map<string, WindowLog>();
  /** Scopes a service asked to wait (Retry-After), with the monotonic time the wait ends. */
  private readonly pauses = new Map<string, number>();
  private readonly counters = new Map<string, ScopeCounters>();
  private readonly passes: WindowLog;
  private readonly safetyFactor: number;
  private readonly clock: BudgetClock;
  private readonly lostHoldMs: number;
  private readonly wallNow: () => number;
  private waiters: Waiter[] = [];
  private lost: Lost[] = [];
  private seq = 0;
  private waitedMs = 0;
  private cancelWake: (() => void) | null = null;

  constructor(options: RateBudgetOptions = {}) {
    this.safetyFactor = options.safetyFactor ?? 0.9;
    this.clock = options.clock ?? systemBudgetClock;
    this.lostHoldMs = options.lostHoldMs ?? 60_000;
    this.wallNow = options.wallNow ?? Date.now;
    this.passes = new WindowLog({ scope: 'gate', label: 'All requests', limit: Infinity, windowMs: 10_000 });
  }

  /** How many requests a window lets this client send. */
  allowance(window: EdgeWindow): number {
    return Math.max(1, Math.floor(window.limit * this.safetyFactor));
  }

  /** Makes scopes known before any request uses them, so the panel lists every documented limit. */
  register(windows: readonly EdgeWindow[]): void {
    for (const window of windows) this.logFor(window);
  }

  /**
   * Waits in the fair queue until every window has room for the request's cost, then counts it in
   * all of them at once, as in flight. A cost above a window's allowance could never pass: refused at once.
   */
  acquire(windows: readonly EdgeWindow[], options: AcquireOptions = {}): Promise<BudgetTicket> {
    const { signal, cost = 1, priority = 'interactive', service } = options;
    if (!Number.isInteger(cost) || cost < 1) return Promise.reject(new CoreError('internal', `A request weight must be a positive integer (got ${cost}).`));
    const tooHeavy = windows.find((window) => cost > this.allowance(window));
    if (tooHeavy) {
      return Promise.reject(new CoreError('rate_limited', `A request of weight ${cost} can never fit the ${tooHeavy.label} budget of ${this.allowance(tooHeavy)}.`));
    }
    if (signal?.aborted) return Promise.reject(new CoreError('cancelled', 'The request was cancelled.'));
    this.register(windows);
    const now = this.clock.now();
    return new Promise<BudgetTicket>((resolve, reject) => {
      const waiter: Waiter = {
        seq: this.seq++,
        windows,
        cost,
        priority,
        service,
        enqueuedAt: now,
        deadlineAt: now + (options.deadlineMs ?? DEFAULT_DEADLINE_MS[priority]),
        blockedBy: new Set(),
        resolve,
        reject,
        detach: () => signal?.removeEventListener('abort', onAbort),
      };
      const onAbort = () => {
        this.remove(waiter);
        reject(new CoreError('cancelled', 'The request was cancelled while waiting for the rate budget.'));
        this.pump();
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      // Sorted by priority, then arrival: insert after every waiter of the same or a higher priority.
      let index = this.waiters.length;
      while (index > 0 && priorityRank[this.waiters[index - 1]!.priority] > priorityRank[priority]) index--;
      this.waiters.splice(index, 0, waiter);
      this.pump();
    });
  }

  /**
   * The service asked to wait `ms` (Retry-After) before another request of `scope`: none is let
   * through until then. A later, longer pause extends it; a shorter one changes nothing.
   */
  pause(scope: string, ms: number): void {
    const until = this.clock.now() + ms;
    if ((this.pauses.get(scope) ?? -Infinity) >= until) return;
    this.pauses.set(scope, until);
    this.countersFor(scope).pauses++;
    this.pump();
  }

  /** How long `scope` stays paused from `now` (0 when it is not). */
  private pausedFor(scope: string, now: number): number {
    const until = this.pauses.get(scope);
    if (until === undefined) return 0;
    if (until > now) return until - now;
    this.pauses.delete(scope);
    return 0;
  }

  /** Lets through every waiter that fits, in queue order; fails those past their deadline; sets the next wake-up. */
  private pump(): void {
    this.cancelWake?.();
    this.cancelWake = null;
    const now = this.clock.now();
    this.releaseExpiredLost(now);
    const blocked = new Set<string>();
    let wakeAt = Infinity;
    for (const waiter of [...this.waiters]) {
      const behind = waiter.windows.find((window) => blocked.has(window.scope));
      const slot = behind ? { at: null, scope: behind.scope } : this.earliestSlot(waiter.windows, now, waiter.cost);
      if (!behind && slot.at !== null && slot.at <= now) {
        this.remove(waiter);
        waiter.resolve(this.admit(waiter, now));
        continue;
      }
      waiter.blockedBy.add(slot.scope);
      if (now >= waiter.deadlineAt || (slot.at !== null && slot.at > waiter.deadlineAt)) {
        this.failAtDeadline(waiter, slot, now);
        continue;
      }
      // It keeps its place only in the scopes that are full for it: those behind it there wait,
      // but a request sharing just a roomy general scope (all endpoints, the service) goes ahead.
      for (const scope of this.fullScopes(waiter.windows, now, waiter.cost)) blocked.add(scope);
      wakeAt = Math.min(wakeAt, slot.at ?? Infinity, waiter.deadlineAt);
    }
    if (this.waiters.length === 0) return;
    for (const lost of this.lost) wakeAt = Math.min(wakeAt, lost.releaseAt);
    if (Number.isFinite(wakeAt)) this.cancelWake = this.clock.setTimer(() => this.pump(), wakeAt - now);
  }

  private failAtDeadline(waiter: Waiter, slot: { at: number | null; scope: string }, now: number): void {
    this.remove(waiter);
    const label = this.logs.get(slot.scope)?.window.label ?? slot.scope;
    const waited = Math.round(now - waiter.enqueuedAt);
    const paused = this.pausedFor(slot.scope, now) > 0 ? ', paused by the service (Retry-After)' : '';
    const wouldWait = slot.at === null ? 'an unknown time (requests still in flight fill it)' : `${Math.ceil((slot.at - waiter.enqueuedAt) / 1000)} s`;
    this.countersFor(slot.scope).deadlineFailures++;
    waiter.reject(
      new CoreError(
        'budget',
        `The request would wait ${wouldWait} for the ${label} rate budget (scope ${slot.scope}${paused}), past its ${Math.round((waiter.deadlineAt - waiter.enqueuedAt) / 1000)} s deadline; it waited ${(waited / 1000).toFixed(1)} s and was not sent.`,
        { retryable: true },
      ),
    );
  }

  private remove(waiter: Waiter): void {
    const index = this.waiters.indexOf(waiter);
    if (index >= 0) this.waiters.splice(index, 1);
    waiter.detach();
  }

  private admit(waiter: Waiter, now: number): BudgetTicket {
    const waited = now - waiter.enqueuedAt;
    if (waited > 0) {
      this.waitedMs += waited;
      for (const scope of waiter.blockedBy) {
        const counters = this.countersFor(scope);
        counters.waits++;
        counters.waitedMs += waited;
      }
    }
    const logs = waiter.windows.map((window) => this.logFor(window));
    for (const log of logs) log.inFlight += waiter.cost;
    this.passes.record(now, 1);
    const { seq, service, cost } = waiter;
    let settled = false;
    return {
      settle: (fate = 'answered') => {
        if (settled) return;
        settled = true;
        const at = this.clock.now();
        if (fate === 'lost') {
          this.lost.push({ service, seq, logs, cost, releaseAt: at + this.lostHoldMs });
          return;
        }
        this.release(logs, cost, at);
        // The service answered a request sent after these: it has seen them by now.
        if (service !== undefined) {
          const seen = this.lost.filter((lost) => lost.service === service && lost.seq < seq);
          this.lost = this.lost.filter((lost) => !seen.includes(lost));
          for (const lost of seen) this.release(lost.logs, lost.cost, at);
        }
        this.pump();
      },
    };
  }

  private release(logs: WindowLog[], cost: number, at: number): void {
    for (const log of logs) {
      log.inFlight -= cost;
      log.record(at, cost);
    }
  }

  private releaseExpiredLost(now: number): void {
    if (!this.lost.some((lost) => lost.releaseAt <= now)) return;
    const expired = this.lost.filter((lost) => lost.releaseAt <= now);
    this.lost = this.lost.filter((lost) => lost.releaseAt > now);
    for (const lost of expired) this.release(lost.logs, lost.cost, lost.releaseAt);
  }

  /** When `cost` more fits in every window and no pause holds it (null at: in-flight requests fill one), and the scope that decides it. */
  private earliestSlot(windows: readonly EdgeWindow[], now: number, cost: number): { at: number | null; scope: string } {
    let slot: { at: number; scope: string } = { at: now, scope: windows[0]?.scope ?? 'gate' };
    for (const window of windows) {
      const log = this.logFor(window);
      const allowed = this.allowance(window);
      let free: number | null = now;
      if (log.countSince(now - window.windowMs) + cost > allowed) free = log.freeAt(allowed, cost);
      if (free === null) return { at: null, scope: window.scope };
      free = Math.max(free, now + this.pausedFor(window.scope, now));
      if (free > slot.at) slot = { at: free, scope: window.scope };
    }
    return slot;
  }

  /** The scopes among `windows` that have no room for `cost` now, or are paused. */
  private fullScopes(windows: readonly EdgeWindow[], now: number, cost: number): string[] {
    return windows
      .filter((window) => this.logFor(window).countSince(now - window.windowMs) + cost > this.allowance(window) || this.pausedFor(window.scope, now) > 0)
      .map((window) => window.scope);
  }

  private logFor(window: EdgeWindow): WindowLog {
    let log = this.logs.get(window.scope);
    if (!log) {
      log = new WindowLog(window);
      this.logs.set(window.scope, log);
    }
    return log;
  }

  private countersFor(scope: string): ScopeCounters {
    let counters = this.counters.get(scope);
    if (!counters) {
      counters = { waits: 0, waitedMs: 0, deadlineFailures: 0, pauses: 0 };
      this.counters.set(scope, counters);
    }
    return counters;
  }

  /** The weight (or count) a window holds now: in flight plus released within its span. */
  usedIn(window: EdgeWindow): number {
    const now = this.clock.now();
    this.releaseExpiredLost(now);
    const log = this.logs.get(window.scope);
    return log ? log.countSince(now - log.window.windowMs) : 0;
  }

  /** Total time requests have spent waiting for room, for progress and diagnostics. */
  totalWaitMs(): number {
    return this.waitedMs;
  }

  /** Every scope, for the budget panel: use, limits, the queue in it now and the waits so far. */
  state(): BudgetStateView {
    const now = this.clock.now();
    this.releaseExpiredLost(now);
    const pausedFor = (scope: string) => this.pausedFor(scope, now);
    return { scopes: scopeViews([...this.logs.values()], this.waiters, this.counters, now, (window) => this.allowance(window), pausedFor), asOf: this.wallNow() };
  }

  /** What the status bar shows: requests in the last 10 s and the busiest window. */
  usage(): BudgetUsage {
    const now = this.clock.now();
    this.releaseExpiredLost(now);
    return usageOf(this.passes, [...this.logs.values()], now, (window) => this.allowance(window));
  }
}
