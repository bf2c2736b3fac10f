/**
 * The status answers a fault rule injects, each in the body shape of the service it is injected
 * on: the order book and catalog `{error}` (the spec's messages), the analytics
 * `{error, code, retryable, trace_id}` family, the perps `{status:"err", error}`. A 429, a 425
 * and every 503 carry `Retry-After` in seconds, as each service documents for its retryable answers.
 */
import { reply, type Reply } from '../http/reply';
import { traceError } from '../services/traceErrors';
import { TRADING_MESSAGES } from '../trading/tradingMessages';
import { UNAVAILABLE_VARIANTS, type FaultRule, type FaultService } from './faultRule';

type StatusKind = 'rate-limited' | 'unavailable' | 'restarting' | 'internal';

function plain(service: FaultService, status: number, message: string, retryAfter: string | null, extra: Record<string, unknown> = {}): Reply {
  const headers = retryAfter === null ? undefined : { 'retry-after': retryAfter };
  if (service === 'perps') return reply(status, { status: 'err', error: message, ...extra }, headers);
  return reply(status, { error: message, ...extra }, headers);
}

function unavailable(service: FaultService, variant: string, seconds: number, after: string): Reply {
  switch (service) {
    case 'analytics':
      return variant === 'request_timeout'
        ? traceError(503, 'request_timeout', 'request deadline exceeded', true, undefined, seconds)
        : traceError(503, 'dependency_unavailable', 'a dependency is unavailable', true, undefined, seconds);
    case 'clob':
      if (variant === 'cancel-only') return plain(service, 503, TRADING_MESSAGES.cancelOnly, after);
      if (variant === 'post-only') return plain(service, 503, TRADING_MESSAGES.postOnlyMode, after, { code: 'post_only_mode', retry_after_seconds: seconds });
      return plain(service, 503, TRADING_MESSAGES.tradingDisabled, after);
    case 'catalog':
      return plain(service, 503, 'Service Unavailable', after);
    case 'perps':
      return plain(service, 503, 'service_unavailable', after);
  }
}

export function faultStatusReply(service: FaultService, rule: FaultRule & { kind: StatusKind }, internal: () => Reply): Reply {
  const seconds = rule.retryAfterSeconds;
  const after = String(seconds);
  switch (rule.kind) {
    case 'rate-limited':
      if (service === 'analytics') return traceError(429, 'rate_limited', 'Too Many Requests', true, undefined, seconds);
      return plain(service, 429, service === 'perps' ? 'rate_limited' : 'Too Many Requests', after);
    case 'restarting':
      if (service === 'analytics') {
        const answer = traceError(425, 'restarting', 'service restarting; retry with backoff', true, undefined, seconds);
        return { ...answer, headers: { ...answer.headers, 'retry-after': after } };
      }
      // The order book's documented 425 body; the others say the same in their own shape.
      return service === 'perps'
        ? plain(service, 425, 'restarting', after)
        : plain(service, 425, TRADING_MESSAGES.engineRestarting, after, { retry_after_seconds: seconds });
    case 'internal':
      return internal();
    case 'unavailable':
      return unavailable(service, rule.variant ?? (UNAVAILABLE_VARIANTS[service][0] as string), seconds, after);
  }
}

export const isStatusKind = (kind: string): kind is StatusKind => kind === 'rate-limited' || kind === 'unavailable' || kind === 'restarting' || kind === 'internal';

/** What a proxy in front of a failing origin sends: an HTML page, never JSON. */
export const NON_JSON_BODY = '<html><head><title>502 Bad Gateway</title></head><body><h1>Bad Gateway</h1></body></html>';
