import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EdgeGate } from '../../../src/sandbox/edge/edgeGate';
import { Router, type RequestContext } from '../../../src/sandbox/http/router';
import { addEdgeAdminRoutes, isLoopback } from '../../../src/sandbox/services/edgeAdminRoutes';
import { startSandbox, type RunningSandbox } from '../../../src/sandbox/start';
import { get, post, raw, request } from './http';

let sandbox: RunningSandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 7, port: 0, simulate: false });
});
afterAll(async () => {
  await sandbox?.stop();
});

const ONE_MIB = 1024 * 1024;

describe('the four services', () => {
  it('gives four distinct loopback base URLs', () => {
    const urls = Object.values(sandbox.urls);
    expect(new Set(urls).size).toBe(4);
    for (const url of urls) expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('serves analytics health with a trace id header', async () => {
    const res = await get(`${sandbox.urls.analytics}/v2/health`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { status: 'ok' } });
    expect(res.headers.get('x-trace-id')).toMatch(/^[0-9a-f]{16}$/);
  });

  it('serves the perps exchange identity and its collateral asset', async () => {
    const info = await get<Record<string, unknown>>(`${sandbox.urls.perps}/v1/info/exchange`);
    expect(info.body).toMatchObject({ name: 'Marketdesk Sandbox Perps', version: '1', chain_id: 137 });
    expect(info.body.contract).toMatch(/^0x[0-9a-fA-F]{40}$/);
    const assets = await get<Array<Record<string, unknown>>>(`${sandbox.urls.perps}/v1/info/assets`);
    expect(assets.body[0]).toEqual(expect.objectContaining({ asset: 'USDC', decimals: 6, collateral_ratio: '1' }));
    expect(assets.body.length).toBeGreaterThanOrEqual(3);
  });

  it('answers unknown perps paths in the perps error body', async () => {
    const res = await get<Record<string, unknown>>(`${sandbox.urls.perps}/v9/nothing`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ status: 'err', error: 'not_found' });
  });

  it('answers unknown analytics paths with the analytics error body', async () => {
    const service = 'analytics' as const;
    const res = await get<Record<string, unknown>>(`${sandbox.urls[service]}/v9/nothing`);
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 'not_found', retryable: false });
    expect(typeof res.body.error).toBe('string');
    expect(res.body.trace_id).toBe(res.headers.get('x-trace-id'));
  });
});

describe('robustness', () => {
  it.each(['clob', 'catalog'] as const)('answers unknown %s routes with 404 {error: "not found"} and wrong methods with 405', async (service) => {
    const res = await get(`${sandbox.urls[service]}/no/such/route`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 'not found' });
    const wrong = await request(`${sandbox.urls[service]}/${service === 'clob' ? 'book' : 'tags'}`, { method: 'DELETE' });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('GET');
  });

  // The order-book table lists `Payload exceeds the limit` as a 400 and the analytics table has no
  // 413 (`invalid_request` is 400); only perps, whose spec gives no statuses, keeps its own 413.
  it.each([['clob', 400], ['catalog', 400], ['analytics', 400], ['perps', 413]] as const)('refuses a %s body over 1 MiB with %i', async (service, status) => {
    const res = await post<{ error: string }>(`${sandbox.urls[service]}/books`, 'x'.repeat(ONE_MIB + 1));
    expect(res.status).toBe(status);
    expect(res.body.error).toMatch(service === 'perps' ? /^payload_too_large$/ : /^Payload exceeds the limit/);
    expect(res.headers.get('content-type')).toBe('application/json');
    // Exactly 1 MiB is read and judged on its content instead.
    const atLimit = await post(`${sandbox.urls.clob}/books`, 'x'.repeat(ONE_MIB));
    expect(atLimit.status).toBe(400);
  });

  it('survives hostile URLs and raw garbage, and keeps serving', async () => {
    const clob = sandbox.urls.clob;
    for (const path of ['//', '/%', '/%ZZ', '/book?token_id=%ZZ', `/book?token_id=${'1'.repeat(5000)}`, '/events/..%2F..%2Fetc', '/?a[]=1&a[]=2']) {
      const res = await get(`${clob}${path}`);
      expect(res.status, path).toBeGreaterThanOrEqual(400);
      expect(res.status, path).toBeLessThan(500);
      expect(res.headers.get('content-type'), path).toBe('application/json');
    }
    expect(await raw(clob, 'GARBAGE\r\n\r\n')).toMatch(/^HTTP\/1\.1 400/);
    expect(await raw(clob, 'POST /books HTTP/1.1\r\nHost: x\r\nContent-Length: 50\r\n\r\n[{"tok')).not.toMatch(/^HTTP\/1\.1 5/);
    expect((await get(`${clob}/ok`)).status).toBe(200);
  });

  it('answers 200 concurrent requests', async () => {
    const results = await Promise.all(Array.from({ length: 200 }, (_, i) => get(`${sandbox.urls.clob}/time?i=${i}`)));
    expect(results.every((r) => r.status === 200)).toBe(true);
  });
});

describe('edge statistics admin routes', () => {
  it('counts requests per documented window, shared "all endpoints" across clob and catalog', async () => {
    const clob = sandbox.urls.clob;
    expect((await post(`${clob}/sandbox/edge-stats/reset`, '')).status).toBe(200);
    await get(`${clob}/ok`);
    await get(`${clob}/book?token_id=1`);
    await get(`${sandbox.urls.catalog}/tags`);
    await get(`${sandbox.urls.analytics}/v2/health`); // not an edge-limited service
    const res = await get<{ scopes: Array<{ scope: string; total: number; limit: number; overLimit: number; maxInWindow: number }> }>(`${clob}/sandbox/edge-stats`);
    const byScope = Object.fromEntries(res.body.scopes.map((s) => [s.scope, s]));
    expect(byScope['edge:all']!.total).toBe(3);
    expect(byScope['clob']!.total).toBe(2);
    expect(byScope['clob:/ok']!).toMatchObject({ total: 1, limit: 100, overLimit: 0, maxInWindow: 1 });
    expect(byScope['clob:/book']!.total).toBe(1);
    expect(byScope['catalog:/tags']!.total).toBe(1);
    // The admin routes do not count against the windows they report on.
    expect(sandbox.edgeStats().find((s) => s.scope === 'edge:all')!.total).toBe(3);
    sandbox.resetEdgeStats();
    expect(sandbox.edgeStats().every((s) => s.total === 0)).toBe(true);
  });

  it('refuses the admin routes to non-loopback callers', async () => {
    expect(isLoopback('127.0.0.1')).toBe(true);
    expect(isLoopback('::ffff:127.0.0.1')).toBe(true);
    expect(isLoopback('::1')).toBe(true);
    expect(isLoopback('10.0.0.5')).toBe(false);
    expect(isLoopback('::ffff:192.168.1.2')).toBe(false);
    const gate = new EdgeGate();
    const router = addEdgeAdminRoutes(new Router(), gate);
    for (const [method, path] of [['GET', '/sandbox/edge-stats'], ['POST', '/sandbox/edge-stats/reset']] as const) {
      const match = router.match(method, path);
      if (match.kind !== 'found') throw new Error('admin route missing');
      const ctx: RequestContext = { method, path, query: new URLSearchParams(), params: {}, body: '', rawBody: new Uint8Array(), headers: {}, remoteAddress: '192.168.1.2' };
      expect(await match.handler(ctx)).toEqual({ status: 403, body: { error: 'sandbox admin routes are loopback-only' } });
    }
    gate.close();
  });
});
