/**
 * The per-client weight budget: every route counts its weight from the shared table, admin
 * routes count nothing, a request over the budget answers 429 rate_limited with Retry-After and
 * counts nothing, and the window slides with the (injected) clock.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERPS_ROUTES } from '../../../src/shared/protocol/perps';
import type { SandboxPerpsWeightStats } from '../../../src/sandbox/start';
import { ERR, PerpsHarness } from './perpsHarness';

const weightsOf = async (h: PerpsHarness) => (await h.get<SandboxPerpsWeightStats>('/sandbox/perps/weights')).body;

describe('route weights', () => {
  let h: PerpsHarness;
  beforeAll(async () => {
    h = await PerpsHarness.start();
  });
  afterAll(async () => {
    await h?.stop();
  });

  it.each(Object.entries(PERPS_ROUTES))('%s counts its weight from the table, answered or refused', async (_name, route) => {
    const before = h.sandbox.perpsWeightStats().totalWeight;
    const path = route.path === PERPS_ROUTES.trades.path ? `${route.path}?instrument_id=1` : route.path;
    const res = route.method === 'GET' ? await h.get(path) : await h.send(route.method, path, {});
    expect(res.status).toBeLessThan(500);
    expect(h.sandbox.perpsWeightStats().totalWeight - before).toBe(route.weight);
  });

  it('counts an unknown route as 1 and admin routes as nothing; the admin read and the handle agree', async () => {
    const before = await weightsOf(h);
    expect((await h.get('/v1/unknown')).status).toBe(404);
    await h.get('/sandbox/perps/weights');
    const after = await weightsOf(h);
    expect(after.totalWeight - before.totalWeight).toBe(1);
    expect(after).toEqual(h.sandbox.perpsWeightStats());
    expect(after).toMatchObject({ limit: 1_000_000, windowMs: 60_000, rejected: 0 });
    expect(after.clients).toEqual([expect.objectContaining({ client: expect.stringMatching(/127\.0\.0\.1/) })]);
  });
});

describe('the budget', () => {
  let h: PerpsHarness;
  beforeAll(async () => {
    h = await PerpsHarness.start({ perps: { weightBudget: { limit: 30, windowMs: 60_000 } } });
  });
  afterAll(async () => {
    await h?.stop();
  });

  it('refuses a request over the budget with 429 rate_limited and Retry-After, then admits again once the window slides', async () => {
    // The harness read exchange and assets (2 + 2) at start.
    expect(h.sandbox.perpsWeightStats().inWindow).toBe(4);
    h.clock += 10_000;
    expect((await h.get(`${PERPS_ROUTES.trades.path}?instrument_id=1`)).status).toBe(200);
    expect((await h.get(`${PERPS_ROUTES.trades.path}?instrument_id=2`)).status).toBe(200);
    const refused = await h.get(`${PERPS_ROUTES.trades.path}?instrument_id=3`);
    expect(refused).toMatchObject({ status: 429, body: ERR('rate_limited') });
    // 24 in the window + 10 > 30; the start's 4 units leave it at T0 + 60 s, 50 s from now, and then 20 + 10 fits.
    expect(refused.headers.get('retry-after')).toBe('50');
    // A light request that fits is still admitted.
    expect((await h.get(PERPS_ROUTES.exchange.path)).status).toBe(200);
    expect(await weightsOf(h)).toMatchObject({ inWindow: 26, maxInWindow: 26, rejected: 1, totalWeight: 26 });

    h.clock += 60_000;
    expect((await h.get(`${PERPS_ROUTES.trades.path}?instrument_id=3`)).status).toBe(200);
    expect(h.sandbox.perpsWeightStats()).toMatchObject({ inWindow: 10, totalWeight: 36, rejected: 1, maxInWindow: 26 });
  });

  it('keeps admin routes outside the budget even when it is spent', async () => {
    h.clock += 120_000;
    for (let i = 0; i < 3; i += 1) await h.get(`${PERPS_ROUTES.trades.path}?instrument_id=1`);
    expect((await h.get(PERPS_ROUTES.exchange.path)).status).toBe(429);
    expect((await h.get('/sandbox/perps/weights')).status).toBe(200);
    expect((await h.send('POST', '/sandbox/perps/faucet', { address: '0x000000000000000000000000000000000000dEaD', asset: 'USDC', amount: '1' })).status).toBe(200);
  });
});
