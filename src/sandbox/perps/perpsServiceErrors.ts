/**
 * The perps server's own failures in the spec's body shape `{status:"err", error}`: unknown
 * route 404 `not_found`, wrong method 405 `method_not_allowed` (with `Allow`), body over 1 MiB
 * 413 `payload_too_large`, weight budget spent 429 `rate_limited` (with `Retry-After` seconds),
 * anything unexpected 500 `internal_error` (never the exception's text).
 */
import { PERPS_ERROR_IDS } from '../../shared/protocol/perps';
import type { ServiceErrors } from '../http/jsonServer';
import { reply, type Reply } from '../http/reply';
import { perpsError } from './perpsErrors';

export const perpsRateLimited = (retryAfterS: number): Reply =>
  reply(429, { status: 'err', error: PERPS_ERROR_IDS.rateLimited }, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterS))) });

export const perpsServiceErrors: ServiceErrors = {
  notFound: () => perpsError(404, PERPS_ERROR_IDS.notFound),
  methodNotAllowed: () => perpsError(405, PERPS_ERROR_IDS.methodNotAllowed),
  payloadTooLarge: () => perpsError(413, PERPS_ERROR_IDS.payloadTooLarge),
  tooManyRequests: () => perpsRateLimited(1),
  internal: () => perpsError(500, PERPS_ERROR_IDS.internal),
};
