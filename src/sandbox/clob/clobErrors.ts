/**
 * Error replies of the order-book service: `{ "error": message }` with the documented status
 * override — a message containing "not found" is a 404, "unauthorized" a 401 and
 * "context canceled" a 400, whatever status the handler chose.
 */
import { reply, retryAfter, type Reply } from '../http/reply';
import type { ServiceErrors } from '../http/jsonServer';

export const CLOB_MESSAGES = {
  invalidTokenId: 'Invalid token id',
  noOrderbook: 'No orderbook exists for the requested token id',
  invalidSide: 'Invalid side',
  invalidPayload: 'Invalid payload',
  payloadTooLarge: 'Payload exceeds the limit',
  marketNotFound: 'market not found',
  invalidMarket: 'Invalid market',
  tooManyRequests: 'Too Many Requests',
  invalidL1Headers: 'Invalid L1 Request headers',
  invalidApiKey: 'Unauthorized/Invalid api key',
  couldNotCreateApiKey: 'Could not create api key',
  couldNotDeriveApiKey: 'Could not derive api key!',
  couldNotRetrieveApiKeys: 'Could not retrieve API keys',
  couldNotDeleteApiKey: 'Could not delete API key',
  couldNotCreateBuilderApiKey: 'could not create builder api key',
  couldNotGetBuilderApiKeys: 'could not get builder api keys',
  invalidRevokeBuilderBody: 'invalid revoke builder api key body',
  invalidRevokeBuilderHeaders: 'invalid revoke builder api key headers',
  couldNotRevokeBuilderApiKey: (key: string) => `could not revoke the builder api key: ${key}`,
  invalidBuilderTradeParams: 'invalid builder trade params',
  couldNotFetchBuilderTrades: 'could not fetch builder trades',
} as const;

export function statusFor(status: number, message: string): number {
  const lower = message.toLowerCase();
  if (lower.includes('not found')) return 404;
  if (lower.includes('unauthorized')) return 401;
  if (lower.includes('context canceled')) return 400;
  return status;
}

export function clobError(status: number, message: string, headers?: Record<string, string>): Reply {
  return reply(statusFor(status, message), { error: message }, headers);
}

/**
 * The plain `{error}` family shared by the order-book and catalog services. The statuses follow
 * the order-book table: a body over the limit is `Payload exceeds the limit`, which the table
 * lists as a 400; a request that did not arrive in time is `context canceled`, a 400 by the
 * override rule above.
 */
export const plainErrors: ServiceErrors = {
  notFound: () => clobError(404, 'not found'),
  methodNotAllowed: () => clobError(405, 'method not allowed'),
  payloadTooLarge: () => clobError(400, CLOB_MESSAGES.payloadTooLarge),
  malformedRequest: (timedOut) => clobError(400, timedOut ? 'context canceled: the request did not arrive in time' : 'malformed HTTP request'),
  tooManyRequests: (retryAfterMs) => clobError(429, CLOB_MESSAGES.tooManyRequests, retryAfter(retryAfterMs)),
  internal: () => clobError(500, 'Internal server error'),
};
