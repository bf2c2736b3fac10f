/**
 * Result messages belong to the action and the account that produced them (issue 11, defect 6):
 * "Cancel all: 2 cancelled" is gone after an account switch or a lock, and ages out; driven by
 * the renderer's stores against the real core and sandbox.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountsState } from '../../../src/shared/custodyViews';
import type { PlacedOrder } from '../../../src/shared/tradingViews';
import { callOk, firstCentTickToken, startHarness, waitFor, type Harness } from '../core/coreHarness';
import { installBridge } from './storesOverCore';

const PASSWORD = 'action results password';
let harness: Harness;
let unwire: () => void = () => undefined;
let stores: Awaited<ReturnType<typeof loadStores>>;
const ids = { first: '', second: '' };
let tokenId = '';

async function loadStores() {
  const [accounts, vault, orders, results, subscriptions] = await Promise.all([
    import('../../../src/renderer/stores/accountsStore'),
    import('../../../src/renderer/stores/vaultStore'),
    import('../../../src/renderer/stores/openOrdersStore'),
    import('../../../src/renderer/stores/actionResultsStore'),
    import('../../../src/renderer/bridge/subscriptions'),
  ]);
  return { accounts: accounts.useAccountsStore, vault: vault.useVaultStore, orders, results, wire: subscriptions.wireBridgeSubscriptions };
}

const call = <T>(channel: string, input: unknown = {}) => callOk<T>(harness, channel, input);
const cancelResult = () => stores.results.useActionResultsStore.getState().results[stores.orders.CANCEL_RESULT] ?? null;

async function placeTwoRestingOrders(): Promise<void> {
  for (const price of ['0.02', '0.03']) {
    const placed = await call<PlacedOrder>('placeOrder', { ticket: { tokenId, side: 'BUY', orderType: 'GTC', price, size: '10' } });
    expect(placed.success).toBe(true);
  }
  await waitFor(() => stores.orders.useOpenOrdersStore.getState().orders.length >= 2);
}

beforeAll(async () => {
  harness = await startHarness({ activityPollMs: 200, simulate: false });
  installBridge(harness);
  stores = await loadStores();
  unwire = stores.wire();
  await stores.vault.getState().load();
  await call('createVault', { password: PASSWORD });
  for (const label of ['First', 'Second']) {
    const state = await call<AccountsState>('createAccount', { label });
    await call('switchAccount', { accountId: state.accounts.at(-1)!.id });
    await call('createClobCredentials', {});
    await call('requestSandboxFunds', { amount: '100' });
  }
  const accounts = await call<AccountsState>('listAccounts', {});
  ids.first = accounts.accounts[0]!.id;
  ids.second = accounts.accounts[1]!.id;
  tokenId = await firstCentTickToken(call);
  await stores.accounts.getState().switchTo(ids.first);
  await waitFor(() => stores.vault.getState().vault?.unlocked && stores.accounts.getState().activeAccountId === ids.first);
}, 90_000);

afterAll(async () => {
  unwire();
  await harness?.stop();
});

describe('a cancel result is scoped to its account', () => {
  it('shows the answer of "Cancel all" for the account that sent it', async () => {
    await placeTwoRestingOrders();
    await stores.orders.cancelEveryOpenOrder();
    const result = cancelResult();
    expect(result).toMatchObject({ accountId: ids.first, value: { answer: { what: 'Cancel all', canceled: expect.any(Array) } } });
    expect((result!.value as { answer: { canceled: string[] } }).answer.canceled.length).toBeGreaterThanOrEqual(2);
    expect(stores.results.resultHolds(result!, { accountId: ids.first, unlocked: true, context: '', now: result!.at + 1_000 })).toBe(true);
  });

  it('an account switch removes it', async () => {
    expect(await stores.accounts.getState().switchTo(ids.second)).toBe(true);
    expect(cancelResult()).toBeNull();
    // Switching back does not bring the first account's old answer back either.
    expect(await stores.accounts.getState().switchTo(ids.first)).toBe(true);
    expect(cancelResult()).toBeNull();
  });

  it('a lock removes it, and an unlock does not bring it back', async () => {
    await waitFor(() => stores.orders.useOpenOrdersStore.getState().phase === 'ready');
    await placeTwoRestingOrders();
    await stores.orders.cancelEveryOpenOrder();
    expect(cancelResult()).not.toBeNull();
    await call('lockVault');
    await waitFor(() => stores.vault.getState().vault?.unlocked === false);
    expect(cancelResult()).toBeNull();
    await call('unlockVault', { password: PASSWORD });
    await waitFor(() => stores.vault.getState().vault?.unlocked === true);
    expect(cancelResult()).toBeNull();
  });

  it('ages out, and does not hold for another context', () => {
    const { resultHolds, RESULT_TTL_MS } = stores.results;
    const result = { accountId: ids.first, context: 'BUY|1', at: 1_000 };
    const now = { accountId: ids.first, unlocked: true, context: 'BUY|1', now: 1_000 + RESULT_TTL_MS - 1 };
    expect(resultHolds(result, now)).toBe(true);
    expect(resultHolds(result, { ...now, now: 1_000 + RESULT_TTL_MS })).toBe(false);
    expect(resultHolds(result, { ...now, context: 'SELL|1' })).toBe(false);
    expect(resultHolds(result, { ...now, unlocked: false })).toBe(false);
  });
});
