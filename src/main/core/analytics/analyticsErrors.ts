/**
 * The analytics error body (`code`, `retryable`, `trace_id`, `parameter`) onto the bridge's error
 * codes. net/responseErrors.ts already reads the body (message, parameter, trace id, Retry-After);
 * this narrows the generic `service_error` to what the spec's code says, so the UI can act on it.
 */
import type { BridgeErrorCode } from '../../../shared/result';
import type { AnalyticsErrorCode } from '../../../shared/protocol/analytics';
import { CoreError } from '../coreError';

const bridgeCodeOf: Record<AnalyticsErrorCode, BridgeErrorCode> = {
  invalid_request: 'invalid_input',
  unauthorized: 'service_error',
  not_found: 'not_found',
  method_not_allowed: 'service_error',
  rate_limited: 'rate_limited',
  internal: 'service_error',
  request_timeout: 'timeout',
  dependency_unavailable: 'unavailable',
};

export function mapAnalyticsError(error: unknown): unknown {
  if (!(error instanceof CoreError) || error.status === undefined) return error;
  const serviceCode = error.service.code as AnalyticsErrorCode | undefined;
  const code = serviceCode && Object.hasOwn(bridgeCodeOf, serviceCode) ? bridgeCodeOf[serviceCode] : error.code;
  if (code === error.code) return error;
  return new CoreError(code, error.message, {
    retryable: error.retryable,
    status: error.status,
    service: error.service,
    cause: error,
    ...(error.traceId ? { traceId: error.traceId } : {}),
  });
}
