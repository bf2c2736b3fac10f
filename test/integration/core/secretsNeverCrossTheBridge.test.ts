/**
 * DESIGN invariant 1: no secret crosses the bridge. A vault holding known secrets is driven
 * through every channel of the contract (good and bad inputs) while every result, pushed event
 * and log line is collected; none may contain any secret in any common encoding.
 */
import { bytesToHex, hexToBytes } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openVault } from '../../../src/main/core/custody';
import type { Logger } from '../../../src/main/core/log';
import { channelNames, eventNames, type ChannelName } from '../../../src/shared/contract';
import type { AccountsState } from '../../../src/shared/custodyViews';
import type { PerpsTransferPreview } from '../../../src/shared/perpsViews';
import { SANDBOX_PERPS_INSTRUMENTS, startSandbox } from '../../../src/sandbox/start';
import type { EventsPage, EventDetail } from '../../../src/shared/viewModels';
import { decodeBase64Any, encodeBase64 } from '../../../src/shared/base64';
import { startHarness, waitFor, type Harness } from './coreHarness';
import { newProfileDefaults, type NetworkProfilesExport } from '../../../src/shared/networkProfiles';
import { join } from 'node:path';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { addProfilesToSettingsFile, remoteSandboxProfile } from './remoteSandboxProfile';
import { FakeUpdaterPort } from '../../unit/core/updates/fakeUpdaterPort';
import { AnsweringConfirmations } from './answeringConfirmations';

const PASSWORD = 'vault-password-Σ-7f3a91';
const KEY = '0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba';
const KEYSTORE_PASSWORD = 'keystore-password-42';
const HEARTBEAT_WINDOW_MS = 1_500;

let harness: Harness;
/** The perps exchange's clock runs ahead by this much once stepped, so a 1m equity point exists. */
let perpsOffsetMs = 0;
const logLines: string[] = [];
const outputs: unknown[] = [];
/** Keystores main wrote (the presenter's side): they must never show up in what leaves main. */
const keystoreFiles: string[] = [];
const log: Logger = {
  info: (m) => logLines.push(m),
  warn: (m) => logLines.push(m),
  error: (m, e) => logLines.push(`${m} ${e instanceof Error ? `${e.name}: ${e.message} ${e.stack ?? ''}` : String(e)}`),
};

async function drive(channel: ChannelName, input: unknown): Promise<unknown> {
  const result = await harness.core.dispatch(channel, input, { clientId: 'scan' });
  outputs.push(result);
  return result.ok ? result.value : undefined;
}

/** A second sandbox stored as a remote profile, so a network switch is driven too. */
let remote: Awaited<ReturnType<typeof startSandbox>> | undefined;

beforeAll(async () => {
  remote = await startSandbox({ seed: 3, port: 0, simulate: false });
  const dataDir = mkdtempSync(join(tmpdir(), 'marketdesk-core-'));
  addProfilesToSettingsFile(dataDir, [remoteSandboxProfile('remote', 'Remote', remote.urls)]);
  harness = await startHarness({
    dataDir,
    log,
    bookPollIntervalMs: 200,
    // An installed app's updater (a stand-in: electron-updater needs Electron), so the switch to
    // the remote network turns updates on and the update state is announced.
    updater: new FakeUpdaterPort(),
    // A short dead-man window, so a locked vault lets heartbeats lapse within the test.
    sandbox: { perps: { now: () => Date.now() + perpsOffsetMs }, heartbeatTimeoutMs: HEARTBEAT_WINDOW_MS },
    tradingRecovery: { heartbeatIntervalMs: 300, heartbeatWindowMs: HEARTBEAT_WINDOW_MS },
    // The user at main's surface says yes; the walk turns main's questions on for the sandbox, so they are asked too.
    confirmationSurface: new AnsweringConfirmations('yes'),
    secretPresenter: {
      present: async () => ({ shownIn: 'dialog', url: null }),
      // Main's own prompt: the password is chosen and the file written outside the renderer.
      offerKeystore: async (offer) => {
        keystoreFiles.push(await offer.encrypt(KEYSTORE_PASSWORD));
        return { shownIn: 'dialog', url: null, savedAs: offer.fileName };
      },
    },
  });
});
afterAll(async () => {
  await harness?.stop();
  await remote?.stop();
});

/** Every secret the vault holds, read with the password straight from the file. */
async function vaultSecrets(): Promise<Array<string | Uint8Array>> {
  const vault = await openVault(join(harness.dataDir, 'marketdesk.vault'));
  await vault.unlockWithPassword(PASSWORD);
  const secrets: Array<string | Uint8Array> = [];
  try {
    for (const entry of vault.listRecords()) {
      const record = await vault.getRecord(entry.id);
      if (record.kind === 'signingKey') secrets.push(new Uint8Array(record.privateKey));
      if (record.kind === 'clobCredentials') secrets.push(record.credentials.secret, record.credentials.passphrase, record.credentials.apiKey);
      if (record.kind === 'perpsProxy') {
        secrets.push(record.proxy.secret);
        if (record.proxy.proxyPrivateKey) secrets.push(new Uint8Array(record.proxy.proxyPrivateKey));
      }
    }
  } finally {
    vault.lock();
  }
  return secrets;
}

/** Every way a secret could be spelled in text that leaves main. */
function spellings(secret: string | Uint8Array): string[] {
  const forms = new Set<string>();
  const add = (bytes: Uint8Array) => {
    const hex = bytesToHex(bytes).slice(2);
    forms.add(hex).add(hex.toUpperCase());
    forms.add(encodeBase64(bytes)).add(encodeBase64(bytes, { url: true, pad: false }));
    forms.add(encodeBase64(bytes, { pad: false })).add(encodeBase64(bytes, { url: true }));
  };
  if (typeof secret === 'string') {
    forms.add(secret);
    add(new TextEncoder().encode(secret));
    if (/^0x[0-9a-fA-F]+$/.test(secret)) add(hexToBytes(secret as `0x${string}`));
    try {
      if (secret.length >= 16) add(decodeBase64Any(secret));
    } catch {
      // not base64: the text forms above cover it
    }
  } else add(secret);
  // A fragment long enough to be unmistakable also counts (e.g. a key cut in a message).
  return [...forms].filter((f) => f.length >= 8);
}

describe('no secret crosses the bridge', () => {
  it('walks every channel and event with known secrets in the vault and finds none of them outside main', async () => {
    const visited = new Set<ChannelName>();
    const step = async (channel: ChannelName, input: unknown) => {
      visited.add(channel);
      return drive(channel, input);
    };

    // Bad input first, for every channel: the error messages must not echo secrets either.
    for (const channel of channelNames) {
      await drive(channel, { password: PASSWORD, privateKey: KEY, keystorePassword: KEYSTORE_PASSWORD, junk: true });
      await drive(channel, KEY);
    }

    await step('getAppStatus', {});
    await step('getVaultState', {});
    await step('createVault', { password: PASSWORD });
    await step('setSandboxMainConfirmations', { enabled: true });
    await step('setRememberOnDevice', { enabled: true });
    await step('setAutoLockMinutes', { minutes: 30 });
    await step('reportUserActivity', {});
    await step('importPrivateKeyAccount', { label: 'Known key', privateKey: KEY });
    await step('createAccount', { label: 'Fresh key' });
    await step('exportAccountKeystore', {
      accountId: ((await step('listAccounts', {})) as AccountsState).activeAccountId,
      password: PASSWORD,
    });
    const keystoreJson = keystoreFiles[0]!;
    await step('importKeystoreAccount', { label: 'Dup', keystoreJson, keystorePassword: KEYSTORE_PASSWORD });
    await step('importKeystoreAccount', { label: 'Wrong', keystoreJson, keystorePassword: `${KEYSTORE_PASSWORD}x` });
    await step('importPrivateKeyAccount', { label: 'Known key again', privateKey: KEY });
    await step('importPrivateKeyAccount', { label: 'Bad key', privateKey: `${KEY}ff` });
    await step('addWatchOnlyAccount', { label: 'Watch', address: '0x90F79bf6EB2c4f870365E785982E1f101E93b906' });
    const accounts = (await step('listAccounts', {})) as AccountsState;
    const [first, second] = accounts.accounts;
    await step('renameAccount', { accountId: second!.id, label: 'Renamed' });
    await step('reorderAccounts', { accountIds: [second!.id, first!.id] });
    await step('switchAccount', { accountId: first!.id });
    await step('createClobCredentials', {});
    await step('rotateClobCredentials', {});
    await step('createPerpsProxy', { label: 'Scan proxy', expiryDays: 7 });

    // Perps: every channel, with the proxy's key and secret in the vault and in use.
    const perpsAccountId = first!.id;
    const otherAddress = accounts.accounts.find((a) => a.id === second!.id)!.address;
    await step('getPerpsInfo', {});
    await step('requestSandboxPerpsFunds', { accountId: perpsAccountId, asset: 'USDC', amount: '500' });
    perpsOffsetMs += 61_000;
    await step('listPerpsAccounts', {});
    await step('setSandboxPerpsPosition', { accountId: perpsAccountId, instrumentId: SANDBOX_PERPS_INSTRUMENTS[0]!.id, size: '0.01' });
    const perpsPreview = (await step('previewPerpsTransfer', { fromAccountId: perpsAccountId, to: otherAddress, asset: 'USDC', amount: '12.5', label: KEY.slice(2, 40) })) as PerpsTransferPreview;
    expect(perpsPreview?.previewId).toBeTruthy();
    expect(await step('sendPerpsTransfer', { previewId: perpsPreview.previewId })).toEqual(expect.objectContaining({ alreadySettled: false }));
    await step('sendPerpsTransfer', { previewId: perpsPreview.previewId });
    await step('syncPerpsHistory', { accountId: perpsAccountId, kind: 'transfers' });
    await step('syncPerpsHistory', { accountId: perpsAccountId, kind: 'funding' });
    await step('queryPerpsTransfers', { accountId: perpsAccountId, filter: { text: KEY } });
    await step('queryPerpsTransfers', { accountId: perpsAccountId });
    await step('exportPerpsTransfers', { accountId: perpsAccountId, format: 'json' });
    await step('queryPerpsFunding', { accountId: perpsAccountId });
    await step('getPerpsEquity', { accountId: perpsAccountId, interval: '1m', points: 10 });
    await step('listPerpsTrades', { instrumentId: SANDBOX_PERPS_INSTRUMENTS[0]!.id });
    await step('getPerpsReferral', { accountId: perpsAccountId });
    await step('createPerpsInvite', { accountId: perpsAccountId });
    await step('applyPerpsReferralCode', { accountId: perpsAccountId, code: 'NOSUCHCODE' });
    // A proxy that is rotated away was in the vault too: its secret and key count as well.
    const beforeRotation = await vaultSecrets();
    const perpsProxy = ((await step('listAccounts', {})) as AccountsState).accounts.find((a) => a.id === perpsAccountId)!.perpsProxies[0]!;
    await step('rotatePerpsProxy', { accountId: perpsAccountId, proxyAddress: perpsProxy.proxyAddress });
    await step('getPerpsReferral', { accountId: perpsAccountId });
    expect(harness.events.some((e) => e.event === 'perpsChanged')).toBe(true);

    // Trading: every channel with the credentials in use.
    const tradePage = (await step('searchCatalogEvents', {})) as EventsPage;
    const tradeEvent = (await step('getCatalogEvent', { eventId: tradePage.events[0]!.id })) as EventDetail;
    const tokenId = tradeEvent.markets[0]!.outcomes[0]!.tokenId;
    await step('requestSandboxFunds', { amount: '1000' });
    await step('getBalanceAllowance', {});
    await step('refreshBalanceAllowance', { tokenId });
    await step('getTradingState', {});
    await step('setConfirmOrders', { enabled: false });
    await step('setHeartbeat', { enabled: true });
    await step('setHeartbeat', { enabled: false });
    const ticket = { tokenId, side: 'BUY', orderType: 'GTC', price: '0.01', size: '5' };
    await step('previewOrder', { ticket });
    await step('previewOrders', { tickets: [ticket, { ...ticket, price: '0.02' }] });
    const placed = (await step('placeOrder', { ticket })) as { orderId: string } | undefined;
    const pair = (await step('placeOrders', { tickets: [ticket, { ...ticket, price: '0.02' }] })) as Array<{ orderId: string }> | undefined;
    // ladder: amend (cancel and replace) — its result carries both answers, never a secret.
    await step('amendOrder', { orderId: pair?.[1]?.orderId ?? '0x01', price: '0.03' });
    // A FOK at a generous limit fills against the book, so fills and balances are pushed too.
    await step('placeOrder', { ticket: { ...ticket, orderType: 'FOK', price: '0.99' } });
    await waitFor(() => harness.events.some((e) => e.event === 'orderFilled'), 10_000);
    await step('listOpenOrders', {});
    await step('cancelOrder', { orderId: placed?.orderId ?? 'none' });
    await step('cancelOrders', { orderIds: ['0x01', '0x02'] });
    await step('cancelMarketOrders', { assetId: tokenId });
    await step('cancelAllOrders', {});
    // guardrails: the explanations carry network and account ids, never a secret; so do main's questions.
    const activeId = ((await step('listAccounts', {})) as AccountsState).activeAccountId;
    await step('getLiveAcknowledgements', {});
    await step('listPendingConfirmations', {});
    await step('declineConfirmation', { id: 'no-such-question' });
    await step('setSandboxMainConfirmations', { enabled: false });
    // risk: limits and their use carry figures and ids, never a secret; so does the kill switch's answer.
    await step('getRiskState', {});
    await step('setRiskLimits', { accountId: activeId, networkId: 'sandbox', limits: { maxOpenOrders: '50' } });
    await step('killSwitch', { networkId: 'sandbox' });
    await step('listAccountTrades', { jobId: 'scan-trades' });
    await step('cancelJob', { jobId: 'scan-trades' });
    await step('getPriceHistory', { tokenId });
    await step('getOhlc', { tokenId, fidelity: '1h', startTs: 0 });
    await step('getRecentTrades', { tokenId });
    await step('listFillNotifications', {});
    await step('dismissFillNotifications', { ids: [] });
    await step('setSandboxExchangeMode', { mode: 'post-only', retryAfterSeconds: 5 });
    await step('setSandboxExchangeMode', { mode: 'normal' });
    await step('setSandboxAddressRestriction', { restriction: 'closed-only' });
    await step('setSandboxAddressRestriction', { restriction: 'none' });
    // Portfolio, history and boards, for the account that just traded.
    const address = accounts.accounts.find((a) => a.id === first!.id)!.address;
    await step('getPortfolio', { target: { kind: 'account', accountId: first!.id } });
    await step('getPortfolio', { target: { kind: 'all' } });
    await step('getKeptPortfolio', { target: { kind: 'account', accountId: first!.id } });
    await step('getPortfolioHistory', { target: { kind: 'address', address } });
    await step('syncActivityHistory', { address });
    await step('getHistorySyncState', { address });
    await step('queryActivity', { address, filter: { text: KEY } });
    await step('exportActivity', { address, format: 'csv' });
    await step('listComboActivity', { address });
    await step('listApprovals', { address });
    await step('listBiggestWinners', {});
    await step('listBuildersLeaderboard', { period: 'week' });
    await step('getBuilderVolume', { interval: 'month', buckets: 3 });
    // The routes every view now uses: a market's open interest, holders and trades; the traders'
    // board and the board categories; combo positions and combo activity by combo id.
    const conditionId = tradeEvent.markets[0]!.conditionId;
    await step('getMarketOpenInterest', { conditionId });
    await step('listOutcomeHolders', { tokenId });
    await step('listMarketTrades', { conditionId, limit: 5 });
    await step('listTraderLeaderboard', { period: 'week', orderBy: 'volume' });
    await step('listBoardCategories', {});
    await step('listComboPositions', { target: { kind: 'all' } });
    await step('listComboActivity', { address, conditionIds: [conditionId] });
    await step('revealAccountPrivateKey', { accountId: first!.id, password: PASSWORD });
    await step('revealAccountPrivateKey', { accountId: first!.id, password: `${PASSWORD}!` });
    await step('getBudgetState', {});
    // Heartbeats on with a resting order, then a lock that outlasts the exchange's window: the
    // exchange cancels the order, and after the unlock the core lists it.
    await step('placeOrder', { ticket });
    await step('setHeartbeat', { enabled: true });
    await new Promise((resolve) => setTimeout(resolve, 600));
    await step('lockVault', {});
    await new Promise((resolve) => setTimeout(resolve, HEARTBEAT_WINDOW_MS * 2));
    await step('unlockVault', { password: `${PASSWORD}?` });
    await step('unlockVaultWithDevice', {});
    await step('createPerpsProxy', { label: 'While locked', expiryDays: 7 });
    await step('unlockVault', { password: PASSWORD });
    await waitFor(() => harness.events.some((e) => e.event === 'ordersCancelledByExchange'), 15_000);
    await step('setHeartbeat', { enabled: false });

    const page = (await step('searchCatalogEvents', {})) as EventsPage;
    await step('listCatalogTags', {});
    // markets: the watchlist
    await step('setWatchlisted', { eventId: page.events[0]!.id, watched: true });
    await step('getWatchlist', {});
    const detail = (await step('getCatalogEvent', { eventId: page.events[0]!.id })) as EventDetail;
    await step('watchOrderBooks', { tokenIds: detail.markets[0]!.outcomes.map((o) => o.tokenId) });
    await waitFor(() => harness.events.some((e) => e.event === 'orderBooksUpdated'), 15_000);
    await waitFor(() => harness.events.some((e) => e.event === 'appStatusChanged'), 5_000);
    // prefs: display preferences and alerts (an alert already met fires on the first read of its book).
    await step('getDisplayPrefs', {});
    await step('setDisplayPrefs', { priceStyle: 'cents', clock: '12h' });
    await step('listAlerts', {});
    const alertOn = { tokenId: detail.markets[0]!.outcomes[0]!.tokenId, question: 'Scan', outcome: 'Yes', source: 'mid', price: '0.0001' };
    const waiting = (await step('createPriceAlert', { ...alertOn, direction: 'below' })) as { alerts: Array<{ id: string }> };
    await step('removePriceAlert', { alertId: waiting.alerts[0]?.id ?? 'gone' });
    await step('createPriceAlert', { ...alertOn, direction: 'above' });
    await waitFor(() => harness.events.some((e) => e.event === 'alertFired'), 15_000);
    await step('clearAlertLog', {});
    // profiles: network profiles, the connection test, export and import.
    const profile = { id: 'scan-remote', label: 'Scan remote', urls: { ...harness.sandbox.urls }, ...newProfileDefaults() };
    await step('listNetworkProfiles', {});
    await step('saveNetworkProfile', { profile });
    await step('testNetworkProfile', { profile });
    const exported = (await step('exportNetworkProfiles', {})) as NetworkProfilesExport;
    await step('deleteNetworkProfile', { id: profile.id });
    await step('importNetworkProfiles', { fileText: exported.text });
    await waitFor(() => harness.events.some((e) => e.event === 'networkProfilesChanged'), 5_000);

    // switching: to the remote profile and back to the sandbox, with whatever rests or runs.
    await step('listNetworks', {});
    await step('getNetworkSwitchPreflight', { networkId: 'remote' });
    await step('switchNetwork', { networkId: 'remote', confirmed: true });
    await step('switchNetwork', { networkId: 'sandbox', confirmed: true });
    // updater: announced when the switch to the remote network turned updates on; refused again on
    // the sandbox. No channel sets the feed (it comes from the installer, environment or settings file).
    await waitFor(() => harness.events.some((e) => e.event === 'updateStateChanged'), 5_000);
    await step('getUpdateState', {});
    await step('checkForUpdates', {});
    await step('downloadUpdate', {});
    await step('cancelUpdateDownload', {});
    await step('installUpdate', { confirmed: false });

    // Read every secret the vault now holds, with the password, straight from the file.
    // An exported keystore is a secret too: with its password it is the key.
    expect(keystoreFiles.length).toBe(1);
    const keystoreCiphertext = (JSON.parse(keystoreFiles[0]!) as { crypto: { ciphertext: string } }).crypto.ciphertext;
    const secrets: Array<string | Uint8Array> = [PASSWORD, KEY, KEYSTORE_PASSWORD, keystoreCiphertext, ...beforeRotation, ...(await vaultSecrets())];
    const textSecrets = secrets.filter((s) => typeof s === 'string' && s.length > 0).length;
    expect(textSecrets).toBeGreaterThanOrEqual(8);

    await step('deletePerpsProxy', { proxyAddress: (await step('listAccounts', {}) as AccountsState).accounts[0]!.perpsProxies[0]?.proxyAddress ?? '0x0000000000000000000000000000000000000001' });
    await step('deleteClobCredentials', {});
    await step('removeAccount', { accountId: second!.id, password: PASSWORD });

    expect(secrets.filter((s) => typeof s !== 'string').length).toBeGreaterThanOrEqual(3);
    expect(visited).toEqual(new Set(channelNames));
    const seenEvents = new Set(harness.events.map((e) => e.event));
    expect(seenEvents).toEqual(new Set(eventNames));

    const haystacks = [
      ...outputs.map((o) => JSON.stringify(o)),
      ...harness.events.map((e) => JSON.stringify(e)),
      ...logLines,
    ];
    const leaks: string[] = [];
    for (const secret of secrets) {
      for (const form of spellings(secret)) {
        for (const text of haystacks) if (text.includes(form)) leaks.push(`${form.slice(0, 6)}… in ${text.slice(0, 80)}`);
      }
    }
    expect(leaks).toEqual([]);
    // The key is shown only where the user asked for it: the presenter, never a result.
    expect(outputs.some((o) => JSON.stringify(o).includes('"shownIn":"dialog"'))).toBe(true);
    // The walk drives every channel and two networks; on a loaded machine it needs more than the default 20 s.
  }, 120_000);
});
