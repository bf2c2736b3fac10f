/**
 * The documented edge windows, enforced the way the spec says the public edge does it: as
 * throttling. A request whose windows are full waits in one first-in first-out queue until they
 * admit it. Only when its predicted wait is longer than `maxWaitMs`, or `maxQueued` requests
 * already wait, is it refused at once with 429 and a `Retry-After` that says when its windows
 * will really admit it (the requests queued ahead of it included). A waiting request whose client
 * goes away leaves the queue and never takes a place in a window.
 *
 * Two things are tracked per scope and kept apart on purpose:
 * - admissions (what was let through) drive the throttle, so the sandbox never serves more
 *   than a window allows;
 * - arrivals (what the client sent) drive the statistics, so `maxInWindow` and `overLimit`
 *   show whether the CLIENT stayed inside its budget — the thing tests assert on.
 */
import { ALL_EDGE_WINDOWS, edgeWindowsFor, type EdgeScopeStats, type EdgeService, type EdgeWindow } from '../../shared/protocol/edgeLimits';
import { predictAdmission } from './admissionForecast';
import { TimeWindow } from './timeWindow';

export type { EdgeScopeStats };

/** Longest a request waits for its windows by default: one documented window (10 s). */
export const DEFAULT_MAX_WAIT_MS = 10_000;
/** Most requests waiting at once by default. */
export const DEFAULT_MAX_QUEUED = 1_000;

export interface EdgeGateOptions {
  /** Longest a request may wait for its windows before it is refused (default 10 s). */
  maxWaitMs?: number;
  /** Most requests waiting at once (default 1000). */
  maxQueued?: number;
  /** Per-scope limit overrides, for tests that want to see throttling without 10 000 requests. */
  limits?: Readonly<Record<string, number>>;
  /** Per-scope window lengths in ms, for tests that want a window to free in milliseconds. */
  windowsMs?: Readonly<Record<string, number>>;
  clock?: () => number;
}

/**
 * What the gate decided: let through (after `waitedMs`), refused (429; `retryAfterMs` until its
 * windows admit it, `labels` the full windows), or abandoned (the client left while it waited).
 */
export type EdgeVerdict =
  | { kind: 'admitted'; waitedMs: number }
  | { kind: 'rejected'; retryAfterMs: number; labels: string[] }
  | { kind: 'abandoned' };

class Scope {
  readonly arrivals: TimeWindow;
  readonly admissions: TimeWindow;
  /** Queued requests waiting for this window (it was full for them). */
  queued = 0;
  stats: EdgeScopeStats;

  constructor(readonly window: EdgeWindow, readonly limit: number, readonly windowMs: number) {
    this.arrivals = new TimeWindow(windowMs);
    this.admissions = new TimeWindow(windowMs);
    this.stats = this.emptyStats();
  }

  emptyStats(): EdgeScopeStats {
    const { scope, label } = this.window;
    return {
      scope, label, limit: this.limit, windowMs: this.windowMs, total: 0, inWindow: 0, maxInWindow: 0, overLimit: 0,
      delayed: 0, delayedMs: 0, maxDelayMs: 0, waiting: 0, rejected: 0, abandoned: 0,
    };
  }

  /** When a request arriving behind `ahead` queued ones would be admitted by this window. */
  admissionAt(now: number, ahead: number): number {
    return predictAdmission(this.admissions.live(now), this.limit, this.windowMs, now, ahead);
  }
}

interface Waiter {
  scopes: Scope[];
  /** The scopes that were full when it arrived: the ones it is counted as delayed on. */
  delayedOn: Scope[];
  /** The scopes it waits for now (a subset of `scopes`); each counts it in `queued`. */
  blockedOn: Set<Scope>;
  arrivedAt: number;
  deadline: number;
  resolve(verdict: EdgeVerdict): void;
  detach(): void;
}

export class EdgeGate {
  private readonly scopes = new Map<string, Scope>();
  private readonly queue: Waiter[] = [];
  private timer: NodeJS.Timeout | null = null;
  private readonly clock: () => number;
  private readonly maxWaitMs: number;
  private readonly maxQueued: number;
  private closed = false;

  constructor(private readonly options: EdgeGateOptions = {}) {
    this.clock = options.clock ?? (() => performance.now());
    this.maxWaitMs = options.maxWaitMs ?? DEFAULT_MAX_WAIT_MS;
    this.maxQueued = options.maxQueued ?? DEFAULT_MAX_QUEUED;
    for (const window of ALL_EDGE_WINDOWS) this.scopeFor(window);
  }

  private scopeFor(window: EdgeWindow): Scope {
    let scope = this.scopes.get(window.scope);
    if (!scope) {
      const { limits, windowsMs } = this.options;
      scope = new Scope(window, limits?.[window.scope] ?? window.limit, windowsMs?.[window.scope] ?? window.windowMs);
      this.scopes.set(window.scope, scope);
    }
    return scope;
  }

  /**
   * Counts the request and resolves once it may be served, must be refused, or its client left
   * (`signal` aborted while it waited).
   */
  admit(service: EdgeService, method: string, path: string, signal?: AbortSignal): Promise<EdgeVerdict> {
    if (this.closed) return Promise.resolve({ kind: 'rejected', retryAfterMs: 1_000, labels: [] });
    const now = this.clock();
    const scopes = edgeWindowsFor(service, method, path).map((w) => this.scopeFor(w));
    for (const scope of scopes) this.countArrival(scope, now);

    const full = scopes.filter((s) => s.queued > 0 || s.admissions.count(now) >= s.limit);
    if (full.length === 0) {
      for (const scope of scopes) scope.admissions.push(now);
      return Promise.resolve({ kind: 'admitted', waitedMs: 0 });
    }
    const admitAt = this.forecast(scopes, now, (s) => s.queued);
    if (this.queue.length >= this.maxQueued || admitAt - now > this.maxWaitMs) {
      return Promise.resolve(this.refuse(full, admitAt - now));
    }
    return new Promise((resolve) => {
      const waiter: Waiter = {
        scopes, delayedOn: full, blockedOn: new Set(), arrivedAt: now, deadline: now + this.maxWaitMs, resolve,
        detach: () => signal?.removeEventListener('abort', onAbort),
      };
      const onAbort = () => this.abandon(waiter);
      signal?.addEventListener('abort', onAbort, { once: true });
      this.enqueue(waiter, full);
      if (signal?.aborted) this.abandon(waiter);
    });
  }

  /** The latest of the scopes' predicted admissions, given how many wait ahead on each. */
  private forecast(scopes: readonly Scope[], now: number, ahead: (scope: Scope) => number): number {
    return Math.max(now, ...scopes.map((s) => s.admissionAt(now, ahead(s))));
  }

  private refuse(full: readonly Scope[], waitMs: number): EdgeVerdict {
    for (const scope of full) scope.stats.rejected += 1;
    return { kind: 'rejected', retryAfterMs: Math.max(0, waitMs), labels: full.map((s) => s.window.label) };
  }

  private countArrival(scope: Scope, now: number): void {
    const s = scope.stats;
    const before = scope.arrivals.count(now);
    if (before >= scope.limit) s.overLimit += 1;
    scope.arrivals.push(now);
    s.total += 1;
    s.maxInWindow = Math.max(s.maxInWindow, before + 1);
  }

  private enqueue(waiter: Waiter, blocked: readonly Scope[]): void {
    this.queue.push(waiter);
    this.block(waiter, blocked);
    this.schedule(this.clock());
  }

  private block(waiter: Waiter, scopes: readonly Scope[]): void {
    for (const scope of waiter.blockedOn) scope.queued -= 1;
    waiter.blockedOn = new Set(scopes);
    for (const scope of waiter.blockedOn) scope.queued += 1;
  }

  /** Takes the waiter out of the queue (it is answered, refused or gone). */
  private dequeue(waiter: Waiter): boolean {
    const at = this.queue.indexOf(waiter);
    if (at < 0) return false;
    this.queue.splice(at, 1);
    this.block(waiter, []);
    waiter.detach();
    return true;
  }

  /** The client went away while waiting: the request leaves the queue and is never admitted. */
  private abandon(waiter: Waiter): void {
    if (!this.dequeue(waiter)) return;
    for (const scope of waiter.delayedOn) scope.stats.abandoned += 1;
    waiter.resolve({ kind: 'abandoned' });
    // The requests behind it may move up now.
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.queue.length > 0) this.schedule(this.clock());
  }

  /** Serves waiters in arrival order; a waiter still blocked holds back later ones on its scopes. */
  private drain(): void {
    this.timer = null;
    const now = this.clock();
    const held = new Set<Scope>();
    for (let i = 0; i < this.queue.length; ) {
      const waiter = this.queue[i] as Waiter;
      const blocked = waiter.scopes.filter((s) => held.has(s) || s.admissions.count(now) >= s.limit);
      if (blocked.length === 0) {
        this.dequeue(waiter);
        for (const scope of waiter.scopes) scope.admissions.push(now);
        const waitedMs = now - waiter.arrivedAt;
        for (const scope of waiter.delayedOn) {
          scope.stats.delayed += 1;
          scope.stats.delayedMs += waitedMs;
          scope.stats.maxDelayMs = Math.max(scope.stats.maxDelayMs, waitedMs);
        }
        waiter.resolve({ kind: 'admitted', waitedMs });
      } else if (now >= waiter.deadline) {
        // Its forecast did not hold (a request of several windows waited on another one).
        const ahead = (scope: Scope) => this.queue.slice(0, i).filter((w) => w.blockedOn.has(scope)).length;
        const admitAt = this.forecast(blocked, now, ahead);
        this.dequeue(waiter);
        waiter.resolve(this.refuse(blocked, admitAt - now));
      } else {
        this.block(waiter, blocked);
        for (const scope of blocked) held.add(scope);
        i += 1;
      }
    }
    if (this.queue.length > 0) this.schedule(now);
  }

  private schedule(now: number): void {
    if (this.timer || this.closed) return;
    // Wake at the first moment a window frees up or a deadline passes. A waiter that is only
    // held behind an earlier one has windows free "now"; those times are skipped, since it
    // cannot move before the waiter ahead of it does (which has a real time in the future).
    let next = Infinity;
    for (const waiter of this.queue) {
      for (const t of [waiter.deadline, ...waiter.scopes.map((s) => s.admissions.freeAt(now, s.limit))]) {
        if (t > now && t < next) next = t;
      }
    }
    if (next === Infinity) next = now;
    // +1 ms: timers may fire a hair early relative to the clock, and an early drain is wasted work.
    this.timer = setTimeout(() => this.drain(), Math.max(0, Math.ceil(next - now)) + 1);
    this.timer.unref();
  }

  stats(): EdgeScopeStats[] {
    const now = this.clock();
    return [...this.scopes.values()].map((scope) => ({ ...scope.stats, inWindow: scope.arrivals.count(now), waiting: scope.queued }));
  }

  /** Clears statistics only; the throttle keeps its windows and its queue, so a reset cannot open the gate. */
  resetStats(): void {
    for (const scope of this.scopes.values()) {
      scope.stats = scope.emptyStats();
      scope.arrivals.clear();
    }
  }

  /** Refuses everything still waiting and stops the timer (the servers are going away). */
  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    for (const waiter of [...this.queue]) {
      this.dequeue(waiter);
      waiter.resolve({ kind: 'rejected', retryAfterMs: 1_000, labels: [] });
    }
  }
}
