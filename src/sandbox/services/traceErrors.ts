/**
 * The analytics service's error family (`{error, code, retryable, trace_id, parameter?}`) and
 * its rule that every response carries `x-trace-id` equal to the body's `trace_id`. The status
 * comes from the code (analytics/errors.ts, the spec's table). A 429 or a retryable 503 carries
 * `Retry-After` in seconds. (The perps server has its own family: perps/perpsServiceErrors.ts.)
 */
import { randomBytes } from 'node:crypto';
import type { AnalyticsErrorCode } from '../../shared/protocol/analytics';
import { reply, type Reply } from '../http/reply';
import type { ServiceErrors } from '../http/jsonServer';
import { ANALYTICS_ERROR_STATUS, isRetryableCode, type AnalyticsError } from '../analytics/errors';

export const newTraceId = (): string => randomBytes(8).toString('hex');

export interface TraceErrorOptions {
  /** Default: by code (analytics/errors.ts isRetryableCode). */
  retryable?: boolean;
  parameter?: string;
  /** Seconds for `Retry-After` (default 1). */
  retryAfterS?: number;
}

export function traceError(code: AnalyticsErrorCode, message: string, options: TraceErrorOptions = {}): Reply {
  const status = ANALYTICS_ERROR_STATUS[code];
  const retryable = options.retryable ?? isRetryableCode(code);
  const { parameter } = options;
  const body = { error: message, code, retryable, trace_id: newTraceId(), ...(parameter !== undefined ? { parameter } : {}) };
  const worthRetrying = status === 429 || (status === 503 && retryable);
  return worthRetrying ? reply(status, body, { 'retry-after': String(Math.max(1, Math.ceil(options.retryAfterS ?? 1))) }) : reply(status, body);
}

export function analyticsErrorReply(error: AnalyticsError): Reply {
  return traceError(error.code, error.message, {
    ...(error.parameter !== undefined ? { parameter: error.parameter } : {}),
    ...(error.retryAfterS !== undefined ? { retryAfterS: error.retryAfterS } : {}),
  });
}

export const traceErrors: ServiceErrors = {
  notFound: () => traceError('not_found', 'not found'),
  methodNotAllowed: (allow: string[]) => traceError('method_not_allowed', `method not allowed (allowed: ${allow.join(', ') || 'none'})`),
  // The table has no 413: a body over the limit is an invalid request, 400.
  payloadTooLarge: () => traceError('invalid_request', 'Payload exceeds the limit (1 MiB); the analytics routes take no body'),
  malformedRequest: (timedOut) => timedOut
    ? traceError('request_timeout', 'the request did not arrive within the request deadline')
    : traceError('invalid_request', 'malformed HTTP request'),
  tooManyRequests: (retryAfterMs) => traceError('rate_limited', 'Too Many Requests', { retryAfterS: retryAfterMs / 1000 }),
  internal: () => traceError('internal', 'Internal server error'),
};

/** Puts the body's trace id (or a fresh one for successes) into the `x-trace-id` header. */
export function withTraceHeader(answer: Reply): Reply {
  const body = answer.body as { trace_id?: unknown } | null;
  const traceId = body && typeof body === 'object' && typeof body.trace_id === 'string' ? body.trace_id : newTraceId();
  return { ...answer, headers: { ...answer.headers, 'x-trace-id': traceId } };
}
