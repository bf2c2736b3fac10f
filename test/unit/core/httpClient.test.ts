import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient, type RequestOutcome } from '../../../src/main/core/net/httpClient';
import { RateBudget } from '../../../src/main/core/net/rateBudget';
import type { RetryOptions } from '../../../src/main/core/net/retryPolicy';
import type { ServiceUrls } from '../../../src/main/core/net/serviceNames';
import type { EdgeWindow } from '../../../src/shared/protocol/edgeLimits';
import { virtualClock } from './rateBudgetVirtualClock';

/** A real loopback server whose routes misbehave in the ways the client must survive. */
let server: Server;
let base = '';
const resets = new Map<string, number>();
const received: Array<{ method: string; url: string; body: string; contentType: string | undefined }> = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      received.push({ method: request.method ?? '', url: request.url ?? '', body, contentType: request.headers['content-type'] });
      const path = new URL(request.url ?? '/', 'http://x').pathname;
      const json = (status: number, value: unknown, headers: Record<string, string> = {}) =>
        response.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(value));
      switch (path) {
        case '/echo':
          return json(200, { ok: true, body });
        case '/malformed':
          return response.writeHead(200, { 'content-type': 'application/json' }).end('{"half":');
        case '/huge':
          return response.writeHead(200, { 'content-type': 'application/json' }).end(`"${'x'.repeat(70_000)}"`);
        case '/clob-error':
          return json(404, { error: 'No orderbook exists for the requested token id' });
        case '/analytics-error':
          return json(400, { error: 'limit exceeds the cap', code: 'invalid_parameter', retryable: false, trace_id: 'tr-9', parameter: 'limit' }, { 'x-trace-id': 'tr-9' });
        case '/busy':
          return json(503, { error: 'Trading is currently disabled. Check the service site for updates' });
        case '/reset': {
          // Drops the connection without an answer, as a server does to a keep-alive socket it
          // closed while idle: the first `times` requests of each key, then answers.
          const url = new URL(request.url ?? '/', 'http://x');
          const key = url.searchParams.get('k') ?? '';
          const seen = (resets.get(key) ?? 0) + 1;
          resets.set(key, seen);
          if (seen <= Number(url.searchParams.get('times') ?? 1)) return request.socket.destroy();
          return json(200, { attempt: seen });
        }
        case '/limited': {
          // 429 for the first `times` requests of each key, with Retry-After when `ra` is given.
          const url = new URL(request.url ?? '/', 'http://x');
          const key = `limited:${url.searchParams.get('k') ?? ''}`;
          const seen = (resets.get(key) ?? 0) + 1;
          resets.set(key, seen);
          if (seen > Number(url.searchParams.get('times') ?? 1)) return json(200, { attempt: seen });
          const retryAfter = url.searchParams.get('ra');
          return json(429, { error: 'Too Many Requests', code: 'rate_limited', retryable: true, trace_id: `tr-429-${seen}` }, retryAfter ? { 'retry-after': retryAfter } : {});
        }
        case '/unavailable':
          return json(503, { error: 'heavy queries are queued', code: 'unavailable', retryable: true, trace_id: 'tr-503' }, { 'x-trace-id': 'tr-503' });
        case '/post-only':
          return json(503, { error: 'Only post-only orders are accepted', code: 'post_only_mode', retry_after_seconds: 5 }, { 'retry-after': '5' });
        case '/truncated':
          // Promises 100 bytes, sends 10, and closes: a proxy or a server that died mid-answer.
          response.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
          response.write('{"rows":[1');
          return void setTimeout(() => request.socket.destroy(), 20);
        case '/slow':
          return setTimeout(() => json(200, {}), 2_000);
        default:
          return json(404, { error: 'not found' });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const testWindow: EdgeWindow = { scope: 'test:echo', label: 'Echo', limit: 1_000, windowMs: 10_000 };

function client(urls?: Partial<ServiceUrls>, retry: RetryOptions = {}) {
  const outcomes: RequestOutcome[] = [];
  const budget = new RateBudget();
  const http = new HttpClient({
    urls: () => ({ clob: base, catalog: base, analytics: base, perps: base, ...urls }),
    budget,
    windowsFor: () => [testWindow],
    onOutcome: (outcome) => outcomes.push(outcome),
    retry,
  });
  return { http, budget, outcomes };
}

/** Waits (real time, bounded) until `check` holds: the loopback answers arrive on their own. */
async function waitReal(check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(check()).toBe(true);
}

/** Retries whose waits are recorded instead of slept, with a fixed jitter draw. */
function retryingClient(random = 0.5) {
  const slept: number[] = [];
  const sleep = async (ms: number) => {
    slept.push(ms);
  };
  return { ...client(undefined, { sleep, random: () => random, baseDelayMs: 400, maxRetries: 3 }), slept };
}

describe('HttpClient over real loopback HTTP', () => {
  it('sends exactly the body text it was given, with the query, and counts it in the budget', async () => {
    const { http, budget } = client();
    const bodyText = '{"b": 1,  "a":[2]}';
    const answer = await http.requestJson<{ body: string }>({ service: 'clob', method: 'POST', path: '/echo', query: { x: 'a b', skip: undefined }, bodyText });
    expect(answer.body).toBe(bodyText);
    const last = received.at(-1)!;
    expect(last).toMatchObject({ method: 'POST', url: '/echo?x=a+b', contentType: 'application/json' });
    expect(budget.usage().scopes).toEqual([{ scope: 'test:echo', label: 'Echo', used: 1, limit: 900 }]);
  });

  it('names the service and call when the body is malformed JSON', async () => {
    const { http, outcomes } = client();
    await expect(http.requestJson({ service: 'catalog', method: 'GET', path: '/malformed' })).rejects.toMatchObject({
      code: 'bad_response',
      message: 'The catalog service answered GET /malformed with malformed JSON.',
    });
    // Reachable, but in trouble: repeated, it makes the service degraded (OutageTracker).
    expect(outcomes.at(-1)).toEqual({ service: 'catalog', ok: false, trouble: 'malformed answers', scope: 'test:echo' });
  });

  it('drops an oversize body instead of buffering it', async () => {
    const { http } = client();
    await expect(http.requestJson({ service: 'clob', method: 'GET', path: '/huge', maxResponseBytes: 64 * 1024 })).rejects.toMatchObject({
      code: 'bad_response',
      message: 'The order-book service answered GET /huge with more than 64 KiB; the answer was dropped.',
    });
  });

  it('maps the order-book error body with the spec status', async () => {
    const { http } = client();
    await expect(http.requestJson({ service: 'clob', method: 'GET', path: '/clob-error' })).rejects.toMatchObject({
      code: 'not_found',
      status: 404,
      retryable: false,
      message: 'The order-book service refused GET /clob-error: No orderbook exists for the requested token id',
    });
  });

  it('maps the analytics error body: code, retryable, trace id and parameter', async () => {
    const { http } = client();
    await expect(http.requestJson({ service: 'analytics', method: 'GET', path: '/analytics-error' })).rejects.toMatchObject({
      code: 'service_error',
      retryable: false,
      traceId: 'tr-9',
      message: 'The analytics service refused GET /analytics-error: limit exceeds the cap (parameter: limit)',
    });
  });

  it('marks 5xx answers retryable; an answered 503 is trouble, not an unreachable service', async () => {
    const { http, outcomes } = client();
    await expect(http.requestJson({ service: 'clob', method: 'GET', path: '/busy' })).rejects.toMatchObject({ code: 'service_error', retryable: true, status: 503 });
    expect(outcomes.at(-1)).toEqual({ service: 'clob', ok: false, trouble: 'errors (HTTP 503)', scope: 'test:echo' });
  });

  it('says a body cut off halfway is cut off (the service answered), not that the service is unreachable', async () => {
    const { http, outcomes } = client();
    await expect(http.requestJson({ service: 'analytics', method: 'GET', path: '/truncated' })).rejects.toMatchObject({
      code: 'bad_response',
      retryable: true,
      message: 'The analytics service answered GET /truncated with a cut-off body (HTTP 200).',
    });
    expect(outcomes.at(-1)).toEqual({ service: 'analytics', ok: false, trouble: 'cut-off answers', scope: 'test:echo' });
  });

  it('times out with a sentence that says how long it waited', async () => {
    const { http, outcomes } = client();
    await expect(http.requestJson({ service: 'clob', method: 'GET', path: '/slow', timeoutMs: 200 })).rejects.toMatchObject({
      code: 'timeout',
      retryable: true,
      message: `GET /slow to the order-book service at ${base} got no answer within 0.2 s.`,
    });
    expect(outcomes.at(-1)).toMatchObject({ ok: false, transportFailure: true });
  });

  it('reports a cancelled request as cancelled, not as a network failure', async () => {
    const { http } = client();
    const controller = new AbortController();
    const pending = http.requestJson({ service: 'clob', method: 'GET', path: '/slow', signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    await expect(pending).rejects.toMatchObject({ code: 'cancelled' });
  });

  it('sends a GET once more after a connection reset, through the budget again; never anything else', async () => {
    const { http, budget } = client();
    await expect(http.requestJson({ service: 'analytics', method: 'GET', path: '/reset', query: { k: 'get' } })).resolves.toEqual({ attempt: 2 });
    expect(resets.get('get')).toBe(2);
    expect(budget.usage().scopes).toEqual([{ scope: 'test:echo', label: 'Echo', used: 2, limit: 900 }]);
    // Once more only: a connection reset twice is the answer.
    await expect(http.requestJson({ service: 'analytics', method: 'GET', path: '/reset', query: { k: 'twice', times: 5 } })).rejects.toMatchObject({ code: 'network' });
    expect(resets.get('twice')).toBe(2);
    // A POST may have been acted on; it is never sent twice by the client.
    await expect(http.requestJson({ service: 'clob', method: 'POST', path: '/reset', query: { k: 'post' }, bodyText: '{}' })).rejects.toMatchObject({ code: 'network' });
    expect(resets.get('post')).toBe(1);
  });

  it('says the service could not be reached when nothing listens', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const { http } = client({ perps: `http://127.0.0.1:${port}` });
    await expect(http.requestJson({ service: 'perps', method: 'GET', path: '/v1/info/exchange' })).rejects.toMatchObject({
      code: 'network',
      retryable: true,
      message: `Could not reach the perpetuals exchange at http://127.0.0.1:${port} (connection refused).`,
    });
  });
});

describe('HttpClient retries a refusal that says "ask again later", through the budget', () => {
  it('after a 429 with Retry-After, pauses the whole scope that long: the retry and every other request of it wait', async () => {
    const time = virtualClock();
    const budget = new RateBudget({ clock: time.clock });
    const route: EdgeWindow = { scope: 'test:route', label: 'Route', limit: 100, windowMs: 10_000 };
    const general: EdgeWindow = { scope: 'test:general', label: 'General', limit: 1_000, windowMs: 10_000 };
    const slept: number[] = [];
    const http = new HttpClient({
      urls: () => ({ clob: base, catalog: base, analytics: base, perps: base }),
      budget,
      // The route's own window is the tightest (fewest requests per second): the one paused.
      windowsFor: (_service, _method, path) => (path === '/limited' ? [general, route] : [general]),
      retry: { sleep: async (ms) => void slept.push(ms), maxRetries: 3 },
    });
    const routeScope = () => budget.state().scopes.find((scope) => scope.scope === 'test:route')!;
    const sent = (key: string) => received.filter((r) => r.url.includes(`k=${key}&`)).length;
    const limited = http.requestJson({ service: 'clob', method: 'GET', path: '/limited', query: { k: 'scope', times: 2, ra: 2 } });
    await waitReal(() => routeScope().pauses === 1);
    // Sent while the scope is paused: another request of the route waits, one of another scope goes.
    const sibling = http.requestJson({ service: 'clob', method: 'GET', path: '/limited', query: { k: 'scope-sibling', times: 0 } });
    await expect(http.requestJson({ service: 'clob', method: 'GET', path: '/echo' })).resolves.toMatchObject({ ok: true });
    expect(routeScope()).toMatchObject({ pausedForMs: 2_000, queued: { interactive: 2 } });
    expect([sent('scope'), sent('scope-sibling')]).toEqual([1, 0]);
    // The pause ends: the retry gets a second 429 (and pauses the scope again); the sibling goes.
    await time.advance(2_000);
    await waitReal(() => routeScope().pauses === 2);
    await expect(sibling).resolves.toEqual({ attempt: 1 });
    await time.advance(2_000);
    await expect(limited).resolves.toEqual({ attempt: 3 });
    // No sleep of its own: the budget held the retries until each pause ended.
    expect(slept).toEqual([]);
    expect([sent('scope'), sent('scope-sibling')]).toEqual([3, 1]);
  });

  it('without Retry-After backs off exponentially with jitter, and stops after the bounded retries with the trace id', async () => {
    const { http, slept } = retryingClient(0.5);
    await expect(http.requestJson({ service: 'analytics', method: 'GET', path: '/limited', query: { k: 'forever', times: 99 } })).rejects.toMatchObject({
      code: 'rate_limited',
      status: 429,
      traceId: 'tr-429-4',
    });
    // Half of 400, 800, 1600 (full jitter with the draw fixed at 0.5); four attempts in all.
    expect(slept).toEqual([200, 400, 800]);
    expect(resets.get('limited:forever')).toBe(4);
  });

  it('retries a retryable 503 and shows its trace id when retries run out', async () => {
    const { http, slept } = retryingClient(0);
    await expect(http.requestJson({ service: 'analytics', method: 'GET', path: '/unavailable' })).rejects.toMatchObject({ status: 503, traceId: 'tr-503' });
    expect(slept).toEqual([1, 1, 1]);
  });

  it('a background walk\'s read is asked again after a transient failure; a read someone waits for is not', async () => {
    const { http, slept } = retryingClient(0);
    const before = received.filter((r) => r.url === '/busy').length;
    await expect(http.requestJson({ service: 'clob', method: 'GET', path: '/busy', priority: 'background' })).rejects.toMatchObject({ status: 503 });
    expect(slept).toEqual([1, 1, 1]);
    expect(received.filter((r) => r.url === '/busy').length - before).toBe(4);
    await expect(http.requestJson({ service: 'clob', method: 'GET', path: '/malformed', priority: 'background' })).rejects.toMatchObject({ code: 'bad_response' });
    expect(slept).toHaveLength(6);
    await expect(http.requestJson({ service: 'clob', method: 'GET', path: '/busy' })).rejects.toMatchObject({ status: 503 });
    expect(slept).toHaveLength(6);
  });

  it('does not retry an exchange-mode 503: the trading owner acts on it', async () => {
    const { http, slept } = retryingClient();
    await expect(http.requestJson({ service: 'clob', method: 'POST', path: '/post-only', bodyText: '{}' })).rejects.toMatchObject({ status: 503 });
    expect(slept).toEqual([]);
  });

  it('never resends a write that timed out (it may have been done), and keeps counting it in the budget', async () => {
    const { http, budget, slept } = retryingClient();
    const before = received.filter((r) => r.url === '/slow').length;
    await expect(http.requestJson({ service: 'clob', method: 'POST', path: '/slow', bodyText: '{}', timeoutMs: 100 })).rejects.toMatchObject({ code: 'timeout' });
    expect(slept).toEqual([]);
    // The server still gets to it: still in flight for the budget, not released at the timeout.
    expect(budget.state().scopes.find((s) => s.scope === 'test:echo')?.used).toBe(1);
    expect(received.filter((r) => r.url === '/slow').length - before).toBe(1);
  });
});
