/**
 * The analytics service's router: every request (known route or not) is first admitted by the
 * sandbox's EdgeGate under service 'analytics', so it is counted in the edge statistics and
 * throttled by the spec's windows. A refused request gets the analytics 429 body with
 * `Retry-After` sized to the remaining wait, which this router works out from its own record of
 * what the gate admitted (the gate answers only admitted/rejected).
 * AnalyticsErrors thrown by handlers become the spec's error body here.
 */
import { edgeWindowsFor, type EdgeWindow } from '../../shared/protocol/edgeLimits';
import type { EdgeGate } from '../edge/edgeGate';
import { TimeWindow } from '../edge/timeWindow';
import type { Reply } from '../http/reply';
import { Router, type Handler, type RouteMatch } from '../http/router';
import { traceErrors, analyticsErrorReply } from '../services/traceErrors';
import { AnalyticsError } from './errors';

export interface GateConfig {
  gate: EdgeGate;
  limits?: Readonly<Record<string, number>>;
  clock?: () => number;
}

export class GatedAnalyticsRouter extends Router {
  private readonly admitted = new Map<string, TimeWindow>();
  private readonly clock: () => number;

  constructor(private readonly config: GateConfig | null) {
    super();
    this.clock = config?.clock ?? (() => performance.now());
  }

  override match(method: string, path: string): RouteMatch {
    const inner = super.match(method, path);
    return { kind: 'found', params: inner.kind === 'found' ? inner.params : {}, handler: (ctx) => this.serve(inner, method, path, ctx) };
  }

  /** Admits one request at the analytics edge (counted either way); the 429 to send, or null. */
  async charge(method: string, path: string): Promise<Reply | null> {
    if (!this.config) return null;
    const windows = edgeWindowsFor('analytics', method, path);
    const verdict = await this.config.gate.admit('analytics', method, path);
    const now = this.clock();
    if (verdict === 'rejected') {
      return analyticsErrorReply(new AnalyticsError(429, 'rate_limited', `Too Many Requests: over the analytics edge limit (${windows.map((w) => w.label).join(', ')})`, undefined, this.retryAfterS(windows, now)));
    }
    for (const w of windows) this.windowFor(w).push(now);
    return null;
  }

  private async serve(inner: RouteMatch, method: string, path: string, ctx: Parameters<Handler>[0]): Promise<Reply> {
    const refusal = await this.charge(method, path);
    if (refusal) return refusal;
    if (inner.kind === 'none') return traceErrors.notFound();
    if (inner.kind === 'wrong-method') {
      const answer = traceErrors.methodNotAllowed(inner.allow);
      return { ...answer, headers: { ...answer.headers, allow: inner.allow.join(', ') } };
    }
    try {
      return await inner.handler(ctx);
    } catch (error) {
      if (error instanceof AnalyticsError) return analyticsErrorReply(error);
      throw error;
    }
  }

  private windowFor(w: EdgeWindow): TimeWindow {
    let tw = this.admitted.get(w.scope);
    if (!tw) {
      tw = new TimeWindow(w.windowMs);
      this.admitted.set(w.scope, tw);
    }
    return tw;
  }

  /** Whole seconds until every window of the request has room again (at least 1). */
  private retryAfterS(windows: readonly EdgeWindow[], now: number): number {
    let waitMs = 0;
    for (const w of windows) {
      const limit = this.config?.limits?.[w.scope] ?? w.limit;
      waitMs = Math.max(waitMs, this.windowFor(w).freeAt(now, limit) - now);
    }
    return Math.max(1, Math.ceil(waitMs / 1000));
  }
}
