/**
 * The documented edge windows, enforced the way the public edge does it: as throttling.
 * A request whose windows are full waits (FIFO per window) until it fits; only when the wait
 * would exceed `maxWaitMs`, or too many requests are already waiting, is it refused with 429.
 *
 * Two things are tracked per scope and kept apart on purpose:
 * - admissions (what was let through) drive the throttle, so the sandbox never serves more
 *   than a window allows;
 * - arrivals (what the client sent) drive the statistics, so `maxInWindow` and `overLimit`
 *   show whether the CLIENT stayed inside its budget — the thing tests assert on.
 */
import { ALL_EDGE_WINDOWS, edgeWindowsFor, type EdgeScopeStats, type EdgeService, type EdgeWindow } from '../../shared/protocol/edgeLimits';

export type { EdgeScopeStats };
import { TimeWindow } from './timeWindow';


export interface EdgeGateOptions {
  /** Longest a request may wait for its window before a 429 (default 5 s). */
  maxWaitMs?: number;
  /** Most requests waiting at once (default 1000). */
  maxQueued?: number;
  /** Per-scope limit overrides, for tests that want to see throttling without 10 000 requests. */
  limits?: Readonly<Record<string, number>>;
  clock?: () => number;
}

export type EdgeVerdict = 'admitted' | 'rejected';

class Scope {
  readonly arrivals: TimeWindow;
  readonly admissions: TimeWindow;
  stats: EdgeScopeStats;

  constructor(readonly window: EdgeWindow, readonly limit: number) {
    this.arrivals = new TimeWindow(window.windowMs);
    this.admissions = new TimeWindow(window.windowMs);
    this.stats = this.emptyStats();
  }

  emptyStats(): EdgeScopeStats {
    const { scope, label, windowMs } = this.window;
    return { scope, label, limit: this.limit, windowMs, total: 0, inWindow: 0, maxInWindow: 0, overLimit: 0, delayed: 0, rejected: 0 };
  }
}

interface Waiter {
  scopes: Scope[];
  blockedOn: Set<Scope>;
  deadline: number;
  resolve(verdict: EdgeVerdict): void;
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
    this.maxWaitMs = options.maxWaitMs ?? 5_000;
    this.maxQueued = options.maxQueued ?? 1_000;
    for (const window of ALL_EDGE_WINDOWS) this.scopeFor(window);
  }

  private scopeFor(window: EdgeWindow): Scope {
    let scope = this.scopes.get(window.scope);
    if (!scope) {
      scope = new Scope(window, this.options.limits?.[window.scope] ?? window.limit);
      this.scopes.set(window.scope, scope);
    }
    return scope;
  }

  /** Counts the request and resolves once it may be served (or must be refused). */
  admit(service: EdgeService, method: string, path: string): Promise<EdgeVerdict> {
    if (this.closed) return Promise.resolve('rejected');
    const now = this.clock();
    const scopes = edgeWindowsFor(service, method, path).map((w) => this.scopeFor(w));
    for (const scope of scopes) this.countArrival(scope, now);

    const waitingOn = new Set(this.queue.flatMap((w) => [...w.blockedOn]));
    const full = scopes.filter((s) => waitingOn.has(s) || s.admissions.count(now) >= s.limit);
    if (full.length === 0) {
      for (const scope of scopes) scope.admissions.push(now);
      return Promise.resolve('admitted');
    }
    const freeAt = Math.max(...scopes.map((s) => s.admissions.freeAt(now, s.limit)));
    if (this.queue.length >= this.maxQueued || freeAt - now > this.maxWaitMs) {
      for (const scope of full) scope.stats.rejected += 1;
      return Promise.resolve('rejected');
    }
    for (const scope of full) scope.stats.delayed += 1;
    return new Promise((resolve) => {
      this.queue.push({ scopes, blockedOn: new Set(full), deadline: now + this.maxWaitMs, resolve });
      this.schedule(now);
    });
  }

  private countArrival(scope: Scope, now: number): void {
    const s = scope.stats;
    scope.arrivals.expire(now);
    const before = scope.arrivals.count(now);
    if (before >= scope.limit) s.overLimit += 1;
    scope.arrivals.push(now);
    s.total += 1;
    s.maxInWindow = Math.max(s.maxInWindow, before + 1);
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
        for (const scope of waiter.scopes) scope.admissions.push(now);
        this.queue.splice(i, 1);
        waiter.resolve('admitted');
      } else if (now >= waiter.deadline) {
        for (const scope of blocked) scope.stats.rejected += 1;
        this.queue.splice(i, 1);
        waiter.resolve('rejected');
      } else {
        waiter.blockedOn = new Set(blocked);
        for (const scope of waiter.scopes) held.add(scope);
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
    let next = now + 1;
    let found = false;
    for (const waiter of this.queue) {
      for (const t of [waiter.deadline, ...waiter.scopes.map((s) => s.admissions.freeAt(now, s.limit))]) {
        if (t > now && (!found || t < next)) {
          next = t;
          found = true;
        }
      }
    }
    // +1 ms: timers may fire a hair early relative to the clock, and an early drain is wasted work.
    this.timer = setTimeout(() => this.drain(), Math.max(0, Math.ceil(next - now)) + 1);
    this.timer.unref();
  }

  stats(): EdgeScopeStats[] {
    const now = this.clock();
    return [...this.scopes.values()].map((scope) => ({ ...scope.stats, inWindow: scope.arrivals.count(now) }));
  }

  /** Clears statistics only; the throttle keeps its windows so a reset cannot open the gate. */
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
    for (const waiter of this.queue.splice(0)) waiter.resolve('rejected');
  }
}
