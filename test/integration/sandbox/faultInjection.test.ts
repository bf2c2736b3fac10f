/**
 * Fault injection on every sandbox service (issue 10, "Fault injection on every service"): rules
 * set over the loopback admin route answer each kind in the service's own body shape, for the next
 * N requests or with a seeded probability, and the counters per route say what happened.
 */
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../../src/sandbox/start';
import { get, post, request } from './http';

let sandbox: RunningSandbox;

/** A cheap GET per service that answers 200 when no fault is set. */
const PROBES = {
  analytics: '/v2/health',
  clob: '/time',
  catalog: '/events?limit=1',
  perps: '/v1/info/assets',
} as const;
type Service = keyof typeof PROBES;
const SERVICES = Object.keys(PROBES) as Service[];

const admin = () => sandbox.urls.clob;
const addRule = (rule: Record<string, unknown>) => post<{ rule: { id: number } }>(`${admin()}/sandbox/faults/rules`, rule);
const clearRules = () => request(`${admin()}/sandbox/faults/rules`, { method: 'DELETE', headers: { 'content-type': 'application/json' } });

interface RawOutcome { kind: 'answer'; status: number; text: string; headers: Record<string, unknown> }
type Outcome = RawOutcome | { kind: 'error'; code: string };

/** One GET over node:http that reports a reset or a cut-off body instead of throwing. */
function rawGet(url: string, timeoutMs = 5_000): Promise<Outcome> {
  return new Promise((resolve) => {
    const req = httpRequest(url, { timeout: timeoutMs }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ kind: 'answer', status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8'), headers: res.headers }));
      res.on('aborted', () => resolve({ kind: 'error', code: 'aborted' }));
      res.on('error', (error: NodeJS.ErrnoException) => resolve({ kind: 'error', code: error.code ?? 'aborted' }));
    });
    req.on('timeout', () => req.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })));
    req.on('error', (error: NodeJS.ErrnoException) => resolve({ kind: 'error', code: error.code ?? error.message }));
    req.end();
  });
}

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 11, simulate: false });
});
afterAll(async () => {
  await sandbox.stop();
});
beforeEach(async () => {
  await clearRules();
});

describe('status faults in each service\'s own body', () => {
  it('429 with Retry-After on all four services, then the next request is normal', async () => {
    for (const service of SERVICES) {
      expect((await addRule({ service, pathPattern: PROBES[service].split('?')[0], kind: 'rate-limited', retryAfterSeconds: 7, count: 1 })).status).toBe(201);
      const faulted = await get<Record<string, unknown>>(`${sandbox.urls[service]}${PROBES[service]}`);
      expect(faulted.status, service).toBe(429);
      expect(faulted.headers.get('retry-after'), service).toBe('7');
      if (service === 'analytics') expect(faulted.body).toMatchObject({ code: 'rate_limited', retryable: true });
      else if (service === 'perps') expect(faulted.body).toEqual({ status: 'err', error: 'rate_limited' });
      else expect(faulted.body).toEqual({ error: 'Too Many Requests' });
      expect((await get(`${sandbox.urls[service]}${PROBES[service]}`)).status, service).toBe(200);
    }
  });

  it('503 in every documented variant', async () => {
    const cases: Array<[Service, string, Record<string, unknown>]> = [
      ['clob', 'trading-disabled', { error: 'Trading is currently disabled. Check the service site for updates' }],
      ['clob', 'cancel-only', { error: 'Trading is currently cancel-only. New orders are not accepted, but cancels are allowed.' }],
      ['clob', 'post-only', { error: 'post-only mode: only post-only orders and cancels are allowed', code: 'post_only_mode', retry_after_seconds: 3 }],
      ['analytics', 'dependency_unavailable', { code: 'dependency_unavailable', retryable: true }],
      ['analytics', 'request_timeout', { code: 'request_timeout', retryable: true }],
      ['catalog', 'unavailable', { error: 'Service Unavailable' }],
      ['perps', 'unavailable', { status: 'err', error: 'service_unavailable' }],
    ];
    for (const [service, variant, body] of cases) {
      await addRule({ service, pathPattern: PROBES[service].split('?')[0], kind: 'unavailable', variant, retryAfterSeconds: 3, count: 1 });
      const res = await get<Record<string, unknown>>(`${sandbox.urls[service]}${PROBES[service]}`);
      expect(res.status, variant).toBe(503);
      expect(res.body, variant).toMatchObject(body);
      expect(res.headers.get('retry-after'), variant).toBe('3');
    }
  });

  it('425 and 500', async () => {
    await addRule({ service: 'clob', pathPattern: '/time', kind: 'restarting', retryAfterSeconds: 2, count: 1 });
    const restarting = await get(`${sandbox.urls.clob}/time`);
    expect(restarting.status).toBe(425);
    expect(restarting.body).toEqual({ error: 'matching engine restarting; retry with exponential backoff', retry_after_seconds: 2 });
    await addRule({ service: 'analytics', pathPattern: '/v2/*', kind: 'internal', count: 1 });
    const internal = await get<{ code: string; trace_id: string }>(`${sandbox.urls.analytics}/v2/health`);
    expect(internal.status).toBe(500);
    expect(internal.body.code).toBe('internal');
    expect(internal.headers.get('x-trace-id')).toBe(internal.body.trace_id);
  });

  it('refuses a variant of another service, unknown fields and a rule with both count and probability, naming the field', async () => {
    expect((await addRule({ service: 'perps', pathPattern: '/v1/*', kind: 'unavailable', variant: 'cancel-only', count: 1 })).text).toContain('variant for perps must be one of unavailable');
    expect((await addRule({ pathPattern: '/x', kind: 'reset', count: 1, probability: 0.5 })).text).toContain('exactly one of count');
    expect((await addRule({ pathPattern: '/x', kind: 'reset', count: 1, extra: 1 })).status).toBe(400);
    expect((await addRule({ pathPattern: '/sandbox/mode', kind: 'reset', count: 1 })).text).toContain('must not name a /sandbox/');
  });
});

describe('transport faults', () => {
  it('a connection reset, a truncated body, a non-JSON body and a stall', async () => {
    const url = `${sandbox.urls.catalog}/events?limit=3`;
    await addRule({ service: 'catalog', pathPattern: '/events', kind: 'reset', count: 1 });
    expect(await rawGet(url)).toMatchObject({ kind: 'error', code: 'ECONNRESET' });

    await addRule({ service: 'catalog', pathPattern: '/events', kind: 'truncated', count: 1 });
    const truncated = await rawGet(url);
    if (truncated.kind === 'answer') expect(() => JSON.parse(truncated.text)).toThrow();
    else expect(truncated.code).toMatch(/aborted|ECONNRESET/);

    await addRule({ service: 'catalog', pathPattern: '/events', kind: 'non-json', count: 1 });
    const html = await rawGet(url);
    expect(html).toMatchObject({ kind: 'answer', status: 502 });
    expect((html as RawOutcome).headers['content-type']).toBe('text/html');

    await addRule({ service: 'catalog', pathPattern: '/events', kind: 'stall', stallMs: 60_000, count: 1 });
    // The client gives up first: no answer arrived within its own timeout.
    expect(await rawGet(url, 300)).toEqual({ kind: 'error', code: 'TIMEOUT' });
    expect((await rawGet(url)).kind).toBe('answer');
  });

  it('a delay answers normally afterwards', async () => {
    await addRule({ service: 'perps', pathPattern: '/v1/info/assets', kind: 'delay', delayMs: 50, count: 1 });
    expect((await get(`${sandbox.urls.perps}/v1/info/assets`)).status).toBe(200);
  });
});

describe('probability rules and counters', () => {
  it('faults about the given share of requests, replayably, and counts them per route', async () => {
    await request(`${admin()}/sandbox/faults/counters/reset`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    await addRule({ service: 'analytics', method: 'GET', pathPattern: '/v2/health', kind: 'internal', probability: 0.25 });
    let faulted = 0;
    for (let i = 0; i < 200; i += 1) if ((await get(`${sandbox.urls.analytics}/v2/health`)).status === 500) faulted += 1;
    expect(faulted).toBeGreaterThan(25);
    expect(faulted).toBeLessThan(80);
    const stats = await get<{ rules: Array<{ matched: number; injected: number }>; routes: Array<{ service: string; path: string; requests: number; faulted: number; byKind: Record<string, number> }> }>(`${sandbox.urls.perps}/sandbox/faults`);
    expect(stats.body.rules[0]).toMatchObject({ matched: 200, injected: faulted });
    expect(stats.body.routes.find((r) => r.service === 'analytics' && r.path === '/v2/health')).toMatchObject({ requests: 200, faulted, byKind: { internal: faulted } });
  });

  it('faulted requests still count in the edge windows', async () => {
    sandbox.resetEdgeStats();
    await addRule({ service: 'catalog', pathPattern: '/events', kind: 'unavailable', count: 3 });
    for (let i = 0; i < 3; i += 1) expect((await get(`${sandbox.urls.catalog}/events?limit=1`)).status).toBe(503);
    const markets = sandbox.edgeStats().find((s) => s.scope === 'catalog:/events');
    expect(markets?.total ?? 0).toBeGreaterThanOrEqual(3);
  });

  it('keeps the order book\'s own {orderTimeouts} fault route', async () => {
    const res = await post(`${admin()}/sandbox/faults`, { orderTimeouts: 2 });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ orderTimeouts: 2 });
    await post(`${admin()}/sandbox/faults`, { orderTimeouts: 0 });
  });
});
