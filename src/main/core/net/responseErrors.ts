/**
 * Turns a non-2xx answer into a CoreError whose message names the service, the call and what
 * the service said. Understands both error bodies of the specs: the order-book `{error}` (with
 * `code` / `retry_after_seconds` in post-only mode) and the analytics
 * `{error, code, retryable, trace_id, parameter}`.
 */
import { CoreError } from '../coreError';
import { serviceLabels, type ServiceName } from './serviceNames';

interface ErrorBody {
  error?: unknown;
  code?: unknown;
  retryable?: unknown;
  trace_id?: unknown;
  parameter?: unknown;
  retry_after_seconds?: unknown;
  /** The perps exchange's already-settled resend (`duplicate_salt`) names the transfer. */
  transfer_id?: unknown;
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.length > 0 ? value.slice(0, 500) : undefined;

export function errorFromResponse(
  service: ServiceName,
  call: string,
  status: number,
  headers: Pick<Headers, 'get'>,
  body: unknown,
): CoreError {
  const parsed: ErrorBody = body && typeof body === 'object' ? (body as ErrorBody) : {};
  const said = text(parsed.error) ?? `HTTP ${status}`;
  const parameter = text(parsed.parameter);
  const traceId = text(parsed.trace_id) ?? headers.get('x-trace-id') ?? undefined;
  const retryable =
    typeof parsed.retryable === 'boolean' ? parsed.retryable : status === 425 || status === 429 || status >= 500;
  const code = status === 429 ? 'rate_limited' : status === 404 ? 'not_found' : 'service_error';
  const detail = parameter ? `${said} (parameter: ${parameter})` : said;
  const retryAfter = Number(parsed.retry_after_seconds ?? headers.get('retry-after'));
  return new CoreError(code, `The ${serviceLabels[service]} refused ${call}: ${detail}`, {
    retryable,
    status,
    ...(traceId ? { traceId } : {}),
    service: {
      message: said,
      ...(text(parsed.code) ? { code: text(parsed.code) } : {}),
      ...(parameter ? { parameter } : {}),
      ...(Number.isFinite(retryAfter) && retryAfter > 0 ? { retryAfterSeconds: retryAfter } : {}),
      ...(Number.isSafeInteger(parsed.transfer_id) ? { transferId: parsed.transfer_id as number } : {}),
    },
  });
}
