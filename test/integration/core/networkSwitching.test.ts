/**
 * Switching networks without a restart, end to end through the bridge: the embedded sandbox and a
 * second real sandbox on loopback stored as a remote profile. Switching back and forth, calls made
 * during a switch, the embedded sandbox keeping its state (a resting order) while the core is on
 * the other network, a failed switch putting the previous network back, and the budget-owner
 * lock moving with the live network.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore } from '../../../src/main/core/createCore';
import type { Core } from '../../../src/main/core/coreApi';
import { createMemoryOsKeyStore } from '../../../src/main/core/custody';
import { silentLogger } from '../../../src/main/core/log';
import { acquireBudgetOwnerLock, BudgetOwnerLockedError } from '../../../src/main/core/net/budgetOwnerLock';
import { startSandbox } from '../../../src/sandbox/start';
import type { EventName } from '../../../src/shared/contract';
import type { AccountsState } from '../../../src/shared/custodyViews';
import type { NetworkChoice, NetworkSwitchPreflight } from '../../../src/shared/networkSwitchViews';
import type { OpenOrderView, PlacedOrder } from '../../../src/shared/tradingViews';
import type { AppStatus, EventDetail, EventsPage, NetworkInfo, OrderBookView } from '../../../src/shared/viewModels';
import { faucet } from '../sandbox/tradingClient';
import { LIGHT_KDF } from './coreHarness';
import { addProfilesToSettingsFile, remoteSandboxProfile } from './remoteSandboxProfile';
import { AnsweringConfirmations } from './answeringConfirmations';

type Sandbox = Awaited<ReturnType<typeof startSandbox>>;
let remote: Sandbox;
let core: Core;
let dataDir: string;
let lockRoot: string;
let deadUrl: string;
const events: Array<{ event: EventName; payload: unknown }> = [];
let accounts: AccountsState;

const call = async <T>(channel: string, input: unknown = {}): Promise<T> => {
  const result = await core.dispatch(channel, input, { clientId: 'switch-test' });
  if (!result.ok) throw new Error(`${channel} failed: ${result.error.code}: ${result.error.message}`);
  return result.value as T;
};
const failure = async (channel: string, input: unknown = {}) => {
  const result = await core.dispatch(channel, input, { clientId: 'switch-test' });
  if (result.ok) throw new Error(`${channel} unexpectedly succeeded`);
  return result.error;
};
const useAccount = (index: number) => call('switchAccount', { accountId: accounts.accounts[index]!.id });
const savedActiveId = () => (JSON.parse(readFileSync(join(dataDir, 'settings.json'), 'utf8')) as { activeNetworkId?: string }).activeNetworkId;
const remoteLockIsFree = () => {
  try {
    acquireBudgetOwnerLock(remote.urls, { root: lockRoot, hostKind: 'test', networkLabel: 'Remote' }).release();
    return true;
  } catch (error) {
    if (error instanceof BudgetOwnerLockedError) return false;
    throw error;
  }
};

/** A loopback port nothing listens on: a network whose services refuse every connection. */
async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

/** A token with room under its bid, so a far bid rests and is not filled. */
async function restingToken(): Promise<string> {
  const page = await call<EventsPage>('searchCatalogEvents', {});
  for (const event of page.events) {
    const detail = await call<EventDetail>('getCatalogEvent', { eventId: event.id });
    for (const market of detail.markets.filter((m) => m.active && !m.closed && m.acceptingOrders && m.tickSize === '0.01')) {
      const tokenId = market.outcomes[0]!.tokenId;
      const { books } = await call<{ books: OrderBookView[] }>('watchOrderBooks', { tokenIds: [tokenId] });
      if (Number(books[0]?.bestBid ?? 0) >= 0.2) return tokenId;
    }
  }
  throw new Error('no market with a bid of at least 0.20');
}

beforeAll(async () => {
  remote = await startSandbox({ seed: 11, port: 0, simulate: false });
  deadUrl = await closedPortUrl();
  dataDir = mkdtempSync(join(tmpdir(), 'marketdesk-switch-'));
  lockRoot = mkdtempSync(join(tmpdir(), 'marketdesk-switch-locks-'));
  addProfilesToSettingsFile(dataDir, [
    remoteSandboxProfile('remote', 'Remote', remote.urls),
    remoteSandboxProfile('dead', 'Dead end', { clob: deadUrl, catalog: deadUrl, analytics: deadUrl, perps: deadUrl }),
  ]);
  core = await createCore({
    dataDir,
    sandboxSeed: 7,
    budgetLockDir: lockRoot,
    log: silentLogger,
    osKeyStore: createMemoryOsKeyStore(),
    vaultKdf: LIGHT_KDF,
    keystoreKdf: LIGHT_KDF,
    activityPollMs: 300,
    // The remote network's credentials wait for main's confirmation; the user says yes.
    confirmationSurface: new AnsweringConfirmations('yes'),
  });
  core.subscribe((event, payload) => events.push({ event, payload }));
  await call('createVault', { password: 'switching test password' });
  await call('createAccount', { label: 'Sandbox maker' });
  accounts = await call<AccountsState>('createAccount', { label: 'Remote trader' });
}, 60_000);

afterAll(async () => {
  await core?.stop();
  await remote?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  if (lockRoot) rmSync(lockRoot, { recursive: true, force: true });
});

describe('switching networks without a restart', () => {
  let restingId = '';

  it('starts on the embedded sandbox and offers the stored profiles', async () => {
    const choices = await call<NetworkChoice[]>('listNetworks');
    expect(choices.map((c) => [c.id, c.active])).toEqual([['sandbox', true], ['remote', false], ['dead', false]]);
    expect((await call<AppStatus>('getAppStatus')).network).toEqual({ id: 'sandbox', label: 'Sandbox', isSandbox: true });
    expect(remoteLockIsFree()).toBe(true);
  });

  it('lists a resting order in the preflight and refuses to switch until confirmed', async () => {
    await useAccount(0);
    await call('requestSandboxFunds', { amount: '1000' });
    const tokenId = await restingToken();
    const placed = await call<PlacedOrder>('placeOrder', { ticket: { tokenId, side: 'BUY', orderType: 'GTC', price: '0.01', size: '100', postOnly: true } });
    expect(placed).toMatchObject({ success: true, status: 'live' });
    restingId = placed.orderId!;
    // The desk learns the order from its activity poll.
    const deadline = Date.now() + 10_000;
    let preflight = await call<NetworkSwitchPreflight>('getNetworkSwitchPreflight', { networkId: 'remote' });
    while (!preflight.needsConfirmation && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      preflight = await call<NetworkSwitchPreflight>('getNetworkSwitchPreflight', { networkId: 'remote' });
    }
    expect(preflight).toMatchObject({ from: { id: 'sandbox' }, to: { id: 'remote', label: 'Remote', isSandbox: false }, needsConfirmation: true });
    expect(preflight.accounts[0]).toMatchObject({ accountId: accounts.accounts[0]!.id, label: 'Sandbox maker', openOrders: 1, known: true });

    const refused = await failure('switchNetwork', { networkId: 'remote' });
    expect(refused).toMatchObject({ code: 'conflict', message: expect.stringMatching(/1 open order.*Confirm the switch/) });
    expect((await call<AppStatus>('getAppStatus')).network.id).toBe('sandbox');
  });

  it('switches to the remote: network calls wait with a retryable error, custody keeps answering, the budget lock moves', async () => {
    const before = events.length;
    const switching = core.dispatch('switchNetwork', { networkId: 'remote', confirmed: true }, { clientId: 'switch-test' });
    // Asked while the switch runs (it is under way after the dispatcher's synchronous part).
    const during = await core.dispatch('listCatalogTags', {}, { clientId: 'other-window' });
    const vault = await core.dispatch('getVaultState', {}, { clientId: 'other-window' });
    const status = await core.dispatch('getAppStatus', {}, { clientId: 'other-window' });
    const result = await switching;

    expect(during).toMatchObject({ ok: false, error: { code: 'unavailable', retryable: true, message: 'Switching to Remote… Try again in a moment.' } });
    expect(vault).toMatchObject({ ok: true, value: { unlocked: true } });
    expect(status).toMatchObject({ ok: true, value: { connection: 'connecting', connectionProblem: 'Switching to Remote…' } });
    expect(result).toEqual({ ok: true, value: { id: 'remote', label: 'Remote', isSandbox: false } });

    const changed = events.slice(before).filter((e) => e.event === 'networkChanged').map((e) => e.payload as NetworkInfo);
    expect(changed).toEqual([{ id: 'remote', label: 'Remote', isSandbox: false }]);
    expect(events.slice(before).some((e) => e.event === 'appStatusChanged' && (e.payload as AppStatus).network.id === 'remote')).toBe(true);
    expect(savedActiveId()).toBe('remote');
    expect(remoteLockIsFree()).toBe(false);
    // The accounts as seen on the remote: the sandbox's credentials are not this network's.
    const seen = events.slice(before).filter((e) => e.event === 'accountsChanged').map((e) => e.payload as AccountsState);
    expect(seen.at(-1)?.accounts[0]).toMatchObject({ label: 'Sandbox maker', clobCredentials: null });
    expect((await call<NetworkChoice[]>('listNetworks')).find((c) => c.active)?.id).toBe('remote');
  });

  it('trades on the remote with credentials derived there', async () => {
    await useAccount(1);
    await call('createClobCredentials', {});
    // A live network has no faucet in the app: the test funds the remote sandbox directly.
    expect(await failure('requestSandboxFunds', { amount: '10' })).toMatchObject({ code: 'unavailable' });
    await faucet(remote.urls.clob, accounts.accounts[1]!.address, '500');
    const tokenId = await restingToken();
    // A live network: the account's first order there is explained and confirmed in main's surface.
    const placed = await call<PlacedOrder>('placeOrder', { ticket: { tokenId, side: 'BUY', orderType: 'GTC', price: '0.01', size: '100', postOnly: true } });
    expect(placed).toMatchObject({ success: true, status: 'live' });
    expect((await call<OpenOrderView[]>('listOpenOrders')).map((o) => o.id)).toContain(placed.orderId);
    await call('cancelOrder', { orderId: placed.orderId });
    expect((await call<OpenOrderView[]>('listOpenOrders')).map((o) => o.id)).not.toContain(placed.orderId);
  });

  it('switches back: the embedded sandbox kept running with its resting order, and the remote lock is released', async () => {
    await call('setHeartbeat', { enabled: true });
    const preflight = await call<NetworkSwitchPreflight>('getNetworkSwitchPreflight', { networkId: 'sandbox' });
    expect(preflight).toMatchObject({ needsConfirmation: true, heartbeats: [{ accountId: accounts.accounts[1]!.id, label: 'Remote trader' }] });
    expect(await failure('switchNetwork', { networkId: 'sandbox' })).toMatchObject({ code: 'conflict', message: expect.stringMatching(/heartbeats of 1 account/) });
    const back = await call<NetworkInfo>('switchNetwork', { networkId: 'sandbox', confirmed: true });
    expect(back).toEqual({ id: 'sandbox', label: 'Sandbox', isSandbox: true });
    expect(savedActiveId()).toBe('sandbox');
    expect(remoteLockIsFree()).toBe(true);
    await useAccount(0);
    expect((await call<OpenOrderView[]>('listOpenOrders')).map((o) => o.id)).toContain(restingId);
    // Back on the sandbox its credentials are there again; the remote trader's stay the remote's.
    const seen = await call<AccountsState>('listAccounts');
    expect(seen.accounts[0]!.clobCredentials).not.toBeNull();
    expect(seen.accounts[1]).toMatchObject({ label: 'Remote trader', clobCredentials: null });
  });

  it('a switch to a network that does not answer puts the previous one back', async () => {
    const before = events.length;
    const refused = await failure('switchNetwork', { networkId: 'dead', confirmed: true });
    expect(refused).toMatchObject({ code: 'unavailable', message: expect.stringMatching(/^Could not open Dead end: .*Still on Sandbox\.$/) });
    expect(events.slice(before).some((e) => e.event === 'networkChanged')).toBe(false);
    expect((await call<AppStatus>('getAppStatus')).network.id).toBe('sandbox');
    expect(savedActiveId()).toBe('sandbox');
    // The dead network's lock was let go; the sandbox runs as before.
    const deadLock = acquireBudgetOwnerLock({ clob: deadUrl, catalog: deadUrl, analytics: deadUrl, perps: deadUrl }, { root: lockRoot, hostKind: 'test', networkLabel: 'Dead' });
    deadLock.release();
    expect((await call<OpenOrderView[]>('listOpenOrders')).map((o) => o.id)).toContain(restingId);
  });

  it('a switch to a network another process owns is refused before anything stops', async () => {
    const held = acquireBudgetOwnerLock(remote.urls, { root: lockRoot, hostKind: 'another app', networkLabel: 'Remote' });
    try {
      const refused = await failure('switchNetwork', { networkId: 'remote', confirmed: true });
      expect(refused).toMatchObject({ code: 'conflict', message: expect.stringMatching(/another app/) });
      expect((await call<AppStatus>('getAppStatus')).network.id).toBe('sandbox');
      expect((await call<OpenOrderView[]>('listOpenOrders')).map((o) => o.id)).toContain(restingId);
    } finally {
      held.release();
    }
  });

  it('refuses an unknown network by name', async () => {
    expect(await failure('switchNetwork', { networkId: 'nowhere' })).toMatchObject({ code: 'not_found', message: expect.stringMatching(/no network "nowhere"/) });
    expect(await failure('getNetworkSwitchPreflight', { networkId: 'Not An Id' })).toMatchObject({ code: 'invalid_input' });
  });
});
