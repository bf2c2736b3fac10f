/**
 * When the HTTP client sends a request again, and after how long. Only answers that say the
 * request was not processed are retried: a 429 (the edge refused it) and a retryable 503 (the
 * service is briefly unavailable; the order-book's exchange-mode 503s such as `post_only_mode`
 * are not retryable here, the trading owner acts on them). Every retry goes back through the
 * rate budget. A write that got no answer is never resent blindly: the server may have done it.
 */
import { CoreError } from '../coreError';

export interface RetryOptions {
  /** Retries after the first attempt (default 3). */
  maxRetries?: number;
  /** First backoff step (default 500 ms); doubles each time up to `maxDelayMs`. */
  baseDelayMs?: number;
  /** Ceiling of one wait, `Retry-After` included (default 30 s). */
  maxDelayMs?: number;
  /** Uniform in [0, 1): the jitter source; tests inject a fixed one. */
  random?: () => number;
  /** Waits `ms` (aborted by `signal`); tests inject a virtual one. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

/**
 * Whether an answer says "not processed, ask again later": a 429, or a 503 whose body says
 * `retryable: true` (the analytics family). The order-book's exchange-mode 503s (trading
 * disabled, cancel-only: no `retryable`; post-only: `code: post_only_mode`) are not.
 */
export function isRetryableRefusal(status: number, body: unknown): boolean {
  if (status === 429) return true;
  if (status !== 503 || !body || typeof body !== 'object') return false;
  const { retryable, code } = body as { retryable?: unknown; code?: unknown };
  return retryable === true && code !== 'post_only_mode';
}

/**
 * How long to wait before retry number `attempt` (0-based): the server's `Retry-After` when it
 * gave one, else full-jitter exponential backoff (a random point below base * 2^attempt), so
 * many clients refused together do not come back together.
 */
/** Statuses that say "the service could not answer this time", not "no": worth asking again. */
const TRANSIENT_STATUSES = new Set([425, 500, 502, 503, 504]);

/**
 * Whether a failure of a read is worth another try: no answer (a reset, a refused connection, a
 * timeout), a cut-off or malformed body, or a transient status. Only background walks retry on
 * these (they would otherwise stop and restart from their cursor); a poll or a read the user is
 * waiting for fails at once and the outage logic backs it off instead of multiplying requests.
 */
export function isTransientFailure(error: unknown): error is CoreError {
  if (!(error instanceof CoreError)) return false;
  if (error.code === 'network' || error.code === 'timeout') return true;
  if (error.code === 'bad_response') return error.retryable;
  return error.status !== undefined && TRANSIENT_STATUSES.has(error.status);
}

export function retryDelayMs(error: CoreError, attempt: number, options: RetryOptions): number {
  const maxDelay = options.maxDelayMs ?? 30_000;
  const retryAfter = error.service.retryAfterSeconds;
  if (retryAfter !== undefined && retryAfter > 0) return Math.min(maxDelay, retryAfter * 1000);
  const base = options.baseDelayMs ?? 500;
  const ceiling = Math.min(maxDelay, base * 2 ** attempt);
  const random = options.random ?? Math.random;
  return Math.max(1, Math.floor(random() * ceiling));
}

export const abortableSleep = (ms: number, signal?: AbortSignal): Promise<void> =>
  new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new CoreError('cancelled', 'The request was cancelled.'));
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new CoreError('cancelled', 'The request was cancelled while waiting to retry.'));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
