/**
 * The Portfolio store over the real core: a choice with nothing on screen shows the last synced
 * copy at once (marked: read while the service is asked), then the fresh read replaces it; a
 * wallet never read shows nothing until the service answers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_HISTORY_WALLETS } from '../../../src/sandbox/start';
import type { AccountsState } from '../../../src/shared/custodyViews';
import type { PortfolioView } from '../../../src/shared/portfolioViews';
import { callOk, startHarness, type Harness } from '../core/coreHarness';
import { installBridge } from './storesOverCore';

let harness: Harness;
let watchId = '';
const tiny = SANDBOX_HISTORY_WALLETS.tiny.address;

beforeAll(async () => {
  harness = await startHarness({ simulate: false });
  await callOk(harness, 'createVault', { password: 'kept copy store password' });
  const state = await callOk<AccountsState>(harness, 'addWatchOnlyAccount', { label: 'Tiny', address: tiny });
  watchId = state.accounts.find((a) => a.kind === 'watchOnly')!.id;
  installBridge(harness);
}, 60_000);
afterAll(async () => {
  await harness?.stop();
});

describe('portfolioStore', () => {
  it('shows the kept copy first for a choice with nothing on screen, then the fresh read', async () => {
    const { usePortfolioStore } = await import('../../../src/renderer/stores/portfolioStore');
    const shown: Array<{ phase: string; stale: string | null }> = [];
    // Every view put on screen, in order.
    const unsubscribe = usePortfolioStore.subscribe((s, before) => {
      if (s.view && s.view !== before.view) shown.push({ phase: s.phase, stale: s.view.stale?.reason ?? null });
    });
    try {
      // Never read: no copy to show, the first view is the fresh one.
      usePortfolioStore.getState().choose({ kind: 'account', accountId: watchId });
      await usePortfolioStore.getState().load();
      expect(shown.map((s) => s.stale)).toEqual([null]);
      const fresh = usePortfolioStore.getState().view as PortfolioView;

      // The same wallet by its address: another choice, nothing on screen for it, a kept copy.
      shown.length = 0;
      usePortfolioStore.getState().choose({ kind: 'address', address: tiny });
      await usePortfolioStore.getState().load();
      expect(shown[0]).toEqual({ phase: 'ready', stale: expect.stringMatching(/while the analytics service is read/) });
      expect(shown.at(-1)).toEqual({ phase: 'ready', stale: null });
      expect(usePortfolioStore.getState().view!.positions.map((p) => p.tokenId)).toEqual(fresh.positions.map((p) => p.tokenId));
    } finally {
      unsubscribe();
    }
  }, 60_000);
});
