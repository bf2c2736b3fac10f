/**
 * Credentials and proxies are used only at the origin that issued them, through a real core and
 * two real sandboxes on 127.0.0.1: A is the exchange the user's live profile "Staging" was set up
 * on, B is another host. What reaches B is read from B's own request counters.
 *
 * - Hostile host: a profile whose order-book URL is B. "Create credentials" first shows B as the
 *   host that will receive the L1 signature in main's confirmation; declined, B sees nothing.
 * - Re-pointed import: an import replaces "Staging" with B's URLs. The credentials and the proxy
 *   issued by A are refused before anything is sent (orders, reads, deletion, rotation, perps key
 *   headers and transfers), B's counters show no credentialed request, the views show the mismatch,
 *   and re-issuing on B (after the confirmation names B) works.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore } from '../../../src/main/core/createCore';
import type { Core } from '../../../src/main/core/coreApi';
import { createMemoryOsKeyStore, openVault } from '../../../src/main/core/custody';
import { silentLogger } from '../../../src/main/core/log';
import { startSandbox } from '../../../src/sandbox/start';
import type { AccountsState, AccountView } from '../../../src/shared/custodyViews';
import type { BridgeError } from '../../../src/shared/result';
import { faucet } from '../sandbox/tradingClient';
import { AnsweringConfirmations } from './answeringConfirmations';
import { LIGHT_KDF, waitFor, type RunningSandbox } from './coreHarness';
import { addProfilesToSettingsFile, remoteSandboxProfile } from './remoteSandboxProfile';

const PASSWORD = 'origin binding test password';
let exchangeA: RunningSandbox;
let otherB: RunningSandbox;
let core: Core;
let dataDir: string;
const confirmations = new AnsweringConfirmations('yes');

const call = async <T>(channel: string, input: unknown = {}): Promise<T> => {
  const result = await core.dispatch(channel, input, { clientId: 'origin-test' });
  if (!result.ok) throw new Error(`${channel} failed: ${result.error.code}: ${result.error.message}`);
  return result.value as T;
};
const refusal = async (channel: string, input: unknown = {}): Promise<BridgeError> => {
  const result = await core.dispatch(channel, input, { clientId: 'origin-test' });
  if (result.ok) throw new Error(`${channel} unexpectedly succeeded`);
  return result.error;
};
const active = (state: AccountsState): AccountView => state.accounts.find((a) => a.id === state.activeAccountId)!;
const origin = (url: string) => new URL(url).origin;

/** Requests that carry an API key, an HMAC, an L1 signature, a proxy secret or a signed op. */
const carriesSecrets = (path: string) =>
  ['/auth/', '/v1/account/', '/data/', '/balance-allowance', '/builder/'].some((prefix) => path.startsWith(prefix)) ||
  ['/order', '/orders', '/cancel-all', '/cancel-market-orders', '/notifications', '/v1/heartbeats'].includes(path);
/** What B's own counters say reached it on credentialed routes: `METHOD path` → requests. */
const credentialedAtB = () =>
  Object.fromEntries(otherB.faultStats().routes.filter((r) => carriesSecrets(r.path) && r.requests > 0).map((r) => [`${r.method} ${r.path}`, r.requests]));

const switchTo = (networkId: string) => call('switchNetwork', { networkId, confirmed: true });

beforeAll(async () => {
  exchangeA = await startSandbox({ seed: 7, port: 0, simulate: false });
  otherB = await startSandbox({ seed: 8, port: 0, simulate: false });
  dataDir = mkdtempSync(join(tmpdir(), 'marketdesk-origin-'));
  addProfilesToSettingsFile(dataDir, [
    remoteSandboxProfile('staging', 'Staging', exchangeA.urls),
    // Everything at A except the order book, which a hostile file pointed at B.
    remoteSandboxProfile('hostile', 'Hostile', { ...exchangeA.urls, clob: otherB.urls.clob }),
  ]);
  const settingsFile = join(dataDir, 'settings.json');
  writeFileSync(settingsFile, JSON.stringify({ ...JSON.parse(readFileSync(settingsFile, 'utf8')), activeNetworkId: 'staging' }));
  core = await createCore({
    dataDir,
    budgetLockDir: join(dataDir, 'budget-locks'),
    log: silentLogger,
    osKeyStore: createMemoryOsKeyStore(),
    vaultKdf: LIGHT_KDF,
    keystoreKdf: LIGHT_KDF,
    activityPollMs: 100,
    confirmationSurface: confirmations,
  });
}, 60_000);

afterAll(async () => {
  await core?.stop();
  await exchangeA?.stop();
  await otherB?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('credentials and proxies bound to the origin that issued them', () => {
  let account: AccountView;

  it('issues credentials and a proxy on Staging (A) after main\'s confirmation names A, and records A with them', async () => {
    await call('createVault', { password: PASSWORD });
    account = active(await call<AccountsState>('createAccount', { label: 'Trader' }));
    const issued = active(await call<AccountsState>('createClobCredentials', {}));
    expect(confirmations.asked.at(-1)).toMatchObject({ kind: 'clob-credentials', title: `Create or derive order-book credentials at ${origin(exchangeA.urls.clob)}` });
    expect(confirmations.lastFact('Signature sent to')).toBe(origin(exchangeA.urls.clob));
    expect(issued.clobCredentials?.origin).toBe(origin(exchangeA.urls.clob));

    const state = await call<AccountsState>('createPerpsProxy', { label: 'Desk', expiryDays: 30 });
    expect(confirmations.asked.at(-1)).toMatchObject({ kind: 'perps-proxy' });
    expect(confirmations.lastFact('Signature sent to')).toBe(origin(exchangeA.urls.perps));
    expect(active(state).perpsProxies[0]!.origin).toBe(origin(exchangeA.urls.perps));
    expect(state.hosts).toEqual({ clob: origin(exchangeA.urls.clob), perps: origin(exchangeA.urls.perps) });

    // They work where they were issued.
    expect(await call('listOpenOrders', {})).toEqual([]);
    await faucet(exchangeA.urls.clob, account.address, '100');
    await call('listPerpsAccounts', { accountId: account.id });
    expect(credentialedAtB()).toEqual({});
  });

  it('hostile host: the L1 signature waits for a confirmation that names B; declined, B receives nothing', async () => {
    await switchTo('hostile');
    const asked = confirmations.asked.length;
    confirmations.answer = 'no';
    const declined = await refusal('createClobCredentials', {});
    expect(declined.code).toBe('not_confirmed');
    expect(confirmations.asked).toHaveLength(asked + 1);
    expect(confirmations.asked.at(-1)!.title).toBe(`Create or derive order-book credentials at ${origin(otherB.urls.clob)}`);
    expect(confirmations.lastFact('Signature sent to')).toBe(origin(otherB.urls.clob));
    expect(confirmations.lastFact('Network')).toBe('LIVE · Hostile (real money)');
    expect(credentialedAtB()).toEqual({});

    // A user who reads B there and says yes sends it there: the counters count.
    confirmations.answer = 'yes';
    await call('createClobCredentials', {});
    expect(credentialedAtB()).toEqual({ 'POST /auth/api-key': 1 });
  });

  it('re-pointed import: Staging now at B; nothing issued by A is sent there, and the views say so', async () => {
    const before = credentialedAtB();
    const file = { format: 'marketdesk-network-profiles', version: 1, profiles: [remoteSandboxProfile('staging', 'Staging', otherB.urls)] };
    const imported = await call<{ imported: string[] }>('importNetworkProfiles', { fileText: JSON.stringify(file), replaceExisting: true });
    expect(imported.imported).toEqual(['staging']);
    await switchTo('staging');

    const state = await call<AccountsState>('listAccounts');
    expect(state.hosts).toEqual({ clob: origin(otherB.urls.clob), perps: origin(otherB.urls.perps) });
    expect(active(state).clobCredentials?.origin).toBe(origin(exchangeA.urls.clob));
    expect(active(state).perpsProxies[0]!.origin).toBe(origin(exchangeA.urls.perps));

    const wrongHost = {
      code: 'wrong_host',
      message: `These order-book credentials were issued by ${origin(exchangeA.urls.clob)}; “Staging” now points at ${origin(otherB.urls.clob)}. Nothing was sent. Re-issue them for the new host in Accounts.`,
    };
    expect(await refusal('listOpenOrders', {})).toMatchObject(wrongHost);
    const tokenId = await firstTokenId();
    expect(await refusal('placeOrder', { ticket: { tokenId, side: 'BUY', orderType: 'GTC', price: '0.01', size: '100' } })).toMatchObject(wrongHost);
    expect(await refusal('rotateClobCredentials', {})).toMatchObject(wrongHost);
    expect(await refusal('deleteClobCredentials', {})).toMatchObject(wrongHost);
    // Heartbeats (L2) are asked for too; whatever the switch answers, none may reach B.
    await core.dispatch('setHeartbeat', { enabled: true }, { clientId: 'origin-test' });

    const proxyRefused = { code: 'wrong_host', message: expect.stringContaining(`This perps proxy was issued by ${origin(exchangeA.urls.perps)}; “Staging” now points at ${origin(otherB.urls.perps)}. Nothing was sent.`) };
    expect(await refusal('getPerpsEquity', { accountId: account.id, interval: '1m', points: 10 })).toMatchObject(proxyRefused);
    expect(await refusal('previewPerpsTransfer', { fromAccountId: account.id, to: '0x000000000000000000000000000000000000dEaD', asset: 'USDC', amount: '1' })).toMatchObject(proxyRefused);
    expect(await refusal('deletePerpsProxy', { proxyAddress: active(state).perpsProxies[0]!.proxyAddress })).toMatchObject(proxyRefused);

    // The pollers (open orders, fills) ran meanwhile; B's counters show no credentialed request at all.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(credentialedAtB()).toEqual(before);
  });

  it('re-issues on B once the confirmation names B and flags what A issued; then they work at B', async () => {
    const before = credentialedAtB();
    const state = active(await call<AccountsState>('createClobCredentials', {}));
    const question = confirmations.asked.at(-1)!;
    expect(question.title).toBe(`Create or derive order-book credentials at ${origin(otherB.urls.clob)}`);
    expect(question.facts).toContainEqual({ label: 'Signature sent to', value: origin(otherB.urls.clob), warn: true });
    expect(question.facts).toContainEqual(expect.objectContaining({ label: 'Issued elsewhere', value: expect.stringContaining(`by ${origin(exchangeA.urls.clob)}`), warn: true }));
    expect(state.clobCredentials?.origin).toBe(origin(otherB.urls.clob));
    expect(await call('listOpenOrders', {})).toEqual([]);
    await waitFor(() => (credentialedAtB()['GET /data/orders'] ?? 0) > 0);
    expect(credentialedAtB()['POST /auth/api-key']).toBe((before['POST /auth/api-key'] ?? 0) + 1);

    // The vault holds the re-issued credentials bound to B; the proxy record still says A.
    await core.stop();
    const vault = await openVault(join(dataDir, 'marketdesk.vault'));
    await vault.unlockWithPassword(PASSWORD);
    const records = await Promise.all(vault.listRecords().map((entry) => vault.getRecord(entry.id)));
    vault.lock();
    const onStaging = records.filter((r) => r.network === 'staging').map((r) => [r.kind, 'origin' in r ? r.origin : undefined]);
    expect(onStaging).toEqual(
      expect.arrayContaining([
        ['perpsProxy', origin(exchangeA.urls.perps)],
        ['clobCredentials', origin(otherB.urls.clob)],
      ]),
    );
    expect(onStaging).toHaveLength(2);
  });
});

/** A token of B's catalog (public read), for an order that must be refused before it is signed. */
async function firstTokenId(): Promise<string> {
  const page = await call<{ events: Array<{ id: string }> }>('searchCatalogEvents', {});
  const detail = await call<{ markets: Array<{ outcomes: Array<{ tokenId: string }> }> }>('getCatalogEvent', { eventId: page.events[0]!.id });
  return detail.markets[0]!.outcomes[0]!.tokenId;
}
