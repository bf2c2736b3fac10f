import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppStatus } from '../../../src/shared/viewModels';
import { startHarness, type Harness } from './coreHarness';

let harness: Harness;
beforeAll(async () => {
  harness = await startHarness();
});
afterAll(async () => {
  await harness?.stop();
});

describe('the rate-budget gate under a burst', () => {
  it('throttles itself so the sandbox never sees a documented window exceeded', async () => {
    // /tags allows 200 requests per 10 s; the client allows itself 180. Ask for 220 at once.
    // From many windows: one connection may run only a bounded number of calls (finding 5).
    const calls = Array.from({ length: 220 }, (_, i) => harness.core.dispatch('listCatalogTags', {}, { clientId: `burst-${i}` }));
    const started = Date.now();
    const results = await Promise.all(calls);
    const elapsed = Date.now() - started;
    expect(results.every((r) => r.ok)).toBe(true);
    // The last 40 had to wait for the first requests to leave the 10 s window.
    expect(elapsed).toBeGreaterThan(8_000);

    const stats = harness.sandbox.edgeStats();
    const tags = stats.find((s) => s.scope === 'catalog:/tags')!;
    expect(tags.total).toBe(220);
    expect(tags.maxInWindow).toBeLessThanOrEqual(tags.limit);
    for (const scope of stats) {
      expect(scope.overLimit, scope.scope).toBe(0);
      expect(scope.maxInWindow, scope.scope).toBeLessThanOrEqual(scope.limit);
    }

    const status = await harness.core.dispatch('getAppStatus', {}, { clientId: 'burst' });
    const used = status.ok ? (status.value as AppStatus).budget.scopes.find((s) => s.scope === 'catalog:/tags') : undefined;
    expect(used?.limit).toBe(180);
    expect(used?.used).toBeGreaterThan(0);
    expect(used?.used).toBeLessThanOrEqual(180);
  }, 30_000);
});
