/**
 * The app's HTTP client against a sandbox edge that throttles (docs/decisions/38-sandbox-spec-rules/):
 * the client's budget keeps it inside the documented windows, so the edge only holds it back when
 * something else on the same address filled a window. Then a delayed answer is an answer like any
 * other, counted in the budget from admission to answer and a window after; a wait longer than
 * the client's timeout is a timeout, the request stays counted as possibly seen, and the sandbox
 * drops it from its queue; a 429 past the bound is asked again after its real Retry-After.
 * No change in the client was needed for any of this: these tests hold it to it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { CoreError } from '../../../src/main/core/coreError';
import { HttpClient } from '../../../src/main/core/net/httpClient';
import { RateBudget } from '../../../src/main/core/net/rateBudget';
import { EDGE_WINDOWS, edgeWindowsFor } from '../../../src/shared/protocol/edgeLimits';
import { startSandbox, type RunningSandbox, type SandboxOptions } from '../../../src/sandbox/start';

const running: RunningSandbox[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.stop()));
});

async function setUp(edge: SandboxOptions['edge']) {
  const sandbox = await startSandbox({ seed: 7, port: 0, simulate: false, edge });
  running.push(sandbox);
  const budget = new RateBudget();
  const http = new HttpClient({
    urls: () => ({ ...sandbox.urls, label: 'Sandbox', isSandbox: true }),
    budget,
    windowsFor: (service, method, path) => (service === 'perps' ? [] : edgeWindowsFor(service, method, path)),
    retry: { maxRetries: 1 },
  });
  /** Another program on the same address: plain requests the client's budget never saw. */
  const neighbour = (path: string) => fetch(`${sandbox.urls.catalog}${path}`).then((res) => res.status);
  const stats = (scope: string) => sandbox.edgeStats().find((s) => s.scope === scope)!;
  return { sandbox, budget, http, neighbour, stats };
}

describe('the client against a throttling edge', () => {
  it('takes a delayed answer as an answer, counted in its budget from admission to a window after the answer', async () => {
    const { budget, http, neighbour, stats } = await setUp({ limits: { 'catalog:/tags': 2 }, windowsMs: { 'catalog:/tags': 1_000 }, maxWaitMs: 3_000 });
    expect(await Promise.all([neighbour('/tags'), neighbour('/tags')])).toEqual([200, 200]);
    const t0 = performance.now();
    const tags = await http.requestJson<unknown[]>({ service: 'catalog', method: 'GET', path: '/tags' });
    const waited = performance.now() - t0;
    expect(tags.length).toBeGreaterThan(0);
    expect(waited).toBeGreaterThan(800);
    expect(waited).toBeLessThan(2_000);
    expect(stats('catalog:/tags')).toMatchObject({ delayed: 1, rejected: 0 });
    // The edge's own measure of the wait: most of the client's, from its arrival to its admission.
    expect(stats('catalog:/tags').maxDelayMs).toBeGreaterThan(600);
    expect(stats('catalog:/tags').maxDelayMs).toBeLessThanOrEqual(waited);
    // Still counted in the client's own window after its answer.
    expect(budget.usedIn(EDGE_WINDOWS.catalogTags)).toBe(1);
  });

  it('gives up at its own timeout while the edge holds the request, keeps it counted, and the edge drops it', async () => {
    const { budget, http, neighbour, stats } = await setUp({ limits: { 'catalog:/events': 1 }, windowsMs: { 'catalog:/events': 1_500 }, maxWaitMs: 3_000 });
    expect(await neighbour('/events?limit=1')).toBe(200);
    const failure = await http.requestJson({ service: 'catalog', method: 'GET', path: '/events', query: { limit: 1 }, timeoutMs: 300 }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(CoreError);
    expect(failure).toMatchObject({ code: 'timeout' });
    // No answer: the client keeps it in flight (the server may still serve it) ...
    expect(budget.usedIn(EDGE_WINDOWS.catalogEvents)).toBe(1);
    // ... and the sandbox let it leave its queue: it takes no place in the window.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(stats('catalog:/events')).toMatchObject({ waiting: 0, abandoned: 1, delayed: 0 });
  });

  it('asks again after the real Retry-After of a 429 past the bound, and gets its answer', async () => {
    const { http, neighbour, stats } = await setUp({ limits: { 'catalog:/tags': 1 }, windowsMs: { 'catalog:/tags': 1_500 }, maxWaitMs: 0 });
    expect(await neighbour('/tags')).toBe(200);
    const t0 = performance.now();
    const tags = await http.requestJson<unknown[]>({ service: 'catalog', method: 'GET', path: '/tags' });
    expect(tags.length).toBeGreaterThan(0);
    // Retry-After: 2 (the window frees 1.5 s after the neighbour's request), then served at once.
    expect(performance.now() - t0).toBeGreaterThanOrEqual(1_950);
    expect(stats('catalog:/tags')).toMatchObject({ rejected: 1, delayed: 0 });
  });
});
