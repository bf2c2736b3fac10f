/**
 * Issue 11, a new user without hidden steps: on the sandbox the faucet's first use creates the
 * account's order-book credentials instead of crediting the paper USD and then failing with
 * "create them in Accounts"; what it cannot fund it refuses before crediting anything.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountsState } from '../../../src/shared/custodyViews';
import type { BalanceView } from '../../../src/shared/tradingViews';
import { callOk, startHarness, type Harness } from './coreHarness';

let harness: Harness;
const call = <T>(channel: string, input: unknown = {}) => callOk<T>(harness, channel, input);
const failure = async (channel: string, input: unknown = {}) => {
  const result = await harness.core.dispatch(channel, input, { clientId: 'test-window' });
  if (result.ok) throw new Error(`${channel} unexpectedly succeeded`);
  return result.error;
};

beforeAll(async () => {
  harness = await startHarness({ simulate: false });
  await call('createVault', { password: 'sandbox onboarding password' });
}, 60_000);
afterAll(async () => {
  await harness?.stop();
});

describe('the sandbox faucet for a new account', () => {
  it('creates the order-book credentials on first use and returns the credited balance', async () => {
    const created = await call<AccountsState>('createAccount', { label: 'Fresh' });
    expect(created.accounts[0]!.clobCredentials).toBeNull();
    const balance = await call<BalanceView>('requestSandboxFunds', { amount: '250' });
    expect(balance.collateral).toMatchObject({ balance: '250', inOrders: '0', available: '250' });
    const after = await call<AccountsState>('listAccounts', {});
    expect(after.accounts[0]!.clobCredentials?.apiKeyHint).toMatch(/\S/);
  });

  it('refuses a watch-only address before crediting anything, and a locked vault', async () => {
    const watched = await call<AccountsState>('addWatchOnlyAccount', { label: 'Watched', address: '0x000000000000000000000000000000000000dEaD' });
    await call('switchAccount', { accountId: watched.accounts.find((a) => a.label === 'Watched')!.id });
    expect(await failure('requestSandboxFunds', { amount: '5' })).toMatchObject({ code: 'watch_only', message: /faucet funds accounts with a key/ });
    await call('switchAccount', { accountId: watched.accounts.find((a) => a.label === 'Fresh')!.id });
    await call('lockVault');
    expect(await failure('requestSandboxFunds', { amount: '5' })).toMatchObject({ code: 'locked' });
    await call('unlockVault', { password: 'sandbox onboarding password' });
    expect((await call<BalanceView>('getBalanceAllowance', {})).collateral.balance).toBe('250');
  });
});
