/**
 * The last synced portfolio at once: `getKeptPortfolio` answers the copy the local store kept
 * from the last read, asking no service (so it answers with the sandbox gone, and in a new core
 * on the same data folder: the app's start), marked with its age; null for a wallet never read.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_HISTORY_WALLETS } from '../../../src/sandbox/start';
import type { AccountsState } from '../../../src/shared/custodyViews';
import type { PortfolioView } from '../../../src/shared/portfolioViews';
import { callOk, startHarness, type Harness } from '../core/coreHarness';

let harness: Harness;
let watchId = '';
const call = <T>(channel: string, input: unknown = {}) => callOk<T>(harness, channel, input);

beforeAll(async () => {
  harness = await startHarness({ simulate: false });
  await call('createVault', { password: 'kept portfolio password' });
  const state = await call<AccountsState>('addWatchOnlyAccount', { label: 'Casual', address: SANDBOX_HISTORY_WALLETS.tiny.address });
  watchId = state.accounts.find((a) => a.kind === 'watchOnly')!.id;
}, 60_000);
afterAll(async () => {
  await harness?.stop();
});

/** Stops the core but keeps its data folder, and starts a new core (and sandbox) on it: an app restart. */
async function restartCore(): Promise<void> {
  await harness.core.stop();
  harness = await startHarness({ simulate: false, dataDir: harness.dataDir });
}

describe('the last synced portfolio, from the local store only', () => {
  it('is null before the first read, then the kept copy marked with its age, also with the service gone', async () => {
    const target = { kind: 'account', accountId: watchId };
    expect(await call<PortfolioView | null>('getKeptPortfolio', { target })).toBeNull();
    const fresh = await call<PortfolioView>('getPortfolio', { target });
    expect(fresh.positions.length).toBeGreaterThan(0);

    const kept = (await call<PortfolioView | null>('getKeptPortfolio', { target }))!;
    expect(kept.asOf).toBe(fresh.asOf);
    expect(kept.stale?.reason).toMatch(/while the analytics service is read/);
    expect(kept.positions.map((p) => [p.tokenId, p.size, p.initialValue])).toEqual(fresh.positions.map((p) => [p.tokenId, p.size, p.initialValue]));
    expect(kept.closed).toEqual(fresh.closed);
    expect(kept.totals.positions).toBe(fresh.totals.positions);

    // A wallet of the target never read: no partial total.
    expect(await call<PortfolioView | null>('getKeptPortfolio', { target: { kind: 'address', address: SANDBOX_HISTORY_WALLETS.small.address } })).toBeNull();

    await harness.sandbox.stop();
    const offline = (await call<PortfolioView | null>('getKeptPortfolio', { target }))!;
    expect(offline.positions).toHaveLength(fresh.positions.length);

    // The app's start: a new core on the same data folder shows the same copy before any read.
    await restartCore();
    const atStart = (await call<PortfolioView | null>('getKeptPortfolio', { target }))!;
    expect(atStart.asOf).toBe(fresh.asOf);
    expect(atStart.positions.map((p) => p.tokenId)).toEqual(fresh.positions.map((p) => p.tokenId));
  }, 60_000);
});
