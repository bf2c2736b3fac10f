/**
 * The install of an update asks first while an order rests or heartbeats run, with the list read
 * from the exchange: a real core on a network that is not the sandbox (a profile pointing at a
 * sandbox started here), a real order and real heartbeats. Only the updater is a stand-in
 * (electron-updater needs Electron; see fakeUpdaterPort.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../../src/main/core/coreApi';
import { createCore } from '../../../src/main/core/createCore';
import { createMemoryOsKeyStore } from '../../../src/main/core/custody';
import { silentLogger } from '../../../src/main/core/log';
import { startSandbox } from '../../../src/sandbox/start';
import type { AccountsState } from '../../../src/shared/custodyViews';
import type { PlacedOrder } from '../../../src/shared/tradingViews';
import type { InstallUpdateResult, UpdateState } from '../../../src/shared/updates';
import type { EventDetail, EventsPage } from '../../../src/shared/viewModels';
import { FakeUpdaterPort } from '../../unit/core/updates/fakeUpdaterPort';
import { LIGHT_KDF, waitFor } from './coreHarness';
import { AnsweringConfirmations } from './answeringConfirmations';

let sandbox: Awaited<ReturnType<typeof startSandbox>>;
let core: Core;
let dataDir = '';
let lockDir = '';
const port = new FakeUpdaterPort();
const states: UpdateState[] = [];

async function call<T>(channel: string, input: unknown = {}): Promise<T> {
  const result = await core.dispatch(channel, input, { clientId: 'test-window' });
  if (!result.ok) throw new Error(`${channel} failed: ${result.error.code}: ${result.error.message}`);
  return result.value as T;
}

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 7, port: 0, simulate: false });
  dataDir = mkdtempSync(join(tmpdir(), 'marketdesk-updates-'));
  lockDir = mkdtempSync(join(tmpdir(), 'marketdesk-updates-lock-'));
  core = await createCore({
    dataDir,
    // Not the sandbox as far as the app knows: updates are on here.
    serviceUrls: { ...sandbox.urls, label: 'Remote desk', isSandbox: false },
    budgetLockDir: lockDir,
    log: silentLogger,
    osKeyStore: createMemoryOsKeyStore(),
    vaultKdf: LIGHT_KDF,
    keystoreKdf: LIGHT_KDF,
    activityPollMs: 100,
    updater: port,
    // Credentials off the sandbox wait for main's confirmation; the user says yes.
    confirmationSurface: new AnsweringConfirmations('yes'),
  });
  core.subscribe((event, payload) => {
    if (event === 'updateStateChanged') states.push(payload as UpdateState);
  });
}, 60_000);

afterAll(async () => {
  await core?.stop();
  await sandbox?.stop();
  for (const dir of [dataDir, lockDir]) if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('installing an update', () => {
  it('lists the resting order and the running heartbeats, installs only once confirmed, and without asking once nothing rests', async () => {
    expect((await call<UpdateState>('getUpdateState')).status).toEqual({ phase: 'idle' });

    await call('createVault', { password: 'updates password 1' });
    const accounts = await call<AccountsState>('createAccount', { label: 'Trader' });
    const address = accounts.accounts[0]!.address;
    await call('createClobCredentials', {});
    // The faucet is the sandbox's own admin route (the app offers it only on the Sandbox network).
    const funded = await fetch(`${sandbox.urls.clob}/sandbox/faucet`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ address, amount: '100' }) });
    expect(funded.ok).toBe(true);
    let tokenId = '';
    for (const event of (await call<EventsPage>('searchCatalogEvents', {})).events) {
      const market = (await call<EventDetail>('getCatalogEvent', { eventId: event.id })).markets.find((m) => m.active && !m.closed && m.acceptingOrders && m.tickSize === '0.01');
      if (market) {
        tokenId = market.outcomes[0]!.tokenId;
        break;
      }
    }
    // A live network: the account's first order there is explained and confirmed in main's surface.
    const placed = await call<PlacedOrder>('placeOrder', { ticket: { tokenId, side: 'BUY', orderType: 'GTC', price: '0.02', size: '10' } });
    expect(placed.success).toBe(true);
    await call('setHeartbeat', { enabled: true });

    port.nextCheck = '9.9.0';
    await call<UpdateState>('checkForUpdates');
    await waitFor(() => states.some((s) => s.status.phase === 'ready'), 20_000);

    const asked = await call<InstallUpdateResult>('installUpdate', { confirmed: false });
    expect(asked).toEqual({
      outcome: 'needs-confirmation',
      version: '9.9.0',
      resting: { networkLabel: 'Remote desk', heartbeatWindowMs: 10_000, accounts: [{ accountId: accounts.accounts[0]!.id, label: 'Trader', openOrders: 1, heartbeatsRunning: true }] },
    });
    expect(port.installs).toBe(0);
    expect(port.installOnQuit.includes(true)).toBe(false);

    // Nothing rests any more: a quit may install it, and the install goes ahead unasked.
    await call('cancelOrder', { orderId: placed.orderId });
    await call('setHeartbeat', { enabled: false });
    await waitFor(() => port.lastInstallOnQuit === true, 30_000);
    expect((await call<UpdateState>('getUpdateState')).installsOnQuit).toBe(true);
    expect(await call<InstallUpdateResult>('installUpdate', { confirmed: false })).toEqual({ outcome: 'installing', version: '9.9.0' });
    expect(port.installs).toBe(1);
  }, 90_000);
});
