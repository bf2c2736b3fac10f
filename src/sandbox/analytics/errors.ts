/**
 * The analytics service's failures as values: a handler throws an AnalyticsError and the route
 * wrapper (gatedRouter.ts) turns it into the spec's error body with its trace id. The status is
 * never chosen by the thrower: it is the spec's error table below, for every path that refuses
 * (routes, the edge, heavy-query slots, the server's own 404/405/body limit, injected faults).
 */
import type { AnalyticsErrorCode } from '../../shared/protocol/analytics';

/** The spec's error table: each code and its HTTP status. */
export const ANALYTICS_ERROR_STATUS: Readonly<Record<AnalyticsErrorCode, number>> = {
  invalid_request: 400,
  unauthorized: 401,
  not_found: 404,
  method_not_allowed: 405,
  rate_limited: 429,
  internal: 500,
  request_timeout: 503,
  dependency_unavailable: 503,
};

/** Whether a retry is worthwhile, by code: the busy and unavailable answers and unexpected failures. */
export const isRetryableCode = (code: AnalyticsErrorCode): boolean =>
  code === 'rate_limited' || code === 'internal' || code === 'request_timeout' || code === 'dependency_unavailable';

export class AnalyticsError extends Error {
  readonly status: number;

  constructor(
    readonly code: AnalyticsErrorCode,
    message: string,
    readonly parameter?: string,
    /** Seconds for `Retry-After` (429 and retryable 503). */
    readonly retryAfterS?: number,
  ) {
    super(message);
    this.status = ANALYTICS_ERROR_STATUS[code];
  }

  get retryable(): boolean {
    return isRetryableCode(this.code);
  }
}

/** A 400 naming the offending query parameter. */
export const invalid = (parameter: string, message: string): AnalyticsError =>
  new AnalyticsError('invalid_request', message, parameter);
