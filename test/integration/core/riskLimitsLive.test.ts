/**
 * Risk limits on a network that is not the sandbox (a second sandbox plays the deployment): the
 * live defaults apply from the start, a refused order names the limit and reaches nothing, and
 * raising a limit or turning one off waits for the user's answer in main's own confirmation
 * surface — here a user who answers as told — while lowering one never asks.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConfirmationQuestion, ConfirmationSurface } from '../../../src/main/core/authority/confirmationSurface';
import type { ConfirmationRequest } from '../../../src/main/core/authority/mainConfirmations';
import { createCore } from '../../../src/main/core/createCore';
import type { Core } from '../../../src/main/core/coreApi';
import { createMemoryOsKeyStore } from '../../../src/main/core/custody';
import { silentLogger } from '../../../src/main/core/log';
import type { RouteCounters } from '../../../src/sandbox/faults/faultInjector';
import { startSandbox } from '../../../src/sandbox/start';
import type { AccountsState } from '../../../src/shared/custodyViews';
import type { RiskStateView } from '../../../src/shared/riskLimits';
import { firstCentTickToken, LIGHT_KDF } from './coreHarness';

/**
 * The person at main's confirmation surface: reads what is asked, then says yes or no — or keeps
 * the question open until `answer()` (to see that nothing changes while it waits). Main's own
 * ConfirmationCenter turns a no into `not_confirmed`.
 */
class ConfirmingUser implements ConfirmationSurface {
  readonly kind = 'window' as const;
  readonly asked: ConfirmationRequest[] = [];
  reply: 'yes' | 'no' | 'wait' = 'yes';
  private waiting: ((yes: boolean) => void) | null = null;

  show(question: ConfirmationQuestion) {
    this.asked.push(question.request);
    const answer = this.reply === 'wait' ? new Promise<boolean>((resolve) => (this.waiting = resolve)) : Promise.resolve(this.reply === 'yes');
    return { answer, openUrl: null, close: () => this.answer(false) };
  }

  answer(yes: boolean): void {
    this.waiting?.(yes);
    this.waiting = null;
  }
}

const user = new ConfirmingUser();
let remote: Awaited<ReturnType<typeof startSandbox>>;
let core: Core;
let dataDir: string;
let accountId = '';
let tokenId = '';

const dispatch = (channel: string, input: unknown = {}) => core.dispatch(channel, input, { clientId: 't' });
async function call<T>(channel: string, input: unknown = {}): Promise<T> {
  const result = await dispatch(channel, input);
  if (!result.ok) throw new Error(`${channel} failed: ${result.error.code}: ${result.error.message}`);
  return result.value as T;
}
const limitsNow = async () => (await call<RiskStateView>('getRiskState')).limits;
const orderRequests = async () => {
  const { routes } = (await (await fetch(`${remote.urls.clob}/sandbox/faults`)).json()) as { routes: RouteCounters[] };
  return routes.filter((r) => r.service === 'clob' && r.method === 'POST' && (r.path === '/order' || r.path === '/orders')).reduce((sum, r) => sum + r.requests, 0);
};

beforeAll(async () => {
  remote = await startSandbox({ seed: 7, port: 0, simulate: false });
  dataDir = mkdtempSync(join(tmpdir(), 'marketdesk-risk-live-'));
  core = await createCore({
    dataDir, serviceUrls: { ...remote.urls, label: 'Staging', isSandbox: false }, log: silentLogger, confirmationSurface: user,
    osKeyStore: createMemoryOsKeyStore(), vaultKdf: LIGHT_KDF, keystoreKdf: LIGHT_KDF, budgetLockDir: join(dataDir, 'budget-locks'),
  });
  await call('createVault', { password: 'risk limits live password' });
  const accounts = await call<AccountsState>('createAccount', { label: 'Desk' });
  accountId = accounts.accounts[0]!.id;
  await call('createClobCredentials', {});
  // The deployment's operator funds the account (the app's faucet refuses off the sandbox).
  const funded = await fetch(`${remote.urls.clob}/sandbox/faucet`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ address: accounts.accounts[0]!.address, amount: '3000' }) });
  expect(funded.ok).toBe(true);
  tokenId = await firstCentTickToken(call);
  // Issuing the credentials asked (and was answered yes); the tests below count their own questions.
  expect(user.asked.map((question) => question.kind)).toContain('clob-credentials');
  user.asked.length = 0;
}, 60_000);
afterAll(async () => {
  await core?.stop();
  await remote?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('risk limits on a live network', () => {
  it('start at the live defaults and refuse an order above them before it is signed', async () => {
    const state = await call<RiskStateView>('getRiskState', { tokenId });
    expect(state).toMatchObject({ networkId: 'custom', networkLabel: 'Staging', isSandbox: false, usingDefaults: true, raisingNeedsConfirmation: true });
    expect(state.limits).toEqual({ maxOrderNotionalUsd: '1000', maxOpenOrders: '50', maxPositionShares: '10000', maxPositionUsd: '5000', maxDailyNotionalUsd: '10000', dailyLossStopUsd: '500' });
    const before = await orderRequests();
    const refused = await dispatch('placeOrder', { ticket: { tokenId, side: 'BUY', orderType: 'GTC', price: '0.05', size: '25000' } });
    expect(refused).toEqual({
      ok: false,
      error: { code: 'risk_limit', retryable: false, message: "This order's notional 1,250.00 USD is above your maximum order notional of 1,000.00 USD on Staging. Nothing was signed." },
    });
    expect(await orderRequests()).toBe(before);
  });

  it('lowers a limit or turns one on without asking', async () => {
    await call('setRiskLimits', { accountId, networkId: 'custom', limits: { maxOrderNotionalUsd: '800', maxOpenOrders: '10' } });
    expect(user.asked).toEqual([]);
    expect(await limitsNow()).toMatchObject({ maxOrderNotionalUsd: '800', maxOpenOrders: '10' });
  });

  it('raises a limit only after main asked and the user said yes; a no changes nothing', async () => {
    user.reply = 'no';
    const declined = await dispatch('setRiskLimits', { accountId, networkId: 'custom', limits: { maxOrderNotionalUsd: '2000', maxOpenOrders: '5' } });
    expect(declined).toMatchObject({ ok: false, error: { code: 'not_confirmed' } });
    expect(await limitsNow()).toMatchObject({ maxOrderNotionalUsd: '800', maxOpenOrders: '10' });
    expect(user.asked.at(-1)).toEqual({
      kind: 'risk-limits',
      title: 'Raise a risk limit of “Desk” on Staging',
      facts: [
        { label: 'Account', value: expect.stringMatching(/^Desk \(0x[0-9a-fA-F]{40}\)$/) },
        { label: 'Network', value: 'Staging' },
        { label: 'maximum order notional', value: '800.00 USD → 2,000.00 USD', warn: true },
        { label: 'maximum open orders', value: '10 → 5' },
      ],
      confirmLabel: 'Raise the limit',
    });

    user.reply = 'wait';
    const pending = dispatch('setRiskLimits', { accountId, networkId: 'custom', limits: { dailyLossStopUsd: null } });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(user.asked.at(-1)!.facts.at(-1)).toEqual({ label: 'daily loss stop', value: '500.00 USD → off', warn: true });
    // While the question is open, nothing has changed.
    expect((await limitsNow()).dailyLossStopUsd).toBe('500');
    user.answer(true);
    expect(await pending).toMatchObject({ ok: true, value: { limits: { dailyLossStopUsd: null } } });

    user.reply = 'yes';
    await call('setRiskLimits', { accountId, networkId: 'custom', limits: { maxOrderNotionalUsd: '2000' } });
    expect((await limitsNow()).maxOrderNotionalUsd).toBe('2000');
    expect(user.asked).toHaveLength(3);
  });
});
