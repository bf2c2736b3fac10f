/**
 * Perps history through the core against the real sandbox, with a small weight budget on both
 * sides so a history walk has to wait for it: the funding sync is a job that can be cancelled
 * mid-walk and resumes where it stopped, and neither the walk nor a burst of equity reads ever
 * takes the exchange's weight counters over the budget (read from the sandbox's own counters).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_PERPS_INSTRUMENTS } from '../../../src/sandbox/start';
import type { PerpsEquitySeries, PerpsFundingPage, PerpsHistorySyncState, PerpsInfoView } from '../../../src/shared/perpsViews';
import type { JobProgress } from '../../../src/shared/tradingViews';
import { eventsOf, waitFor } from '../core/coreHarness';
import { fundAndSettle, startPerpsCore, type PerpsCoreHarness } from './perpsCoreHarness';

const BUDGET = { limit: 40, windowMs: 2_000 };
let h: PerpsCoreHarness;
let trader: { id: string; address: string };
const instrument = SANDBOX_PERPS_INSTRUMENTS[0]!;

beforeAll(async () => {
  h = await startPerpsCore({ weightBudget: BUDGET, fundingIntervalMs: 1_000 });
  trader = await h.addAccountWithProxy('Trader');
  await fundAndSettle(h, trader.id, '5000');
  await h.call('setSandboxPerpsPosition', { accountId: trader.id, instrumentId: instrument.id, size: '0.5' });
  // Reads check no timestamps: ten minutes of one-second funding (600 payments, 6 pages of 100).
  h.step(600_000);
});
afterAll(async () => {
  await h?.stop();
});

describe('perps history sync and the weight budget', () => {
  it('cancels a funding sync mid-walk and resumes it to the complete history', async () => {
    const syncing = h.core.dispatch('syncPerpsHistory', { accountId: trader.id, kind: 'funding', jobId: 'funding-walk' }, { clientId: 't' });
    const progress = await waitFor(() =>
      eventsOf(h, 'jobProgressed').find((p: JobProgress) => p.jobId === 'funding-walk' && p.pages >= 2 && !p.done), 30_000);
    expect(progress.rows).toBeGreaterThan(0);
    expect(await h.call('cancelJob', { jobId: 'funding-walk' })).toEqual({ cancelled: true });
    const cancelled = await syncing;
    expect(cancelled.ok).toBe(false);

    const partial = await h.call<PerpsFundingPage>('queryPerpsFunding', { accountId: trader.id });
    expect(partial.total).toBeGreaterThan(0);
    expect(partial.total).toBeLessThan(600);
    expect(partial.sync.complete).toBe(false);

    const resumed = await h.call<PerpsHistorySyncState>('syncPerpsHistory', { accountId: trader.id, kind: 'funding', jobId: 'funding-resume' });
    expect(resumed.complete).toBe(true);
    const resumedPages = eventsOf(h, 'jobProgressed').filter((p) => p.jobId === 'funding-resume' && p.done).at(-1)!;
    // The resumed walk started at its saved cursor, not from the top.
    expect(resumedPages.pages).toBeLessThan(7);
    const full = await h.call<PerpsFundingPage>('queryPerpsFunding', { accountId: trader.id, limit: 500 });
    expect(full.total).toBe(resumed.rows);
    expect(full.total).toBeGreaterThanOrEqual(600);
    expect(full.totals).toEqual([
      expect.objectContaining({ instrumentId: instrument.id, symbol: instrument.symbol, payments: full.total }),
    ]);
    // No gap and no repeat where the walk was cut: one payment per funding second, newest first.
    const times: number[] = [];
    for (let offset = 0; offset < full.total; offset += 500) {
      const page = await h.call<PerpsFundingPage>('queryPerpsFunding', { accountId: trader.id, offset, limit: 500 });
      times.push(...page.rows.map((r) => r.at));
    }
    expect(times).toHaveLength(full.total);
    for (let i = 1; i < times.length; i++) expect(times[i - 1]! - times[i]!).toBe(1_000);
  }, 60_000);

  it('keeps a burst of equity reads within the weight budget the exchange counts', async () => {
    const reads = await Promise.all(
      Array.from({ length: 16 }, () => h.call<PerpsEquitySeries>('getPerpsEquity', { accountId: trader.id, interval: '1m', points: 5 })),
    );
    for (const series of reads) {
      expect(series.points).toHaveLength(5);
      expect(series.points[0]!.time).toBeLessThan(series.points[4]!.time);
    }
    const weights = await h.weights();
    expect(weights.limit).toBe(BUDGET.limit);
    expect(weights.rejected).toBe(0);
    expect(weights.maxInWindow).toBeLessThanOrEqual(BUDGET.limit);
    expect(weights.totalWeight).toBeGreaterThanOrEqual(160);
    const info = await h.call<PerpsInfoView>('getPerpsInfo', {});
    expect(info.weightBudget).toEqual({ limit: BUDGET.limit, windowMs: BUDGET.windowMs, used: expect.any(Number) });
    expect(info.weightBudget.used).toBeGreaterThan(0);
    expect(info.weightBudget.used).toBeLessThanOrEqual(BUDGET.limit);
    expect(info.instruments).toEqual(SANDBOX_PERPS_INSTRUMENTS.map(({ id, symbol }) => ({ id, symbol })));
  }, 60_000);
});
