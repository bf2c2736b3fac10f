/**
 * Perps requests take their places in the budget's fair queue: a signed write the user confirmed
 * (here a new proxy: the exchange-domain check and the signed POST) goes as `order`, ahead of the
 * views' reads waiting for weight; before, it queued behind them as one more interactive read.
 * The weight budget is shrunk (60 per 10 s) so a handful of trade-tape reads (weight 10) fill it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountsState } from '../../../src/shared/custodyViews';
import type { PerpsInfoView } from '../../../src/shared/perpsViews';
import type { BudgetScopeView, BudgetStateView } from '../../../src/shared/viewModels';
import { startPerpsCore, type PerpsCoreHarness } from '../perps-core/perpsCoreHarness';

let h: PerpsCoreHarness;
let accountId = '';

beforeAll(async () => {
  h = await startPerpsCore({ weightBudget: { limit: 60, windowMs: 10_000 } });
  accountId = (await h.addAccountWithProxy('Queue')).id;
}, 60_000);
afterAll(async () => {
  await h?.stop();
});

const weightScope = async (): Promise<BudgetScopeView> =>
  (await h.call<BudgetStateView>('getBudgetState', {})).scopes.find((s) => s.scope === 'perps:weight')!;
const PROXY_WRITE_WEIGHT = 3; // GET /v1/info/exchange (2) + POST /v1/account/proxy (1)
const TAPE_WEIGHT = 10;

describe("perps requests' places in the budget queue", () => {
  it("sends a proxy write ahead of the views' reads waiting for weight", async () => {
    const instrumentId = (await h.call<PerpsInfoView>('getPerpsInfo', {})).instruments[0]!.id;
    // Weight-1 reads until the room left after whole tape reads fits the write but not one more read.
    for (let i = 0; i < 10; i++) {
      const scope = await weightScope();
      if ((scope.limit - scope.used) % TAPE_WEIGHT >= PROXY_WRITE_WEIGHT) break;
      await h.call('getPerpsReferral', { accountId });
    }
    const { limit, used } = await weightScope();
    const fitting = Math.floor((limit - used) / TAPE_WEIGHT);
    // Each window asks a different page size: identical public reads would go out once, shared.
    const tapes = Array.from({ length: fitting + 3 }, (_, i) =>
      h.core.dispatch('listPerpsTrades', { instrumentId, limit: 100 - i }, { clientId: `tape-${i}` }));
    await expect.poll(async () => (await weightScope()).queued.interactive, { timeout: 5_000 }).toBe(3);

    const created = await h.call<AccountsState>('createPerpsProxy', { label: 'Second proxy', expiryDays: 30 });
    // The write went out while the reads still waited for the window to move.
    expect((await weightScope()).queued.interactive).toBe(3);
    expect(created.accounts.find((a) => a.id === accountId)).toBeDefined();

    const results = await Promise.all(tapes);
    expect(results.filter((r) => !r.ok)).toEqual([]);
    const weights = await h.weights();
    expect(weights.rejected).toBe(0);
    expect(weights.maxInWindow).toBeLessThanOrEqual(60);
  }, 60_000);
});
