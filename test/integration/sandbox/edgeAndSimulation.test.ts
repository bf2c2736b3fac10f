import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../../src/sandbox/start';
import type { CatalogEventWire } from '../../../src/shared/protocol/catalog';
import type { ClobBook } from '../../../src/shared/protocol/clob';
import { get } from './http';

const running: RunningSandbox[] = [];
async function start(options: Parameters<typeof startSandbox>[0]) {
  const sandbox = await startSandbox(options);
  running.push(sandbox);
  return sandbox;
}
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.stop()));
});

describe('edge throttling over HTTP', () => {
  it('delays, then refuses with 429 {error: "Too Many Requests"} once the bounded wait is exceeded', async () => {
    // Tiny limit and wait so the test does not need thousands of requests or a 10 s window.
    const sandbox = await start({ port: 0, simulate: false, edge: { limits: { 'clob:/ok': 3 }, maxWaitMs: 200 } });
    const results = await Promise.all(Array.from({ length: 5 }, () => get(`${sandbox.urls.clob}/ok`)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 200, 429, 429]);
    const refused = results.find((r) => r.status === 429)!;
    expect(refused.body).toEqual({ error: 'Too Many Requests' });
    expect(refused.headers.get('content-type')).toBe('application/json');
    const ok = sandbox.edgeStats().find((s) => s.scope === 'clob:/ok')!;
    expect(ok).toMatchObject({ total: 5, limit: 3, maxInWindow: 5, overLimit: 2, rejected: 2 });
    // Other routes are not held back by a full /ok window.
    expect((await get(`${sandbox.urls.clob}/time`)).status).toBe(200);
  });

  it('reports a client that stays inside every window as never over the limit', async () => {
    const sandbox = await start({ port: 0, simulate: false });
    await Promise.all(Array.from({ length: 50 }, () => get(`${sandbox.urls.catalog}/tags`)));
    for (const scope of sandbox.edgeStats()) {
      expect(scope.overLimit, scope.scope).toBe(0);
      expect(scope.maxInWindow, scope.scope).toBeLessThanOrEqual(scope.limit);
    }
    expect(sandbox.edgeStats().find((s) => s.scope === 'catalog:/tags')!.maxInWindow).toBe(50);
  });
});

describe('the live simulation', () => {
  it('changes a book over time and keeps it two-sided', async () => {
    const sandbox = await start({ seed: 7, port: 0, tickMs: 20 });
    const events = (await get<CatalogEventWire[]>(`${sandbox.urls.catalog}/events?closed=false&active=true&limit=3`)).body;
    const tokenIds = events.flatMap((e) => e.markets).flatMap((m) => JSON.parse(m.clobTokenIds) as string[]).slice(0, 4);
    const first = await Promise.all(tokenIds.map(async (id) => (await get<ClobBook>(`${sandbox.urls.clob}/book?token_id=${id}`)).body));
    let changed = false;
    for (let attempt = 0; attempt < 50 && !changed; attempt += 1) {
      await new Promise((r) => setTimeout(r, 100));
      const now = await Promise.all(tokenIds.map(async (id) => (await get<ClobBook>(`${sandbox.urls.clob}/book?token_id=${id}`)).body));
      changed = now.some((b, i) => b.hash !== first[i]!.hash);
      for (const book of now) {
        expect(book.bids.length).toBeGreaterThan(0);
        expect(book.asks.length).toBeGreaterThan(0);
        expect(Number(book.timestamp)).toBeGreaterThanOrEqual(Number(first[0]!.timestamp));
      }
    }
    expect(changed).toBe(true);
    const stats = sandbox.simulationStats();
    expect(stats.steps).toBeGreaterThan(0);
    expect(stats.failure).toBeUndefined();
  });

  it('stays still with the simulation off, and stop() is idempotent', async () => {
    const sandbox = await start({ seed: 7, port: 0, simulate: false, tickMs: 10 });
    await new Promise((r) => setTimeout(r, 100));
    expect(sandbox.simulationStats().steps).toBe(0);
    await sandbox.stop();
    await sandbox.stop();
    await expect(get(`${sandbox.urls.clob}/ok`)).rejects.toThrow();
  });

  it('refuses bad options and a taken port range with a clear error', async () => {
    await expect(startSandbox({ seed: -1 })).rejects.toThrow(/seed must be an integer/);
    await expect(startSandbox({ port: 70_000 })).rejects.toThrow(/port must be an integer/);
    await expect(startSandbox({ tickMs: 1 })).rejects.toThrow(/tickMs must be an integer/);
    const first = await start({ port: 0, simulate: false });
    const taken = Number(new URL(first.urls.clob).port);
    await expect(startSandbox({ port: taken - 1, simulate: false })).rejects.toThrow(/cannot listen on 127\.0\.0\.1:\d+-\d+ \(EADDRINUSE\)/);
  });
});
