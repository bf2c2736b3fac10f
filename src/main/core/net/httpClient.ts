/**
 * The one HTTP client of the core. Every remote call passes the rate-budget gate first (in its
 * priority's place in the fair queue), has a timeout and can be aborted, sends exactly the body
 * bytes it was given, and turns transport failures, oversize or malformed bodies and service
 * errors into CoreErrors that say what went wrong in a sentence (with the server's trace id).
 *
 * A 429 or a retryable 503 is asked again a bounded number of times, each time through the
 * budget: with `Retry-After`, the request's budget scope is paused that long (every request of the
 * scope waits, not only this one), else after a backoff with jitter. A background walk's read is
 * also asked again after a transient failure (no answer, a cut-off body, 425/5xx). A request that got no
 * answer counts in the budget as possibly seen (see RateBudget); otherwise only a GET is resent,
 * once, after a connection reset, never a write: the trading owner reconciles writes.
 */
import { CoreError } from '../coreError';
import type { RateBudget } from './rateBudget';
import { errorFromResponse } from './responseErrors';
import { undiciTransport, type HttpTransport, type TransportAnswer } from './httpTransport';
import { serviceLabels, type ServiceName, type ServiceUrls } from './serviceNames';
import type { EdgeWindow } from '../../../shared/protocol/edgeLimits';
import type { BudgetPriority } from '../../../shared/viewModels';
import { traceMark } from '../../../shared/perfTrace';
import { abortableSleep, isRetryableRefusal, isTransientFailure, retryDelayMs, type RetryOptions } from './retryPolicy';
import { outcomeOfStatus, tightestWindow, type RequestOutcome } from './requestOutcome';

export type { RequestOutcome } from './requestOutcome';

export interface HttpRequest {
  service: ServiceName;
  method: 'GET' | 'POST' | 'DELETE';
  /** Path without query string, e.g. `/book`. */
  path: string;
  query?: Record<string, string | number | boolean | undefined>;
  /** Already-serialized JSON body: the bytes signed (later, HMAC) are the bytes sent. */
  bodyText?: string;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  timeoutMs?: number;
  maxResponseBytes?: number;
  /** Budget windows beyond the route's own, e.g. a per-signer order bucket. */
  extraWindows?: EdgeWindow[];
  /** Its place in the budget's fair queue (default 'interactive'). */
  priority?: BudgetPriority;
  /** The longest it waits for budget room before failing with a `budget` error (default by priority). */
  deadlineMs?: number;
  /** A POST or DELETE the server applies at most once (same body, same effect): safe to resend. */
  idempotent?: boolean;
  /**
   * The one origin this request may go to, for a request that carries credentials, a proxy secret
   * or a signature (accounts/issuedOrigin.ts). Checked against the URL right before sending, and
   * a redirect is not followed: nothing is sent anywhere else.
   */
  boundOrigin?: string;
}

export interface HttpClientOptions {
  urls: () => ServiceUrls;
  budget: RateBudget;
  /** The budget windows a request counts against. */
  windowsFor: (service: ServiceName, method: string, path: string) => EdgeWindow[];
  /** What a request counts in those windows (its route weight); 1 when not given. */
  costFor?: (service: ServiceName, method: string, path: string) => number;
  onOutcome?: (outcome: RequestOutcome) => void;
  /** How requests go on the wire (undiciTransport unless given). */
  transport?: HttpTransport;
  defaultTimeoutMs?: number;
  /** 429 / retryable 503 retries: count, backoff, jitter source and sleep. */
  retry?: RetryOptions;
  /**
   * The wait before a retry to `service`, given the client's own: while the service is degraded or
   * out of reach, its backoff (OutageTracker.pollDelay), so walks do not retry faster than polls.
   */
  retryWait?: (service: ServiceName, ownDelayMs: number) => number;
}

const DEFAULT_MAX_RESPONSE_BYTES = 16 * 1024 * 1024;
/** The longest a service's Retry-After pauses a scope (the retry policy's ceiling of one wait). */
const MAX_SCOPE_PAUSE_MS = 30_000;

export class HttpClient {
  private readonly transport: HttpTransport;
  private readonly defaultTimeoutMs: number;

  constructor(private readonly options: HttpClientOptions) {
    this.transport = options.transport ?? undiciTransport;
    this.defaultTimeoutMs = options.defaultTimeoutMs ?? 10_000;
  }

  async requestJson<T>(request: HttpRequest): Promise<T> {
    return (await this.request(request, true)) as T;
  }

  /**
   * As requestJson, but a successful answer's body is returned as its text, unparsed (a history
   * walk hands it to its writer thread, which parses it there); an error answer is still parsed
   * for the service's error. Whether the text is JSON is for the caller to check.
   */
  requestText(request: HttpRequest): Promise<string> {
    return this.request(request, false) as Promise<string>;
  }

  private async request(request: HttpRequest, parse: boolean): Promise<unknown> {
    const { service, method, path } = request;
    const call = `${method} ${path}`;
    // Built once: the URL checked against the bound origin is the URL every attempt fetches.
    const url = this.buildUrl(request);
    if (request.boundOrigin !== undefined) assertBoundOrigin(url, request.boundOrigin, service, call);
    const routeWindows = this.options.windowsFor(service, method, path);
    const scope = tightestWindow(routeWindows)?.scope;
    const windows = [...routeWindows, ...(request.extraWindows ?? [])];
    const cost = this.options.costFor?.(service, method, path) ?? 1;
    const retry = this.options.retry ?? {};
    const maxRetries = retry.maxRetries ?? 3;
    let resentAfterReset = false;
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.sendWithinBudget(request, url, windows, call, cost, scope, parse);
      } catch (error) {
        const repeatable = method === 'GET' || request.idempotent === true;
        const failure = error instanceof RefusedForNow ? error.error : error;
        const retryable = error instanceof RefusedForNow || (repeatable && request.priority === 'background' && isTransientFailure(failure));
        const pausedMs = error instanceof RefusedForNow && scope ? this.pauseScope(scope, error.error) : 0;
        if (retryable && attempt < maxRetries) {
          // A paused scope holds the retry in the budget queue; otherwise it backs off here.
          if (pausedMs === 0) {
            const own = retryDelayMs(failure as CoreError, attempt, retry);
            await (retry.sleep ?? abortableSleep)(this.options.retryWait?.(service, own) ?? own, request.signal);
          }
          continue;
        }
        if (error instanceof RefusedForNow) throw error.error;
        // A keep-alive connection the server closed while it sat idle fails the next request sent on
        // it with a reset, before the server read a byte of it. A GET (or a write marked idempotent)
        // changes nothing when repeated, so it is sent once more, through the budget again.
        if (!repeatable || resentAfterReset || !isConnectionReset(error)) throw error;
        resentAfterReset = true;
      }
    }
  }

  /**
   * A refusal with `Retry-After` speaks for the budget scope, not for one request: the route's
   * tightest window (the fewest requests per second, `/book` rather than the whole order book) is
   * paused that long, capped so that a wild value cannot freeze a view. Returns the pause, 0 if none.
   */
  private pauseScope(scope: string, error: CoreError): number {
    const seconds = error.service.retryAfterSeconds;
    if (seconds === undefined || seconds <= 0) return 0;
    const ms = Math.min(seconds * 1000, this.options.retry?.maxDelayMs ?? MAX_SCOPE_PAUSE_MS);
    this.options.budget.pause(scope, ms);
    return ms;
  }

  private async sendWithinBudget(
    request: HttpRequest, url: string, windows: EdgeWindow[], call: string, cost: number, scope: string | undefined, parse: boolean,
  ): Promise<unknown> {
    traceMark('http.queued', call);
    const ticket = await this.options.budget.acquire(windows, {
      cost,
      service: request.service,
      ...(request.signal ? { signal: request.signal } : {}),
      ...(request.priority ? { priority: request.priority } : {}),
      ...(request.deadlineMs !== undefined ? { deadlineMs: request.deadlineMs } : {}),
    });
    let answered = false;
    traceMark('http.sent', call);
    try {
      const result = await this.send(request, url, call, parse, (outcome) => this.options.onOutcome?.({ ...outcome, ...(scope ? { scope } : {}) }));
      answered = true;
      traceMark('http.answered', call);
      return result;
    } catch (error) {
      // Any HTTP answer (even an error or an oversize one) means the server has seen the request.
      answered = !(error instanceof CoreError) || !['timeout', 'cancelled', 'network'].includes(error.code);
      throw error;
    } finally {
      // Without an answer the request may still reach a stalled server: it keeps counting.
      ticket.settle(answered ? 'answered' : 'lost');
    }
  }

  private async send(request: HttpRequest, url: string, call: string, parse: boolean, report: (outcome: RequestOutcome) => void): Promise<unknown> {
    const { service, method } = request;

    const timeoutMs = request.timeoutMs ?? this.defaultTimeoutMs;
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout;
    const headers: Record<string, string> = { accept: 'application/json', ...request.headers };
    if (request.bodyText !== undefined) headers['content-type'] = 'application/json';

    let response: TransportAnswer;
    const maxBytes = request.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
    let bodyText: string | null;
    try {
      // A redirect would carry the request's headers (credentials) to wherever it points.
      const followRedirects = request.boundOrigin === undefined;
      response = await this.transport({ url, method, headers, ...(request.bodyText !== undefined ? { body: request.bodyText } : {}), signal, followRedirects, maxBytes });
    } catch (error) {
      report({ service, ok: false, transportFailure: true });
      throw this.transportError(error, service, call, url, timeoutMs, request.signal);
    }
    try {
      bodyText = await response.text();
    } catch (error) {
      // Our timeout or cancel while the body came in; else the service cut its answer off.
      if (signal.aborted) {
        report({ service, ok: false, transportFailure: true });
        throw this.transportError(error, service, call, url, timeoutMs, request.signal);
      }
      report({ service, ok: false, trouble: 'cut-off answers' });
      throw new CoreError('bad_response', `The ${serviceLabels[service]} answered ${call} with a cut-off body (HTTP ${response.status}).`, {
        retryable: true, status: response.status, cause: error,
      });
    }

    if (bodyText === null) {
      report({ service, ok: false, trouble: 'oversize answers' });
      throw new CoreError(
        'bad_response',
        `The ${serviceLabels[service]} answered ${call} with more than ${Math.round(maxBytes / 1024)} KiB; the answer was dropped.`,
      );
    }
    if (request.boundOrigin !== undefined && response.status >= 300 && response.status < 400) {
      report({ service, ok: false });
      throw new CoreError(
        'bad_response',
        `The ${serviceLabels[service]} answered ${call} with a redirect (${response.status}); a request that carries credentials or a signature never follows one, so nothing more was sent.`,
      );
    }
    const ok = response.status >= 200 && response.status < 300;
    if (!parse && ok) {
      report({ service, ok: true });
      return bodyText;
    }
    const parsed = parseJson(bodyText);
    if (!ok) {
      report(outcomeOfStatus(service, response.status));
      const error = errorFromResponse(service, call, response.status, response.headers, parsed.value);
      throw isRetryableRefusal(response.status, parsed.value) ? new RefusedForNow(error) : error;
    }
    if (!parsed.ok) {
      report({ service, ok: false, trouble: 'malformed answers' });
      throw new CoreError('bad_response', `The ${serviceLabels[service]} answered ${call} with malformed JSON.`, {
        retryable: true,
      });
    }
    report({ service, ok: true });
    return parsed.value;
  }

  private buildUrl(request: HttpRequest): string {
    const base = this.options.urls()[request.service].replace(/\/+$/, '');
    const url = new URL(base + request.path);
    for (const [key, value] of Object.entries(request.query ?? {})) {
      if (value !== undefined) url.searchParams.set(key, String(value));
    }
    return url.toString();
  }

  private transportError(
    error: unknown,
    service: ServiceName,
    call: string,
    url: string,
    timeoutMs: number,
    callerSignal: AbortSignal | undefined,
  ): CoreError {
    if (error instanceof CoreError) return error;
    const where = `the ${serviceLabels[service]} at ${new URL(url).origin}`;
    if (callerSignal?.aborted) return new CoreError('cancelled', `${call} to ${where} was cancelled.`);
    if (error instanceof DOMException && error.name === 'TimeoutError') {
      return new CoreError('timeout', `${call} to ${where} got no answer within ${timeoutMs / 1000} s.`, {
        retryable: true,
      });
    }
    const reason = describeNetworkFailure(error);
    return new CoreError('network', `Could not reach ${where} (${reason}).`, { retryable: true, cause: error });
  }
}

/** The last check before a bound request leaves: its URL must be on the origin it is bound to. */
function assertBoundOrigin(url: string, boundOrigin: string, service: ServiceName, call: string): void {
  const origin = new URL(url).origin;
  if (origin === boundOrigin) return;
  throw new CoreError('wrong_host', `${call} is bound to ${boundOrigin}, but the ${serviceLabels[service]} is now at ${origin}. Nothing was sent.`);
}

/** A refusal worth asking again (429, retryable 503); `error` is what the caller sees when retries run out. */
class RefusedForNow extends Error {
  constructor(readonly error: CoreError) {
    super(error.message);
  }
}

function isConnectionReset(error: unknown): boolean {
  if (!(error instanceof CoreError) || error.code !== 'network') return false;
  const code = networkCode(error.cause);
  return code === 'ECONNRESET' || code === 'UND_ERR_SOCKET';
}

/** The code of a transport failure: undici's or the socket's own error, or the one it wraps. */
function networkCode(error: unknown): string | undefined {
  const failure = error as { code?: unknown; cause?: { code?: unknown } } | undefined;
  if (typeof failure?.code === 'string') return failure.code;
  return typeof failure?.cause?.code === 'string' ? failure.cause.code : undefined;
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false; value: undefined } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false, value: undefined };
  }
}

function describeNetworkFailure(error: unknown): string {
  const code = networkCode(error);
  switch (code) {
    case 'ECONNREFUSED':
      return 'connection refused';
    case 'ECONNRESET':
      return 'connection reset';
    case 'ENOTFOUND':
      return 'host not found';
    default:
      return code ?? 'network error';
  }
}
