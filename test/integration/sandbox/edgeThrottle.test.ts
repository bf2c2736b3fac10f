/**
 * Edge limits as the spec says the edge applies them, over real loopback HTTP: "as throttling
 * (delay or queue) rather than immediate rejection" (docs/decisions/38-sandbox-spec-rules/04-…).
 * Windows are shrunk to milliseconds with the sandbox's `edge` options so the delays are measured
 * in a test of seconds: requests past a window wait and are answered in order, the edge stats
 * say how many waited and for how long, a request whose wait would pass the bound gets 429 with
 * a `Retry-After` that says when its window really frees, and a waiting request whose client left
 * gives its place to the next one.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox, type SandboxOptions } from '../../../src/sandbox/start';
import { get, type JsonResponse } from './http';
import { liveMarket } from './tradingClient';

const [token] = liveMarket(7, () => true).market.tokenIds as [string, string];

const running: RunningSandbox[] = [];
async function start(edge: SandboxOptions['edge']): Promise<RunningSandbox> {
  const sandbox = await startSandbox({ seed: 7, port: 0, simulate: false, edge });
  running.push(sandbox);
  return sandbox;
}
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.stop()));
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const scopeOf = (sandbox: RunningSandbox, scope: string) => sandbox.edgeStats().find((s) => s.scope === scope)!;

/** Sends `count` GETs `gapMs` apart; each result has when it was answered, in ms after the first was sent. */
async function burst(url: string, count: number, gapMs = 5) {
  const t0 = performance.now();
  const answered: Array<{ i: number; status: number; sentMs: number; atMs: number; res: JsonResponse<unknown> }> = [];
  const sent: Array<Promise<void>> = [];
  for (let i = 0; i < count; i += 1) {
    const sentMs = performance.now() - t0;
    sent.push(get(url).then((res) => void answered.push({ i, status: res.status, sentMs, atMs: performance.now() - t0, res })));
    await sleep(gapMs);
  }
  await Promise.all(sent);
  return answered;
}

describe('edge throttling', () => {
  it('delays requests past the window until it admits them, answers them in order, and reports the delays', async () => {
    const sandbox = await start({ limits: { 'clob:/ok': 3 }, windowsMs: { 'clob:/ok': 800 }, maxWaitMs: 2_000 });
    // A first request elsewhere, so connection set-up is not measured.
    await get(`${sandbox.urls.clob}/time`);
    const answers = await burst(`${sandbox.urls.clob}/ok`, 9, 30);
    expect(answers.map((a) => a.status)).toEqual(Array(9).fill(200));
    // First in, first out: the six that waited are answered in the order they were sent.
    expect(answers.map((a) => a.i).filter((i) => i >= 3)).toEqual([3, 4, 5, 6, 7, 8]);
    // Three per window: the second three when the first three leave it (800 ms), the last three at 1 600 ms.
    const at = Array.from({ length: 9 }, (_, i) => answers.find((a) => a.i === i)!.atMs);
    for (const i of [0, 1, 2]) expect(at[i]).toBeLessThan(400);
    for (const i of [3, 4, 5]) {
      expect(at[i]).toBeGreaterThanOrEqual(790);
      expect(at[i]).toBeLessThan(1_300);
    }
    for (const i of [6, 7, 8]) expect(at[i]).toBeGreaterThanOrEqual(1_590);
    const stats = scopeOf(sandbox, 'clob:/ok');
    expect(stats).toMatchObject({ total: 9, limit: 3, windowMs: 800, delayed: 6, rejected: 0, abandoned: 0, waiting: 0, overLimit: 6 });
    // Each waiting request waits from when it was sent until its window opens (800 or 1 600 ms
    // after the first): sent 30 ms apart, about 710 and 1 420 ms. Worked out from the send times
    // measured here, so a busy machine that spaced the sends wider does not fail the check.
    const sentAt = Array.from({ length: 9 }, (_, i) => answers.find((a) => a.i === i)!.sentMs);
    const expectedWaits = [3, 4, 5, 6, 7, 8].map((i) => (i < 6 ? 800 : 1_600) - sentAt[i]!);
    expect(stats.maxDelayMs).toBeGreaterThan(Math.max(...expectedWaits) - 150);
    expect(stats.maxDelayMs).toBeLessThan(1_900);
    const expectedMean = expectedWaits.reduce((sum, wait) => sum + wait, 0) / expectedWaits.length;
    expect(Math.abs(stats.delayedMs / stats.delayed - expectedMean)).toBeLessThan(200);
    // The same counters on the loopback admin route.
    const route = await get<{ scopes: typeof stats[] }>(`${sandbox.urls.clob}/sandbox/edge-stats`);
    expect(route.body.scopes.find((s) => s.scope === 'clob:/ok')).toMatchObject({ delayed: 6, delayedMs: stats.delayedMs, maxDelayMs: stats.maxDelayMs });
  });

  it('refuses at once what would wait past the bound, with a Retry-After that says when the window frees', async () => {
    const sandbox = await start({ limits: { 'catalog:/events': 2 }, windowsMs: { 'catalog:/events': 2_000 }, maxWaitMs: 2_500 });
    const url = `${sandbox.urls.catalog}/events?limit=1`;
    const t0 = performance.now();
    const admitted = await Promise.all([get(url), get(url)]);
    expect(admitted.map((r) => r.status)).toEqual([200, 200]);
    // Two more wait for the places that free at 2 s; the fifth would wait until 4 s: past the bound.
    const queued = [get(url), get(url)];
    await sleep(50);
    const refused = await get<{ error: string }>(url);
    expect(performance.now() - t0).toBeLessThan(1_000);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: 'Too Many Requests' });
    // The two ahead of it take the places that free at 2 s; its own frees at 4 s after the first two.
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(3);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(4);
    const late = await Promise.all(queued);
    expect(late.map((r) => r.status)).toEqual([200, 200]);
    expect(performance.now() - t0).toBeGreaterThanOrEqual(1_950);
    expect(scopeOf(sandbox, 'catalog:/events')).toMatchObject({ delayed: 2, rejected: 1 });
  });

  it('serves a request sent again after its Retry-After without a wait', async () => {
    const sandbox = await start({ limits: { 'clob:/tick-size': 1 }, windowsMs: { 'clob:/tick-size': 1_500 }, maxWaitMs: 200 });
    const url = `${sandbox.urls.clob}/tick-size?token_id=${token}`;
    expect((await get(url)).status).toBe(200);
    const refused = await get(url);
    expect(refused.status).toBe(429);
    const retryAfterS = Number(refused.headers.get('retry-after'));
    expect(retryAfterS).toBe(2);
    await sleep(retryAfterS * 1000);
    const t = performance.now();
    expect((await get(url)).status).toBe(200);
    expect(performance.now() - t).toBeLessThan(100);
    expect(scopeOf(sandbox, 'clob:/tick-size')).toMatchObject({ delayed: 0, rejected: 1 });
  });

  it('lets a waiting request whose client went away leave the queue: the next one gets its place', async () => {
    const sandbox = await start({ limits: { 'clob:/ok': 1 }, windowsMs: { 'clob:/ok': 800 }, maxWaitMs: 3_000 });
    const url = `${sandbox.urls.clob}/ok`;
    const t0 = performance.now();
    expect((await get(url)).status).toBe(200);
    const gone = new AbortController();
    const abandoned = fetch(url, { signal: gone.signal }).then(() => 'answered', () => 'aborted');
    await sleep(50);
    const next = get(url).then((res) => ({ status: res.status, atMs: performance.now() - t0 }));
    await sleep(50);
    expect(scopeOf(sandbox, 'clob:/ok').waiting).toBe(2);
    gone.abort();
    expect(await abandoned).toBe('aborted');
    await sleep(50);
    expect(scopeOf(sandbox, 'clob:/ok')).toMatchObject({ waiting: 1, abandoned: 1 });
    // The first free place (800 ms), not the one after it (1 600 ms): the request that left never took one.
    const served = await next;
    expect(served.status).toBe(200);
    expect(served.atMs).toBeLessThan(1_300);
    expect(scopeOf(sandbox, 'clob:/ok')).toMatchObject({ total: 3, delayed: 1, abandoned: 1, waiting: 0, rejected: 0 });
  });

  it('throttles the analytics edge the same way, in the analytics error body past the bound', async () => {
    const sandbox = await start({ limits: { 'analytics:/ok': 2 }, windowsMs: { 'analytics:/ok': 500 }, maxWaitMs: 700 });
    const answers = await burst(`${sandbox.urls.analytics}/ok`, 6, 2);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 429, 429]);
    const refused = answers.find((a) => a.status === 429)!.res;
    expect(refused.body).toMatchObject({ code: 'rate_limited', retryable: true });
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(refused.headers.get('x-trace-id')).toBe((refused.body as { trace_id: string }).trace_id);
    expect(scopeOf(sandbox, 'analytics:/ok')).toMatchObject({ delayed: 2, rejected: 2 });
  });

  it('bounds the queue: past maxQueued waiting requests, the next is refused at once', async () => {
    const sandbox = await start({ limits: { 'catalog:/tags': 1 }, windowsMs: { 'catalog:/tags': 400 }, maxWaitMs: 5_000, maxQueued: 2 });
    const answers = await burst(`${sandbox.urls.catalog}/tags`, 4, 30);
    const byIndex = Array.from({ length: 4 }, (_, i) => answers.find((a) => a.i === i)!);
    // One answered, two waiting: the fourth finds the queue full and is refused before the two are served.
    expect(byIndex.map((a) => a.status)).toEqual([200, 200, 200, 429]);
    expect(byIndex[3]!.atMs).toBeLessThan(byIndex[1]!.atMs);
    expect(Number(byIndex[3]!.res.headers.get('retry-after'))).toBe(2);
    expect(scopeOf(sandbox, 'catalog:/tags')).toMatchObject({ delayed: 2, rejected: 1 });
  });
});


