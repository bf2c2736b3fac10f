/**
 * The analytics service's router: every request (known route or not) is first admitted by the
 * sandbox's EdgeGate under service 'analytics', so it is counted in the edge statistics and
 * throttled by the spec's windows (it waits while its windows are full, up to the gate's bound).
 * A refused request gets the analytics 429 body with `Retry-After` sized to the remaining wait,
 * as the gate forecast it. AnalyticsErrors thrown by handlers become the spec's error body here.
 */
import { edgeWindowsFor } from '../../shared/protocol/edgeLimits';
import type { EdgeGate } from '../edge/edgeGate';
import { CLIENT_GONE, type Reply } from '../http/reply';
import { Router, type Handler, type RouteMatch } from '../http/router';
import { traceErrors, analyticsErrorReply } from '../services/traceErrors';
import { AnalyticsError } from './errors';

export interface GateConfig {
  gate: EdgeGate;
}

export class GatedAnalyticsRouter extends Router {
  constructor(private readonly config: GateConfig | null) {
    super();
  }

  override match(method: string, path: string): RouteMatch {
    const inner = super.match(method, path);
    return { kind: 'found', params: inner.kind === 'found' ? inner.params : {}, handler: (ctx) => this.serve(inner, method, path, ctx) };
  }

  /**
   * Admits one request at the analytics edge (counted either way): null when it may go on, the
   * 429 to send, or 'abandoned' when its client left while it waited.
   */
  async charge(method: string, path: string, signal?: AbortSignal): Promise<Reply | 'abandoned' | null> {
    if (!this.config) return null;
    const verdict = await this.config.gate.admit('analytics', method, path, signal);
    if (verdict.kind === 'abandoned') return 'abandoned';
    if (verdict.kind === 'admitted') return null;
    const labels = verdict.labels.length > 0 ? verdict.labels : edgeWindowsFor('analytics', method, path).map((w) => w.label);
    const message = `Too Many Requests: over the analytics edge limit (${labels.join(', ')})`;
    return analyticsErrorReply(new AnalyticsError('rate_limited', message, undefined, verdict.retryAfterMs / 1000));
  }

  private async serve(inner: RouteMatch, method: string, path: string, ctx: Parameters<Handler>[0]): Promise<Reply> {
    const refusal = await this.charge(method, path, ctx.signal);
    if (refusal === 'abandoned') return CLIENT_GONE;
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
}
