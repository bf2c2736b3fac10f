/**
 * Live-money guardrails through the bridge, on a network that is not the sandbox (a second
 * sandbox started here plays the deployment): the faucet and the sandbox controls refuse, pro mode
 * needs the network named, and the first order, cancel-all and proxy creation of each account are
 * refused until their explanation was acknowledged — then go through. On the sandbox, never asked.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore } from '../../../src/main/core/createCore';
import type { Core } from '../../../src/main/core/coreApi';
import { createMemoryOsKeyStore } from '../../../src/main/core/custody';
import { silentLogger } from '../../../src/main/core/log';
import { startSandbox } from '../../../src/sandbox/start';
import type { AccountsState } from '../../../src/shared/custodyViews';
import type { LiveAcknowledgementsView } from '../../../src/shared/liveGuardrails';
import type { PlacedOrder, TradingState } from '../../../src/shared/tradingViews';
import { firstCentTickToken, LIGHT_KDF, startHarness, type Harness } from './coreHarness';
import { AnsweringConfirmations } from './answeringConfirmations';

let remote: Awaited<ReturnType<typeof startSandbox>>;
let core: Core;
let dataDir: string;
let accounts: AccountsState;
let tokenId = '';

const dispatch = (channel: string, input: unknown = {}) => core.dispatch(channel, input, { clientId: 't' });
async function call<T>(channel: string, input: unknown = {}): Promise<T> {
  const result = await dispatch(channel, input);
  if (!result.ok) throw new Error(`${channel} failed: ${result.error.code}: ${result.error.message}`);
  return result.value as T;
}
async function refusal(channel: string, input: unknown = {}) {
  const result = await dispatch(channel, input);
  if (result.ok) throw new Error(`${channel} unexpectedly succeeded`);
  return result.error;
}
const ticket = () => ({ tokenId, side: 'BUY', orderType: 'GTC', price: '0.02', size: '10' });

beforeAll(async () => {
  remote = await startSandbox({ seed: 7, port: 0, simulate: false });
  dataDir = mkdtempSync(join(tmpdir(), 'marketdesk-live-guardrails-'));
  core = await createCore({
    dataDir, serviceUrls: { ...remote.urls, label: 'Staging', isSandbox: false }, log: silentLogger,
    osKeyStore: createMemoryOsKeyStore(), vaultKdf: LIGHT_KDF, keystoreKdf: LIGHT_KDF, budgetLockDir: join(dataDir, 'budget-locks'),
    // Credentials and proxies off the sandbox wait for main's confirmation; the user says yes.
    confirmations: new AnsweringConfirmations('yes'),
  });
  await call('createVault', { password: 'live guardrails password' });
  await call('createAccount', { label: 'Live one' });
  accounts = await call<AccountsState>('createAccount', { label: 'Live two' });
  await call('switchAccount', { accountId: accounts.accounts[0]!.id });
  await call('createClobCredentials', {});
  // The deployment's operator funds the account (the app's faucet refuses off the sandbox).
  const address = accounts.accounts[0]!.address;
  const funded = await fetch(`${remote.urls.clob}/sandbox/faucet`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ address, amount: '100' }) });
  expect(funded.ok).toBe(true);
  tokenId = await firstCentTickToken(call);
}, 60_000);
afterAll(async () => {
  await core?.stop();
  await remote?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('live-money guardrails on a network that is not the sandbox', () => {
  it('refuses the faucet and the sandbox controls before anything is sent', async () => {
    for (const [channel, input] of [
      ['requestSandboxFunds', { amount: '100' }],
      ['setSandboxExchangeMode', { mode: 'cancel-only' }],
      ['setSandboxAddressRestriction', { restriction: 'banned' }],
    ] as const) {
      expect(await refusal(channel, input)).toMatchObject({ code: 'unavailable', message: 'Sandbox controls work only on the Sandbox network.' });
    }
    // The deployment's exchange was never switched: orders are still accepted.
    expect((await call<TradingState>('getTradingState')).mode).toBe('normal');
  });

  it('keeps confirmations on until pro mode is switched on naming this network', async () => {
    expect((await call<TradingState>('getTradingState')).confirmOrders).toBe(true);
    expect(await refusal('setConfirmOrders', { enabled: false })).toMatchObject({ code: 'acknowledgement_required', message: expect.stringContaining('Orders on Staging move real money') });
    expect(await refusal('setConfirmOrders', { enabled: false, confirmNetworkId: 'sandbox' })).toMatchObject({ code: 'acknowledgement_required' });
    expect((await call<TradingState>('setConfirmOrders', { enabled: false, confirmNetworkId: 'custom' })).confirmOrders).toBe(false);
    expect((await call<TradingState>('setConfirmOrders', { enabled: true })).confirmOrders).toBe(true);
  });

  it('refuses the first order, cancel-all and proxy creation until each is acknowledged, per account', async () => {
    const accountId = accounts.accounts[0]!.id;
    const before = await call<LiveAcknowledgementsView>('getLiveAcknowledgements', {});
    expect(before).toMatchObject({ networkId: 'custom', networkLabel: 'Staging', isSandbox: false, accountId, acknowledged: [] });
    expect(before.pending.map((item) => item.kind)).toEqual(['order', 'cancelAll', 'transfer', 'proxyCreation']);

    for (const [channel, input] of [
      ['placeOrder', { ticket: ticket() }],
      ['placeOrders', { tickets: [ticket()] }],
      ['cancelAllOrders', {}],
      ['createPerpsProxy', { label: 'Live proxy', expiryDays: 7 }],
    ] as const) {
      expect(await refusal(channel, input)).toMatchObject({ code: 'acknowledgement_required', message: expect.stringContaining('Nothing was signed or sent.') });
    }
    expect(await call<{ length: number }>('listOpenOrders', {})).toHaveLength(0);

    expect(await refusal('acknowledgeLiveOperation', { accountId, kind: 'order', networkId: 'sandbox' })).toMatchObject({ code: 'conflict' });
    const after = await call<LiveAcknowledgementsView>('acknowledgeLiveOperation', { accountId, kind: 'order', networkId: 'custom' });
    expect(after.acknowledged).toEqual(['order']);
    const placed = await call<PlacedOrder>('placeOrder', { ticket: ticket() });
    expect(placed.orderId).toMatch(/^0x/);
    // Cancel-all is its own kind: still refused, then allowed once read.
    expect(await refusal('cancelAllOrders', {})).toMatchObject({ code: 'acknowledgement_required' });
    await call('acknowledgeLiveOperation', { accountId, kind: 'cancelAll', networkId: 'custom' });
    expect((await call<{ canceled: string[] }>('cancelAllOrders', {})).canceled).toEqual([placed.orderId]);

    // The other account has read nothing yet.
    await call('switchAccount', { accountId: accounts.accounts[1]!.id });
    expect(await refusal('placeOrder', { ticket: ticket() })).toMatchObject({ code: 'acknowledgement_required' });
    expect((await call<LiveAcknowledgementsView>('getLiveAcknowledgements', { accountId })).acknowledged).toEqual(['order', 'cancelAll']);
    await call('switchAccount', { accountId });
  });
});

describe('perps on the live network', () => {
  it('refuses the first proxy and the first transfer until each is acknowledged, then sends them', async () => {
    const [one, two] = accounts.accounts;
    await call('switchAccount', { accountId: one!.id });
    expect(await refusal('createPerpsProxy', { label: 'Live proxy', expiryDays: 7 })).toMatchObject({ code: 'acknowledgement_required' });
    await call('acknowledgeLiveOperation', { accountId: one!.id, kind: 'proxyCreation', networkId: 'custom' });
    const created = await call<AccountsState>('createPerpsProxy', { label: 'Live proxy', expiryDays: 7 });
    expect(created.accounts.find((a) => a.id === one!.id)!.perpsProxies).toHaveLength(1);

    const credited = await fetch(`${remote.urls.perps}/sandbox/perps/faucet`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ address: one!.address, asset: 'USDC', amount: '50' }),
    });
    expect(credited.ok).toBe(true);
    const draft = { fromAccountId: one!.id, to: two!.address, asset: 'USDC', amount: '5' };
    // The exchange's equity series takes the credit at its next one-second point: ask until it shows.
    let preview: { previewId: string } | null = null;
    for (let tries = 0; preview === null && tries < 100; tries += 1) {
      const answer = await dispatch('previewPerpsTransfer', draft);
      if (answer.ok) preview = answer.value as { previewId: string };
      else await new Promise((resolve) => setTimeout(resolve, 100));
    }
    if (!preview) throw new Error('the credited collateral never showed in the equity series');
    expect(await refusal('sendPerpsTransfer', { previewId: preview.previewId })).toMatchObject({ code: 'acknowledgement_required', message: expect.stringContaining('perps transfer on Staging') });
    await call('acknowledgeLiveOperation', { accountId: one!.id, kind: 'transfer', networkId: 'custom' });
    // Refused before it was taken: the same preview is still held and now goes out.
    const sent = await call<{ transferId: number; amount: string }>('sendPerpsTransfer', { previewId: preview.previewId });
    expect(sent).toMatchObject({ amount: '5' });
    expect((await call<LiveAcknowledgementsView>('getLiveAcknowledgements', { accountId: one!.id })).pending).toEqual([]);
  });
});

describe('on the sandbox', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startHarness({ simulate: false });
  }, 60_000);
  afterAll(async () => harness?.stop());

  it('never asks: nothing pending and cancel-all goes straight through', async () => {
    const call = async <T>(channel: string, input: unknown = {}) => {
      const result = await harness.core.dispatch(channel, input, { clientId: 't' });
      if (!result.ok) throw new Error(`${channel}: ${result.error.message}`);
      return result.value as T;
    };
    await call('createVault', { password: 'sandbox guardrails password' });
    await call('createAccount', { label: 'Paper' });
    await call('createClobCredentials', {});
    expect(await call<LiveAcknowledgementsView>('getLiveAcknowledgements', {})).toMatchObject({ isSandbox: true, acknowledged: [], pending: [] });
    expect((await call<{ canceled: string[] }>('cancelAllOrders', {})).canceled).toEqual([]);
    expect((await call<TradingState>('setConfirmOrders', { enabled: false })).confirmOrders).toBe(false);
  });
});
