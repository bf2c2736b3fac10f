/**
 * The analytics service's error family (`{error, code, retryable, trace_id, parameter?}`) and
 * its rule that every response carries `x-trace-id` equal to the body's `trace_id`. A 429 or a
 * retryable 503 carries `Retry-After` in seconds. (The perps server has its own family:
 * perps/perpsServiceErrors.ts.)
 */
import { randomBytes } from 'node:crypto';
import { reply, type Reply } from '../http/reply';
import type { ServiceErrors } from '../http/jsonServer';
import type { AnalyticsError } from '../analytics/errors';

export const newTraceId = (): string => randomBytes(8).toString('hex');

export function traceError(status: number, code: string, message: string, retryable = false, parameter?: string, retryAfterS?: number): Reply {
  const body = { error: message, code, retryable, trace_id: newTraceId(), ...(parameter !== undefined ? { parameter } : {}) };
  const worthRetrying = status === 429 || (status === 503 && retryable);
  return worthRetrying ? reply(status, body, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterS ?? 1))) }) : reply(status, body);
}

export function analyticsErrorReply(error: AnalyticsError): Reply {
  return traceError(error.status, error.code, error.message, error.retryable, error.parameter, error.retryAfterS);
}

export const traceErrors: ServiceErrors = {
  notFound: () => traceError(404, 'not_found', 'not found'),
  methodNotAllowed: (allow: string[]) => traceError(405, 'method_not_allowed', `method not allowed (allowed: ${allow.join(', ') || 'none'})`),
  payloadTooLarge: () => traceError(413, 'invalid_request', 'Payload exceeds the limit'),
  tooManyRequests: () => traceError(429, 'rate_limited', 'Too Many Requests', true),
  internal: () => traceError(500, 'internal', 'Internal server error', true),
};

/** Puts the body's trace id (or a fresh one for successes) into the `x-trace-id` header. */
export function withTraceHeader(answer: Reply): Reply {
  const body = answer.body as { trace_id?: unknown } | null;
  const traceId = body && typeof body === 'object' && typeof body.trace_id === 'string' ? body.trace_id : newTraceId();
  return { ...answer, headers: { ...answer.headers, 'x-trace-id': traceId } };
}
