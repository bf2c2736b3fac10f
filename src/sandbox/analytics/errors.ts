/**
 * The analytics service's failures as values: a handler throws an AnalyticsError and the route
 * wrapper (gatedRouter.ts) turns it into the spec's error body with its trace id.
 */
import type { AnalyticsErrorCode } from '../../shared/protocol/analytics';

export class AnalyticsError extends Error {
  constructor(
    readonly status: number,
    readonly code: AnalyticsErrorCode,
    message: string,
    readonly parameter?: string,
    /** Seconds for `Retry-After` (429 and retryable 503). */
    readonly retryAfterS?: number,
  ) {
    super(message);
  }

  get retryable(): boolean {
    return this.status === 429 || this.status === 503 || this.status === 500;
  }
}

/** A 400 naming the offending query parameter. */
export const invalid = (parameter: string, message: string): AnalyticsError =>
  new AnalyticsError(400, 'invalid_request', message, parameter);
