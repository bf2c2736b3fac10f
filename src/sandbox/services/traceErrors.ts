/**
 * The analytics service's error family (`{error, code, retryable, trace_id}`) and its rule
 * that every response carries `x-trace-id`. The perps skeleton uses the same family for its
 * unknown routes until its own issue defines them.
 */
import { randomBytes } from 'node:crypto';
import { reply, type Reply } from '../http/reply';
import type { ServiceErrors } from '../http/jsonServer';

export const newTraceId = (): string => randomBytes(8).toString('hex');

export function traceError(status: number, code: string, message: string, retryable = false): Reply {
  return reply(status, { error: message, code, retryable, trace_id: newTraceId() });
}

export const traceErrors: ServiceErrors = {
  notFound: () => traceError(404, 'not_found', 'not found'),
  methodNotAllowed: () => traceError(405, 'method_not_allowed', 'method not allowed'),
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
