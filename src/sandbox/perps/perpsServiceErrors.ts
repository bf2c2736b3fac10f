/**
 * The perps server's own failures in the spec's body shape `{status:"err", error}`: unknown
 * route 404 `not_found`, wrong method 405 `method_not_allowed` (with `Allow`), body over 1 MiB
 * 413 `payload_too_large`, weight budget spent 429 `rate_limited` (with `Retry-After` seconds),
 * anything unexpected 500 `internal_error` (never the exception's text).
 */
import { PERPS_ERROR_IDS } from '../../shared/protocol/perps';
import type { ServiceErrors } from '../http/jsonServer';
import { retryAfter, type Reply } from '../http/reply';
import { perpsError } from './perpsErrors';

export const perpsRateLimited = (retryAfterS: number): Reply =>
  perpsError(PERPS_ERROR_IDS.rateLimited, undefined, retryAfter(retryAfterS * 1000));

export const perpsServiceErrors: ServiceErrors = {
  notFound: () => perpsError(PERPS_ERROR_IDS.notFound),
  methodNotAllowed: () => perpsError(PERPS_ERROR_IDS.methodNotAllowed),
  payloadTooLarge: () => perpsError(PERPS_ERROR_IDS.payloadTooLarge),
  malformedRequest: (timedOut) => perpsError(PERPS_ERROR_IDS.invalidRequest, timedOut ? 'the request did not arrive in time' : 'malformed HTTP request'),
  tooManyRequests: (retryAfterMs) => perpsRateLimited(retryAfterMs / 1000),
  internal: () => perpsError(PERPS_ERROR_IDS.internal),
};
