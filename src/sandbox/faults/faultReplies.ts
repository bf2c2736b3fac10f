/**
 * The status answers a fault rule injects, each in the body shape of the service it is injected
 * on: the order book and catalog `{error}` (the spec's messages), the analytics
 * `{error, code, retryable, trace_id}` family, the perps `{status:"err", error}`. A 429, a 425
 * and every 503 carry `Retry-After` in seconds, as each service documents for its retryable answers.
 */
import { reply, type Reply } from '../http/reply';
import { PERPS_ERROR_IDS } from '../../shared/protocol/perps';
import { perpsError } from '../perps/perpsErrors';
import { traceError } from '../services/traceErrors';
import { TRADING_MESSAGES } from '../trading/tradingMessages';
import { UNAVAILABLE_VARIANTS, type FaultRule, type FaultService } from './faultRule';

type StatusKind = 'rate-limited' | 'unavailable' | 'restarting' | 'internal';

/** The order book's and catalog's `{error}` body. */
function plain(status: number, message: string, after: Record<string, string>, extra: Record<string, unknown> = {}): Reply {
  return reply(status, { error: message, ...extra }, after);
}

function unavailable(service: FaultService, variant: string, seconds: number, after: Record<string, string>): Reply {
  switch (service) {
    case 'analytics':
      return variant === 'request_timeout'
        ? traceError('request_timeout', 'request deadline exceeded', { retryAfterS: seconds })
        : dependencyUnavailable(seconds);
    case 'clob':
      if (variant === 'cancel-only') return plain(503, TRADING_MESSAGES.cancelOnly, after);
      if (variant === 'post-only') return plain(503, TRADING_MESSAGES.postOnlyMode, after, { code: 'post_only_mode', retry_after_seconds: seconds });
      return plain(503, TRADING_MESSAGES.tradingDisabled, after);
    case 'catalog':
      return plain(503, 'Service Unavailable', after);
    case 'perps':
      return perpsError('service_unavailable', undefined, after);
  }
}

const dependencyUnavailable = (seconds: number): Reply => traceError('dependency_unavailable', 'a dependency is unavailable', { retryAfterS: seconds });

export function faultStatusReply(service: FaultService, rule: FaultRule & { kind: StatusKind }, internal: () => Reply): Reply {
  const seconds = rule.retryAfterSeconds;
  // `Retry-After: 0` is allowed here: a test may ask for an immediate retry.
  const after = { 'retry-after': String(seconds) };
  switch (rule.kind) {
    case 'rate-limited':
      if (service === 'analytics') return traceError('rate_limited', 'Too Many Requests', { retryAfterS: seconds });
      return service === 'perps' ? perpsError(PERPS_ERROR_IDS.rateLimited, undefined, after) : plain(429, 'Too Many Requests', after);
    case 'restarting':
      // 425 is the order book's engine restart; the analytics error table has no 425, so a
      // restart there is what the table calls it: a dependency unavailable (503, retryable).
      if (service === 'analytics') return dependencyUnavailable(seconds);
      // The order book's documented 425 body; the catalog says the same, perps in its own shape.
      return service === 'perps'
        ? perpsError('restarting', undefined, after)
        : plain(425, TRADING_MESSAGES.engineRestarting, after, { retry_after_seconds: seconds });
    case 'internal':
      return internal();
    case 'unavailable':
      return unavailable(service, rule.variant ?? (UNAVAILABLE_VARIANTS[service][0] as string), seconds, after);
  }
}

export const isStatusKind = (kind: string): kind is StatusKind => kind === 'rate-limited' || kind === 'unavailable' || kind === 'restarting' || kind === 'internal';

/** What a proxy in front of a failing origin sends: an HTML page, never JSON. */
export const NON_JSON_BODY = '<html><head><title>502 Bad Gateway</title></head><body><h1>Bad Gateway</h1></body></html>';
