/**
 * "One world" seen from the app: what a user does on the perps exchange through the core (a
 * faucet credit, an internal transfer to another own account) reaches the analytics service and,
 * after a history sync, the app's own Activity store — the DEPOSIT, the TIP out and the TIP in,
 * with the counterparty — next to the account's order-book activity. Real core, real sandbox.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PerpsTransferPreview, PerpsTransferResult } from '../../../src/shared/perpsViews';
import type { ActivityPageView, HistorySyncState } from '../../../src/shared/portfolioViews';
import { startPerpsCore, type PerpsCoreHarness } from '../perps-core/perpsCoreHarness';

let h: PerpsCoreHarness;
let alpha: { id: string; address: string };
let beta: { id: string; address: string };

beforeAll(async () => {
  h = await startPerpsCore();
  alpha = await h.addAccountWithProxy('Alpha');
  beta = await h.addAccountWithProxy('Beta');
}, 60_000);
afterAll(async () => {
  await h?.stop();
});

const stored = async (address: string, filter: Record<string, unknown>) => {
  await h.call<HistorySyncState>('syncActivityHistory', { address });
  return h.call<ActivityPageView>('queryActivity', { address, filter });
};

describe('perps money movements in the app\'s Activity history', () => {
  it('a faucet credit and a transfer made in the app show as DEPOSIT and TIP rows of both accounts after a sync', async () => {
    await h.call('requestSandboxPerpsFunds', { accountId: alpha.id, asset: 'USDC', amount: '300' });
    h.step(2_000);
    const preview = await h.call<PerpsTransferPreview>('previewPerpsTransfer', {
      fromAccountId: alpha.id, to: beta.address, asset: 'USDC', amount: '75.25', label: 'share',
    });
    const sent = await h.call<PerpsTransferResult>('sendPerpsTransfer', { previewId: preview.previewId });
    expect(sent.transferId).toBeGreaterThan(0);

    const own = await stored(alpha.address, { types: ['DEPOSIT', 'TIP'] });
    expect(own.total).toBe(2);
    // Newest first, as the view shows it.
    expect(own.rows.map((r) => [r.type, r.side, r.usdcSize, r.counterparty])).toEqual([
      ['TIP', 'OUT', '75.25', beta.address.toLowerCase()],
      ['DEPOSIT', null, '300', null],
    ]);
    const theirs = await stored(beta.address, { types: ['TIP'], side: 'IN' });
    expect(theirs.rows.map((r) => [r.type, r.side, r.usdcSize, r.counterparty])).toEqual([['TIP', 'IN', '75.25', alpha.address.toLowerCase()]]);
    expect(theirs.rows[0]!.transactionHash).toBe(own.rows[0]!.transactionHash);

    // TIP stays opt-in in the view's filter too: the default set leaves the transfer out.
    const byDefault = await h.call<ActivityPageView>('queryActivity', { address: beta.address, filter: {} });
    expect(byDefault.rows.some((r) => r.type === 'TIP')).toBe(false);
  }, 60_000);

  it('a transfer syncs both accounts\' history by itself: nobody presses Sync', async () => {
    const gamma = await h.addAccountWithProxy('Gamma');
    const delta = await h.addAccountWithProxy('Delta');
    await h.call('requestSandboxPerpsFunds', { accountId: gamma.id, asset: 'USDC', amount: '50' });
    h.step(2_000);
    const preview = await h.call<PerpsTransferPreview>('previewPerpsTransfer', { fromAccountId: gamma.id, to: delta.address, asset: 'USDC', amount: '20' });
    await h.call<PerpsTransferResult>('sendPerpsTransfer', { previewId: preview.previewId });
    const storedRows = async (address: string) => (await h.call<HistorySyncState>('getHistorySyncState', { address })).rows;
    // Gamma: the credit and the transfer out; Delta: the transfer in.
    await expect.poll(async () => [await storedRows(gamma.address), await storedRows(delta.address)], { timeout: 15_000 }).toEqual([2, 1]);
    const page = await h.call<ActivityPageView>('queryActivity', { address: delta.address, filter: { types: ['TIP'] } });
    expect(page.rows.map((r) => [r.type, r.side, r.usdcSize])).toEqual([['TIP', 'IN', '20']]);
  }, 60_000);
});
