/**
 * The sandbox counts, per route, the 429s its own limits answer (`limited` in GET /sandbox/faults),
 * apart from 429s a fault rule injected: the load run reads there that the client caused none.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../../src/sandbox/start';
import type { RouteCounters } from '../../../src/sandbox/faults/faultInjector';
import { PERPS_INSTRUMENTS } from '../../../src/sandbox/perps/world/instruments';

let sandbox: RunningSandbox;

beforeAll(async () => {
  // Two public trade reads (weight 10 each) fill this budget.
  sandbox = await startSandbox({ seed: 7, port: 0, simulate: false, perps: { weightBudget: { limit: 20, windowMs: 60_000 } } });
});
afterAll(async () => {
  await sandbox?.stop();
});

const counters = async () => (await (await fetch(`${sandbox.urls.clob}/sandbox/faults`)).json()) as { routes: RouteCounters[] };

describe("the sandbox's count of the 429s its limits answer", () => {
  it('counts weight-budget refusals per route, and not the 429s a fault rule injects', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await fetch(`${sandbox.urls.perps}/v1/info/trades?instrument_id=${PERPS_INSTRUMENTS[0]!.id}`)).status);
    expect(statuses).toEqual([200, 200, 429, 429, 429]);

    const rule = await fetch(`${sandbox.urls.clob}/sandbox/faults/rules`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ service: 'catalog', pathPattern: '/tags', kind: 'rate-limited', retryAfterSeconds: 1, count: 1 }),
    });
    expect(rule.status).toBe(201);
    expect((await fetch(`${sandbox.urls.catalog}/tags`)).status).toBe(429);

    const { routes } = await counters();
    expect(routes.find((r) => r.service === 'perps' && r.path === '/v1/info/trades')).toMatchObject({ limited: 3 });
    expect(routes.find((r) => r.service === 'catalog' && r.path === '/tags')).toMatchObject({ faulted: 1, limited: 0 });
  });
});
