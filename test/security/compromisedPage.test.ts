/**
 * Issue 19: a script in the page drives the bridge exactly as a compromised renderer could, on a
 * live network profile ("Staging", a second sandbox started here plays the deployment), with the
 * vault unlocked. Issuing credentials, switching order confirmations off, a first order with its
 * "live money" explanation, creating a proxy, sending collateral to a foreign or watch-only address,
 * switching auto-lock off, remembering the vault on the device and re-pointing a profile by import
 * or edit: each waits for the answer in main's own surface (browser mode's one-time page), and while
 * it waits or after the user declines, the exchange's own counters show nothing reached it. The
 * same actions complete when the user answers yes on that page. No channel records an answer.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../src/main/core/coreApi';
import { createCore } from '../../src/main/core/createCore';
import { createMemoryOsKeyStore } from '../../src/main/core/custody';
import { silentLogger } from '../../src/main/core/log';
import { startOneTimePageServer, type RunningOneTimePageServer } from '../../src/main/web/oneTimePageServer';
import { OneTimePages } from '../../src/main/web/oneTimePages';
import { startSandbox } from '../../src/sandbox/start';
import type { AccountsState, VaultState } from '../../src/shared/custodyViews';
import type { NetworkProfilesView } from '../../src/shared/networkProfiles';
import type { PerpsTransferPreview } from '../../src/shared/perpsViews';
import type { BridgeResult } from '../../src/shared/result';
import type { PlacedOrder, TradingState } from '../../src/shared/tradingViews';
import { firstCentTickToken, LIGHT_KDF } from '../integration/core/coreHarness';
import { addProfilesToSettingsFile, remoteSandboxProfile } from '../integration/core/remoteSandboxProfile';
import { personAtMainsSurface, type PersonAtMainsSurface } from './support/personAtMainsSurface';

const PASSWORD = 'compromised page password';
const COOKIE = 'marketdesk_session_1=the-users-browser';
const FOREIGN = '0x000000000000000000000000000000000000dEaD';
const WATCHED = '0x90F79bf6EB2c4f870365E785982E1f101E93b906';

let remote: Awaited<ReturnType<typeof startSandbox>>;
let pageServer: RunningOneTimePageServer;
let core: Core;
let dataDir = '';
let person: PersonAtMainsSurface;
let accounts: AccountsState;
let tokenId = '';

const dispatch = <T>(channel: string, input: unknown = {}) => core.dispatch(channel, input, { clientId: 'compromised-page' }) as Promise<BridgeResult<T>>;
async function call<T>(channel: string, input: unknown = {}): Promise<T> {
  const result = await dispatch<T>(channel, input);
  if (!result.ok) throw new Error(`${channel} failed: ${result.error.code}: ${result.error.message}`);
  return result.value;
}

/** What reached the exchange that moves value or issues keys: its own per-route counters. */
const VALUE_ROUTES = [
  ['clob', 'POST', '/order'], ['clob', 'POST', '/orders'], ['clob', 'POST', '/auth/api-key'], ['clob', 'GET', '/auth/derive-api-key'],
  ['perps', 'POST', '/v1/account/proxy'], ['perps', 'POST', '/v1/account/internal-transfer'],
] as const;
function valueRequests(): Record<string, number> {
  const routes = remote.faultStats().routes;
  return Object.fromEntries(
    VALUE_ROUTES.map(([service, method, path]) => [`${method} ${path}`, routes.filter((r) => r.service === service && r.method === method && r.path === path).reduce((n, r) => n + r.requests, 0)]),
  );
}

/** The page asks; main shows the question on its own page; the user reads it and answers there. */
async function askedThenAnswered<T>(channel: string, input: unknown, answer: 'confirm' | 'decline', shows: string[]): Promise<BridgeResult<T>> {
  const before = valueRequests();
  const pending = dispatch<T>(channel, input);
  const question = await person.next();
  const page = await person.read(question);
  for (const text of shows) expect(page).toContain(text);
  // Waiting for the user sends nothing.
  expect(valueRequests()).toEqual(before);
  await person.answer(question, answer);
  const result = await pending;
  if (answer === 'decline') {
    expect(result).toMatchObject({ ok: false, error: { code: 'not_confirmed', message: expect.stringContaining('Nothing was signed or sent.') } });
    expect(valueRequests()).toEqual(before);
  } else if (!result.ok) {
    throw new Error(`${channel} failed after the user confirmed: ${result.error.message}`);
  }
  return result;
}

const noQuestionFor = async <T>(channel: string, input: unknown = {}): Promise<T> => {
  const asked = person.asked.length;
  const value = await call<T>(channel, input);
  expect(person.asked.length).toBe(asked);
  return value;
};

beforeAll(async () => {
  remote = await startSandbox({ seed: 7, port: 0, simulate: false });
  dataDir = mkdtempSync(join(tmpdir(), 'marketdesk-compromised-page-'));
  addProfilesToSettingsFile(dataDir, [remoteSandboxProfile('staging', 'Staging', remote.urls)]);
  const settingsFile = join(dataDir, 'settings.json');
  writeFileSync(settingsFile, JSON.stringify({ ...JSON.parse(readFileSync(settingsFile, 'utf8')), activeNetworkId: 'staging' }));
  let origin = '';
  const pages = new OneTimePages(() => origin, (cookie) => cookie === COOKIE);
  pageServer = await startOneTimePageServer(pages);
  origin = pageServer.origin;
  core = await createCore({
    dataDir, log: silentLogger, osKeyStore: createMemoryOsKeyStore(), vaultKdf: LIGHT_KDF, keystoreKdf: LIGHT_KDF,
    budgetLockDir: join(dataDir, 'budget-locks'), secretPresenter: pages, confirmationSurface: pages,
  });
  person = personAtMainsSurface(core, COOKIE);
  await call('createVault', { password: PASSWORD });
  await call('createAccount', { label: 'Desk one' });
  await call('createAccount', { label: 'Desk two' });
  accounts = await call<AccountsState>('addWatchOnlyAccount', { label: 'Watched', address: WATCHED });
  await call('switchAccount', { accountId: accounts.accounts[0]!.id });
  tokenId = await firstCentTickToken(call);
}, 90_000);

afterAll(async () => {
  await core?.stop();
  await pageServer?.close();
  await remote?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('a compromised page on a live network', () => {
  it('cannot issue order-book credentials: main shows the host that would receive the L1 signature', async () => {
    const host = new URL(remote.urls.clob).origin;
    const shows = [`Create or derive order-book credentials at ${host}`, `Signature sent to\n ${host}`, 'whoever receives it', 'LIVE · Staging (real money)', 'Desk one'];
    await askedThenAnswered('createClobCredentials', {}, 'decline', shows);
    expect((await call<AccountsState>('listAccounts')).accounts[0]!.clobCredentials).toBeNull();
    await askedThenAnswered('createClobCredentials', {}, 'confirm', shows);
    expect((await call<AccountsState>('listAccounts')).accounts[0]!.clobCredentials).not.toBeNull();
    expect(valueRequests()['POST /auth/api-key']).toBe(1);
  });

  it('finds no faucet and no sandbox controls there (once the account has its credentials)', async () => {
    for (const [channel, input] of [
      ['requestSandboxFunds', { amount: '100' }],
      ['setSandboxExchangeMode', { mode: 'cancel-only' }],
      ['setSandboxAddressRestriction', { restriction: 'banned' }],
    ] as const) {
      expect(await dispatch(channel, input)).toMatchObject({ ok: false, error: { code: 'unavailable', message: 'Sandbox controls work only on the Sandbox network.' } });
    }
    expect((await call<TradingState>('getTradingState')).mode).toBe('normal');
  });

  it('cannot acknowledge "live money" for itself: the first order is explained and confirmed in main’s surface', async () => {
    const funded = await fetch(`${remote.urls.clob}/sandbox/faucet`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ address: accounts.accounts[0]!.address, amount: '100' }) });
    expect(funded.ok).toBe(true);
    expect(await dispatch('acknowledgeLiveOperation', { accountId: accounts.accounts[0]!.id, kind: 'order', networkId: 'staging' })).toMatchObject({ ok: false, error: { code: 'unknown_channel' } });
    const ticket = { tokenId, side: 'BUY', orderType: 'GTC', price: '0.02', size: '10' };
    const shows = ['Your first order on Staging', 'What your key signs', 'BUY 10.00 shares at 0.02 (GTC): pays up to $0.20 for 10.00 shares', 'Order book'];
    await askedThenAnswered('placeOrder', { ticket }, 'decline', shows);
    const placed = await askedThenAnswered<PlacedOrder>('placeOrder', { ticket }, 'confirm', shows);
    expect(placed).toMatchObject({ ok: true, value: { success: true } });
    expect(valueRequests()['POST /order']).toBe(1);
    // Explained once; with "Confirm orders" on, every later order is still asked about, without it.
    // Main's question shows prices as the page does: in cents when Settings says cents.
    await call('setDisplayPrefs', { priceStyle: 'cents' });
    const second = await askedThenAnswered('placeOrders', { tickets: [ticket, { ...ticket, price: '0.03' }] }, 'decline', ['Send 2 orders on Staging', 'BUY 10.00 shares at 2¢ (GTC)', 'BUY 10.00 shares at 3¢ (GTC)', 'Buys commit in all']);
    await call('setDisplayPrefs', { priceStyle: 'decimal' });
    expect(second.ok).toBe(false);
    expect(person.asked.at(-1)!.title).toBe('Send 2 orders on Staging');
  });

  it('cannot switch order confirmations off; once the user does, orders within limits go at once', async () => {
    await askedThenAnswered('setConfirmOrders', { enabled: false }, 'decline', ['Turn off order confirmations on Staging', 'the risk limits still apply']);
    expect((await call<TradingState>('getTradingState')).confirmOrders).toBe(true);
    await askedThenAnswered('setConfirmOrders', { enabled: false }, 'confirm', []);
    const before = valueRequests()['POST /order']!;
    await noQuestionFor('placeOrder', { ticket: { tokenId, side: 'BUY', orderType: 'GTC', price: '0.01', size: '10' } });
    expect(valueRequests()['POST /order']).toBe(before + 1);
    // Turning them back on reduces risk: one call, no question.
    expect((await noQuestionFor<TradingState>('setConfirmOrders', { enabled: true })).confirmOrders).toBe(true);
  });

  it('cannot create a perps proxy; the page may decline a question but never answer it', async () => {
    const shows = ['Create the perps proxy “Desk proxy”', 'Your first perps proxy on Staging', 'own (owner) key signs', `Signature sent to\n ${new URL(remote.urls.perps).origin}`];
    await askedThenAnswered('createPerpsProxy', { label: 'Desk proxy', expiryDays: 30 }, 'decline', shows);
    // The page's own "Cancel" ends the question too (reducing risk is one click).
    const pending = dispatch('createPerpsProxy', { label: 'Desk proxy', expiryDays: 30 });
    const question = await person.next();
    expect(await call('declineConfirmation', { id: question.id })).toEqual({ declined: true });
    expect(await pending).toMatchObject({ ok: false, error: { code: 'not_confirmed' } });
    await askedThenAnswered('createPerpsProxy', { label: 'Desk proxy', expiryDays: 30 }, 'confirm', shows);
    expect((await call<AccountsState>('listAccounts')).accounts[0]!.perpsProxies).toHaveLength(1);
  });

  it('cannot send collateral to a foreign or watch-only address; between the user’s own accounts it goes', async () => {
    const [one, two] = accounts.accounts;
    const credited = await fetch(`${remote.urls.perps}/sandbox/perps/faucet`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ address: one!.address, asset: 'USDC', amount: '300' }),
    });
    expect(credited.ok).toBe(true);
    const preview = async (to: string, amount: string) => {
      // The exchange's equity series takes the credit at its next one-second point: ask until it shows.
      for (let tries = 0; tries < 100; tries += 1) {
        const answer = await dispatch<PerpsTransferPreview>('previewPerpsTransfer', { fromAccountId: one!.id, to, asset: 'USDC', amount });
        if (answer.ok) return answer.value.previewId;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error('the credited collateral never showed');
    };
    await askedThenAnswered('sendPerpsTransfer', { previewId: await preview(FOREIGN, '100') }, 'decline', [
      'Send 100 USDC of perps collateral', `${FOREIGN} (not one of your accounts)`, 'Your first perps transfer on Staging', 'cannot be recalled',
    ]);
    await askedThenAnswered('sendPerpsTransfer', { previewId: await preview(WATCHED, '100') }, 'decline', ['your watch-only "Watched": its key is not in this app']);
    // To one of the user's own key-holding accounts: explained once (confirmed), then no question.
    await askedThenAnswered('sendPerpsTransfer', { previewId: await preview(two!.address, '5') }, 'confirm', ['one of your accounts']);
    await noQuestionFor('sendPerpsTransfer', { previewId: await preview(two!.address, '5') });
    await askedThenAnswered('sendPerpsTransfer', { previewId: await preview(FOREIGN, '100') }, 'confirm', [`${FOREIGN} (not one of your accounts)`]);
    const held = (await (await fetch(`${remote.urls.perps}/sandbox/perps/account?address=${FOREIGN}`)).json()) as { balances: Array<{ asset: string; amount: string }> };
    expect(held.balances.find((b) => b.asset === 'USDC')?.amount).toBe('100000000');
    expect(valueRequests()['POST /v1/account/internal-transfer']).toBe(3);
  });

  it('cannot turn auto-lock off or lengthen it, nor remember the vault on the device; shortening and forgetting are one click', async () => {
    await askedThenAnswered('setAutoLockMinutes', { minutes: 0 }, 'decline', ['Turn off auto-lock', 'Locks after 15 minutes without use']);
    expect((await call<VaultState>('getVaultState')).autoLockMinutes).toBe(15);
    expect((await noQuestionFor<VaultState>('setAutoLockMinutes', { minutes: 5 })).autoLockMinutes).toBe(5);
    await askedThenAnswered('setAutoLockMinutes', { minutes: 60 }, 'confirm', ['Lock the vault after 60 minutes without use']);
    expect((await call<VaultState>('getVaultState')).autoLockMinutes).toBe(60);

    await askedThenAnswered('setRememberOnDevice', { enabled: true }, 'decline', ["The vault's key is kept in this computer's keychain"]);
    expect((await call<VaultState>('getVaultState')).deviceUnlock.enabled).toBe(false);
    await askedThenAnswered('setRememberOnDevice', { enabled: true }, 'confirm', []);
    expect((await call<VaultState>('getVaultState')).deviceUnlock.enabled).toBe(true);
    expect((await noQuestionFor<VaultState>('setRememberOnDevice', { enabled: false })).deviceUnlock.enabled).toBe(false);
  });

  it('loses every open question when the vault locks', async () => {
    const pending = dispatch('createPerpsProxy', { label: 'Never', expiryDays: 7 });
    await person.next();
    await call('lockVault');
    expect(await pending).toMatchObject({ ok: false, error: { code: 'not_confirmed', message: expect.stringContaining('The vault locked.') } });
    expect(await call('listPendingConfirmations')).toEqual([]);
    await call('unlockVault', { password: PASSWORD });
  });

  it('cannot re-point a profile that holds credentials, by edit or by import: main shows the diff first', async () => {
    // The active profile is never edited: move to the embedded sandbox first.
    await call('switchNetwork', { networkId: 'sandbox', confirmed: true });
    const view = await call<NetworkProfilesView>('listNetworkProfiles');
    const staging = view.profiles.find((p) => p.id === 'staging')!;
    const hostile = { ...staging, urls: { ...staging.urls, clob: 'http://127.0.0.1:9' } };
    const diff = [`Order book URL\n ${staging.urls.clob} → http://127.0.0.1:9`, 'your accounts hold credentials or proxies issued there'];
    await askedThenAnswered('saveNetworkProfile', { profile: hostile }, 'decline', diff);
    const file = JSON.stringify({ format: 'marketdesk-network-profiles', version: 1, profiles: [hostile] });
    await askedThenAnswered('importNetworkProfiles', { fileText: file, replaceExisting: true }, 'decline', ['Import 1 network profile', ...diff]);
    expect((await call<NetworkProfilesView>('listNetworkProfiles')).profiles.find((p) => p.id === 'staging')!.urls.clob).toBe(staging.urls.clob);
    // A change that sends nothing elsewhere (the label) is not asked about.
    await noQuestionFor('saveNetworkProfile', { profile: { ...staging, label: 'Staging (EU)' } });
    await askedThenAnswered('importNetworkProfiles', { fileText: file, replaceExisting: true }, 'confirm', []);
    expect((await call<NetworkProfilesView>('listNetworkProfiles')).profiles.find((p) => p.id === 'staging')!.urls.clob).toBe('http://127.0.0.1:9');
  });
});
