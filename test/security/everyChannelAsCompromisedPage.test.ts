/**
 * Issue 19, the contract held by behaviour: on a live network, with the vault unlocked and a user
 * who answers "no" to every question main asks, a compromised page calls EVERY channel of the
 * contract with valid input. Afterwards the exchange's own counters show no order, credential,
 * proxy or transfer, and no guardrail is lower than before. A channel added without a sample input
 * does not compile; one that moves value or lowers a guardrail without main's question fails here,
 * whatever class it declares.
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
import { SANDBOX_PERPS_INSTRUMENTS, startSandbox } from '../../src/sandbox/start';
import { channelNames, type ChannelInput, type ChannelName } from '../../src/shared/contract';
import type { AccountsState, VaultState } from '../../src/shared/custodyViews';
import type { LiveAcknowledgementsView } from '../../src/shared/liveGuardrails';
import type { NetworkProfilesView } from '../../src/shared/networkProfiles';
import type { PerpsTransferPreview } from '../../src/shared/perpsViews';
import type { PlacedOrder, TradingState } from '../../src/shared/tradingViews';
import { firstCentTickToken, LIGHT_KDF } from '../integration/core/coreHarness';
import { addProfilesToSettingsFile, remoteSandboxProfile } from '../integration/core/remoteSandboxProfile';
import { personAtMainsSurface, type PersonAtMainsSurface } from './support/personAtMainsSurface';

const PASSWORD = 'every channel password';
const COOKIE = 'marketdesk_session_1=the-users-browser';
const FOREIGN = '0x000000000000000000000000000000000000dEaD';

let remote: Awaited<ReturnType<typeof startSandbox>>;
let pageServer: RunningOneTimePageServer;
let core: Core;
let dataDir = '';
let person: PersonAtMainsSurface;

async function call<T>(channel: string, input: unknown = {}): Promise<T> {
  const result = await core.dispatch(channel, input, { clientId: 'compromised-page' });
  if (!result.ok) throw new Error(`${channel} failed: ${result.error.code}: ${result.error.message}`);
  return result.value as T;
}

const VALUE_ROUTES = [
  ['clob', 'POST', '/order'], ['clob', 'POST', '/orders'], ['clob', 'POST', '/auth/api-key'], ['clob', 'GET', '/auth/derive-api-key'],
  ['perps', 'POST', '/v1/account/proxy'], ['perps', 'POST', '/v1/account/internal-transfer'],
] as const;
const valueRequests = () =>
  VALUE_ROUTES.map(([service, method, path]) => remote.faultStats().routes.filter((r) => r.service === service && r.method === method && r.path === path).reduce((n, r) => n + r.requests, 0));

/** Every guardrail a page could want lowered, as main reports it. */
async function guardrails(accountIds: string[]) {
  const vault = await call<VaultState>('getVaultState');
  const confirm: Record<string, boolean> = {};
  const explained: Record<string, string[]> = {};
  const limits: Record<string, unknown> = {};
  const active = (await call<AccountsState>('listAccounts')).activeAccountId!;
  for (const accountId of accountIds) {
    await call('switchAccount', { accountId });
    confirm[accountId] = (await call<TradingState>('getTradingState')).confirmOrders;
    explained[accountId] = (await call<LiveAcknowledgementsView>('getLiveAcknowledgements', { accountId })).acknowledged;
    limits[accountId] = (await call<{ limits: unknown }>('getRiskState', {})).limits;
  }
  await call('switchAccount', { accountId: active });
  const profiles = (await call<NetworkProfilesView>('listNetworkProfiles')).profiles.map((p) => ({ id: p.id, urls: p.urls, contracts: p.contracts, perpsDomain: p.perpsDomain }));
  return { autoLock: vault.autoLockMinutes, remembered: vault.deviceUnlock.enabled, confirm, explained, limits, profiles };
}

interface Context {
  tokenId: string;
  one: string;
  two: string;
  watched: string;
  oneAddress: string;
  proxy: string;
  orderId: string;
  eventId: string;
  conditionId: string;
}

/** A valid input for every channel, as a compromised page would send it (the compiler keeps it complete). */
const samples: { [K in ChannelName]: (c: Context) => ChannelInput<K> | Promise<ChannelInput<K>> } = {
  getAppStatus: () => ({}),
  listCatalogTags: () => ({}),
  searchCatalogEvents: () => ({ text: '' }),
  getCatalogEvent: (c) => ({ eventId: c.eventId }),
  watchOrderBooks: (c) => ({ tokenIds: [c.tokenId] }),
  getVaultState: () => ({}),
  createVault: () => ({ password: 'another vault password' }),
  unlockVault: () => ({ password: PASSWORD }),
  unlockVaultWithDevice: () => ({}),
  lockVault: () => ({}),
  setRememberOnDevice: () => ({ enabled: true }),
  setAutoLockMinutes: () => ({ minutes: 0 }),
  reportUserActivity: () => ({}),
  listAccounts: () => ({}),
  createAccount: () => ({ label: 'Page-made' }),
  importPrivateKeyAccount: () => ({ label: 'Page-imported', privateKey: '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d' }),
  importKeystoreAccount: () => ({ label: 'Page keystore', keystoreJson: '{"version":3}', keystorePassword: 'x' }),
  addWatchOnlyAccount: () => ({ label: 'Page-watched', address: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC' }),
  renameAccount: (c) => ({ accountId: c.one, label: 'Renamed by the page' }),
  reorderAccounts: (c) => ({ accountIds: [c.two, c.one] }),
  removeAccount: (c) => ({ accountId: c.two, password: 'a guessed password' }),
  switchAccount: (c) => ({ accountId: c.one }),
  exportAccountKeystore: (c) => ({ accountId: c.one, password: 'a guessed password' }),
  revealAccountPrivateKey: (c) => ({ accountId: c.one, password: 'a guessed password' }),
  createClobCredentials: () => ({}),
  deleteClobCredentials: () => ({}),
  rotateClobCredentials: () => ({}),
  createPerpsProxy: () => ({ label: 'Page proxy', expiryDays: 30 }),
  deletePerpsProxy: (c) => ({ proxyAddress: c.proxy }),
  previewOrder: (c) => ({ ticket: { tokenId: c.tokenId, side: 'BUY', orderType: 'GTC', price: '0.02', size: '10' } }),
  previewOrders: (c) => ({ tickets: [{ tokenId: c.tokenId, side: 'BUY', orderType: 'GTC', price: '0.02', size: '10' }] }),
  placeOrder: (c) => ({ ticket: { tokenId: c.tokenId, side: 'BUY', orderType: 'GTC', price: '0.02', size: '10' } }),
  placeOrders: (c) => ({ tickets: [{ tokenId: c.tokenId, side: 'BUY', orderType: 'GTC', price: '0.02', size: '10' }] }),
  cancelOrder: (c) => ({ orderId: c.orderId }),
  cancelOrders: (c) => ({ orderIds: [c.orderId] }),
  cancelMarketOrders: (c) => ({ assetId: c.tokenId }),
  cancelAllOrders: () => ({}),
  listOpenOrders: () => ({}),
  listAccountTrades: () => ({}),
  cancelJob: () => ({ jobId: 'none' }),
  getBalanceAllowance: () => ({}),
  refreshBalanceAllowance: () => ({}),
  getTradingState: () => ({}),
  getBudgetState: () => ({}),
  setHeartbeat: () => ({ enabled: true }),
  setConfirmOrders: () => ({ enabled: false }),
  getPriceHistory: (c) => ({ tokenId: c.tokenId }),
  getOhlc: (c) => ({ tokenId: c.tokenId, fidelity: '1h', startTs: 0 }),
  getRecentTrades: (c) => ({ tokenId: c.tokenId }),
  listFillNotifications: () => ({}),
  dismissFillNotifications: () => ({ ids: ['n1'] }),
  getPortfolio: () => ({ target: { kind: 'all' } }),
  getPortfolioHistory: () => ({ target: { kind: 'all' } }),
  syncActivityHistory: (c) => ({ address: c.oneAddress }),
  getHistorySyncState: (c) => ({ address: c.oneAddress }),
  queryActivity: (c) => ({ address: c.oneAddress }),
  exportActivity: (c) => ({ address: c.oneAddress, format: 'csv' }),
  listComboActivity: (c) => ({ address: c.oneAddress, conditionIds: [c.conditionId] }),
  listApprovals: (c) => ({ address: c.oneAddress }),
  listBiggestWinners: () => ({}),
  listBuildersLeaderboard: () => ({}),
  getBuilderVolume: () => ({}),
  listComboPositions: () => ({ target: { kind: 'all' } }),
  listTraderLeaderboard: () => ({}),
  listBoardCategories: () => ({}),
  getMarketOpenInterest: (c) => ({ conditionId: c.conditionId }),
  listOutcomeHolders: (c) => ({ tokenId: c.tokenId }),
  listMarketTrades: (c) => ({ conditionId: c.conditionId }),
  getPerpsInfo: () => ({}),
  listPerpsAccounts: () => ({}),
  rotatePerpsProxy: (c) => ({ accountId: c.one, proxyAddress: c.proxy }),
  previewPerpsTransfer: (c) => ({ fromAccountId: c.one, to: FOREIGN, asset: 'USDC', amount: '10' }),
  sendPerpsTransfer: async (c) => ({ previewId: (await call<PerpsTransferPreview>('previewPerpsTransfer', { fromAccountId: c.one, to: FOREIGN, asset: 'USDC', amount: '10' })).previewId }),
  syncPerpsHistory: (c) => ({ accountId: c.one, kind: 'transfers' }),
  queryPerpsTransfers: (c) => ({ accountId: c.one }),
  exportPerpsTransfers: (c) => ({ accountId: c.one, format: 'json' }),
  queryPerpsFunding: (c) => ({ accountId: c.one }),
  getPerpsEquity: (c) => ({ accountId: c.one, interval: '1m' }),
  listPerpsTrades: () => ({ instrumentId: SANDBOX_PERPS_INSTRUMENTS[0]!.id }),
  getPerpsReferral: (c) => ({ accountId: c.one }),
  createPerpsInvite: (c) => ({ accountId: c.one }),
  applyPerpsReferralCode: (c) => ({ accountId: c.one, code: 'PAGECODE' }),
  requestSandboxPerpsFunds: (c) => ({ accountId: c.one, asset: 'USDC', amount: '1000' }),
  setSandboxPerpsPosition: (c) => ({ accountId: c.one, instrumentId: SANDBOX_PERPS_INSTRUMENTS[0]!.id, size: '1' }),
  requestSandboxFunds: () => ({ amount: '1000' }),
  setSandboxExchangeMode: () => ({ mode: 'normal' }),
  setSandboxAddressRestriction: () => ({ restriction: 'none' }),
  getDisplayPrefs: () => ({}),
  setDisplayPrefs: () => ({ clock: '12h' }),
  listAlerts: () => ({}),
  createPriceAlert: (c) => ({ tokenId: c.tokenId, question: 'Q', outcome: 'Yes', direction: 'above', source: 'mid', price: '0.99' }),
  removePriceAlert: () => ({ alertId: 'none' }),
  clearAlertLog: () => ({}),
  getWatchlist: () => ({}),
  setWatchlisted: (c) => ({ eventId: c.eventId, watched: true }),
  amendOrder: (c) => ({ orderId: c.orderId, price: '0.03' }),
  listNetworkProfiles: () => ({}),
  saveNetworkProfile: () => ({ profile: { ...remoteSandboxProfile('staging', 'Staging', { clob: 'http://127.0.0.1:9', catalog: 'http://127.0.0.1:9', analytics: 'http://127.0.0.1:9', perps: 'http://127.0.0.1:9' }) } }),
  deleteNetworkProfile: () => ({ id: 'nothing-here' }),
  testNetworkProfile: () => ({ profile: remoteSandboxProfile('probe', 'Probe', remote.urls) }),
  exportNetworkProfiles: () => ({}),
  importNetworkProfiles: () => ({
    fileText: JSON.stringify({ format: 'marketdesk-network-profiles', version: 1, profiles: [remoteSandboxProfile('prod', 'Prod', { clob: 'http://127.0.0.1:9', catalog: 'http://127.0.0.1:9', analytics: 'http://127.0.0.1:9', perps: 'http://127.0.0.1:9' })] }),
    replaceExisting: true,
  }),
  getLiveAcknowledgements: () => ({}),
  listNetworks: () => ({}),
  getNetworkSwitchPreflight: () => ({ networkId: 'sandbox' }),
  switchNetwork: () => ({ networkId: 'staging' }),
  getUpdateState: () => ({}),
  checkForUpdates: () => ({}),
  downloadUpdate: () => ({}),
  cancelUpdateDownload: () => ({}),
  installUpdate: () => ({ confirmed: true }),
  getKeptPortfolio: () => ({ target: { kind: 'all' } }),
  listPendingConfirmations: () => ({}),
  declineConfirmation: () => ({ id: 'none' }),
  setSandboxMainConfirmations: () => ({ enabled: false }),
  getRiskState: (c) => ({ tokenId: c.tokenId }),
  setRiskLimits: (c) => ({ accountId: c.one, networkId: 'staging', limits: { maxOrderNotionalUsd: null, maxOpenOrders: '100000' } }),
  killSwitch: () => ({ networkId: 'staging' }),
};

/** Channels that end what the walk stands on (the resting order, credentials, the proxy, the session) go last. */
const LAST: ChannelName[] = ['cancelOrder', 'cancelOrders', 'cancelMarketOrders', 'cancelAllOrders', 'killSwitch', 'deleteClobCredentials', 'deletePerpsProxy', 'removeAccount', 'lockVault'];

beforeAll(async () => {
  remote = await startSandbox({ seed: 7, port: 0, simulate: false });
  dataDir = mkdtempSync(join(tmpdir(), 'marketdesk-every-channel-'));
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
}, 60_000);

afterAll(async () => {
  await core?.stop();
  await pageServer?.close();
  await remote?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('every channel, called by a compromised page while the user says no', () => {
  it('moves no value and lowers no guardrail', async () => {
    // What the user set up earlier, saying yes: credentials, funds, a resting order, a proxy with collateral.
    person.answerEveryQuestion('confirm');
    await call('createVault', { password: PASSWORD });
    await call('createAccount', { label: 'Desk one' });
    await call('createAccount', { label: 'Desk two' });
    const accounts = await call<AccountsState>('addWatchOnlyAccount', { label: 'Watched', address: '0x90F79bf6EB2c4f870365E785982E1f101E93b906' });
    const [one, two, watched] = accounts.accounts;
    await call('switchAccount', { accountId: one!.id });
    await call('createClobCredentials', {});
    await fetch(`${remote.urls.clob}/sandbox/faucet`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ address: one!.address, amount: '100' }) });
    const tokenId = await firstCentTickToken(call);
    const placed = await call<PlacedOrder>('placeOrder', { ticket: { tokenId, side: 'BUY', orderType: 'GTC', price: '0.01', size: '10' } });
    const proxy = (await call<AccountsState>('createPerpsProxy', { label: 'Desk proxy', expiryDays: 30 })).accounts[0]!.perpsProxies[0]!.proxyAddress;
    await fetch(`${remote.urls.perps}/sandbox/perps/faucet`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ address: one!.address, asset: 'USDC', amount: '300' }) });
    for (let tries = 0; tries < 100; tries += 1) {
      const preview = await core.dispatch('previewPerpsTransfer', { fromAccountId: one!.id, to: FOREIGN, asset: 'USDC', amount: '10' }, { clientId: 'setup' });
      if (preview.ok) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const eventId = (await call<{ events: Array<{ id: string }> }>('searchCatalogEvents', {})).events[0]!.id;
    const conditionId = (await call<{ markets: Array<{ conditionId: string }> }>('getCatalogEvent', { eventId })).markets[0]!.conditionId;
    const context: Context = { tokenId, one: one!.id, two: two!.id, watched: watched!.id, oneAddress: one!.address, proxy, orderId: placed.orderId, eventId, conditionId };

    person.answerEveryQuestion('decline');
    const keyAccounts = [one!.id, two!.id];
    const before = await guardrails(keyAccounts);
    const sentBefore = valueRequests();
    const order = [...channelNames.filter((c) => !LAST.includes(c)), ...LAST];
    const asked: string[] = [];
    for (const channel of order) {
      const questions = person.asked.length;
      await core.dispatch(channel, await samples[channel](context), { clientId: 'compromised-page' });
      if (person.asked.length > questions) asked.push(channel);
      expect({ channel, sent: valueRequests() }).toEqual({ channel, sent: sentBefore });
    }
    // The page's guessed passwords cost the throttle a few seconds; the user then unlocks.
    for (let tries = 0; tries < 60; tries += 1) {
      if ((await core.dispatch('unlockVault', { password: PASSWORD }, { clientId: 'user' })).ok) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(await guardrails(keyAccounts)).toEqual(before);
    // The user was asked (and said no) for each of these; nothing else needed asking.
    expect(asked.sort()).toEqual(
      ['amendOrder', 'createClobCredentials', 'createPerpsProxy', 'importNetworkProfiles', 'placeOrder', 'placeOrders', 'rotateClobCredentials', 'rotatePerpsProxy', 'saveNetworkProfile', 'sendPerpsTransfer', 'setAutoLockMinutes', 'setConfirmOrders', 'setRememberOnDevice', 'setRiskLimits'].sort(),
    );
  }, 120_000);
});
