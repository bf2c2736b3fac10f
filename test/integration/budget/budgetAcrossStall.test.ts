/**
 * Issue 10, finding 2 against the real sandbox: a burst of interactive reads, a second burst
 * during a 25 s stall of the catalog service, a background history walk, and orders with their
 * cancels at once never
 * exceed a documented window at the sandbox's edge. The stall is a relay that holds requests and
 * hands them over when it ends, as a frozen server does: requests the client timed out on still
 * arrive. Before the fix the timed-out burst left the budget 10 s after its timeout, the second
 * burst went out behind it, and both arrived together (360 /tags against a limit of 200).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore } from '../../../src/main/core/createCore';
import type { Core } from '../../../src/main/core/coreApi';
import { createMemoryOsKeyStore } from '../../../src/main/core/custody';
import { silentLogger } from '../../../src/main/core/log';
import { SANDBOX_HISTORY_WALLETS, startSandbox, type RunningSandbox } from '../../../src/sandbox/start';
import type { PlacedOrder } from '../../../src/shared/tradingViews';
import type { BudgetStateView, EventsPage } from '../../../src/shared/viewModels';
import { firstCentTickToken, LIGHT_KDF, waitFor } from '../core/coreHarness';
import { startStallingRelay } from './stallingRelay';

const STALL_MS = 25_000;

let sandbox: RunningSandbox;
let relay: Awaited<ReturnType<typeof startStallingRelay>>;
let core: Core;
const dirs: string[] = [];

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 7, port: 0, simulate: false });
  relay = await startStallingRelay(sandbox.urls.catalog);
  const dataDir = mkdtempSync(join(tmpdir(), 'marketdesk-stall-'));
  dirs.push(dataDir);
  core = await createCore({
    dataDir,
    serviceUrls: { ...sandbox.urls, catalog: relay.url, label: 'Sandbox', isSandbox: true },
    log: silentLogger,
    osKeyStore: createMemoryOsKeyStore(),
    vaultKdf: LIGHT_KDF,
    // Small pages: the walk asks for more than the analytics window allows and has to queue.
    historyPageSize: 3,
  });
  // A funded account with order-book credentials, and a market to rest orders on and cancel them.
  await ok('createVault', { password: 'stall-test-password' });
  await ok('createAccount', { label: 'Quoter' });
  await ok('createClobCredentials', {});
  await ok('requestSandboxFunds', { amount: '1000' });
  tokenId = await firstCentTickToken(ok, { text: '' });
}, 60_000);
afterAll(async () => {
  await core?.stop();
  await relay?.stop();
  await sandbox?.stop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

// Each burst call comes from its own window: a connection may run only a bounded number of calls.
const call = (channel: string, input: unknown = {}, clientId = 'stall-test') => core.dispatch(channel, input, { clientId });
async function ok<T>(channel: string, input: unknown = {}): Promise<T> {
  const result = await call(channel, input);
  if (!result.ok) throw new Error(`${channel}: ${result.error.code}: ${result.error.message}`);
  return result.value as T;
}
let tokenId = '';

/** Rests `count` far-off bids and cancels them one by one (the cancels go first in the budget's queue). */
async function quoteAndCancel(count: number): Promise<number> {
  let cancelled = 0;
  for (let i = 0; i < count; i++) {
    const placed = await ok<PlacedOrder>('placeOrder', { ticket: { tokenId, side: 'BUY', orderType: 'GTC', price: '0.01', size: '5' } });
    const { canceled } = await ok<{ canceled: string[] }>('cancelOrder', { orderId: placed.orderId });
    cancelled += canceled.length;
  }
  return cancelled;
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the rate budget across a 25 s stall', () => {
  it('keeps timed-out requests counted, so no documented window is exceeded when the stalled server catches up', async () => {
    sandbox.resetEdgeStats();
    // The catalog listing, read once before the stall (the search box works on this copy).
    expect((await call('searchCatalogEvents', { text: '' })).ok).toBe(true);
    const walk = call('syncActivityHistory', { address: SANDBOX_HISTORY_WALLETS.small.address, jobId: 'stall-walk' });

    relay.stall();
    const stalledAt = performance.now();
    // Wave A: the client's whole /tags allowance (180 of 200), all held by the frozen service.
    const waveA = Array.from({ length: 180 }, (_, i) => call('listCatalogTags', {}, `view-a-${i}`));
    await waitFor(() => relay.held() === 180);
    // Their 10 s timeouts pass; 2 s later wave B asks for more /tags.
    const timedOut = await Promise.all(waveA);
    expect(timedOut.every((r) => !r.ok && r.error.code === 'timeout')).toBe(true);
    await sleep(2_000);
    const waveB = Array.from({ length: 100 }, (_, i) => call('listCatalogTags', {}, `view-b-${i}`));

    const during = (await call('getBudgetState')) as { ok: true; value: BudgetStateView };
    const tags = during.value.scopes.find((s) => s.scope === 'catalog:/tags')!;
    // Wave A still counts in flight; wave B queues behind it instead of being sent.
    expect(tags.used).toBe(180);
    expect(tags.queued.interactive).toBe(100);

    // Orders and cancels on the order-book service while the catalog is frozen and /tags queues.
    expect(await quoteAndCancel(5)).toBe(5);
    await sleep(Math.max(0, STALL_MS - (performance.now() - stalledAt)));
    expect(await relay.resume()).toBe(180);
    // An answer from the catalog to a request sent after wave A shows the service has seen it.
    // (The search runs on the listing the core read before the stall; the event is a request.)
    const search = (await call('searchCatalogEvents', { text: '' })) as { ok: true; value: EventsPage };
    const event = await call('getCatalogEvent', { eventId: search.value.events[0]!.id });
    expect(event.ok).toBe(true);

    const resultsB = await Promise.all(waveB);
    expect(resultsB.filter((r) => !r.ok)).toEqual([]);
    const walked = await walk;
    expect(walked.ok).toBe(true);
    expect(await quoteAndCancel(3)).toBe(3);

    const stats = sandbox.edgeStats();
    expect(stats.find((s) => s.scope === 'catalog:/tags')?.total).toBe(280);
    expect(stats.find((s) => s.scope === 'catalog:/tags')?.maxInWindow).toBe(180);
    expect(stats.find((s) => s.scope === 'analytics')!.total).toBeGreaterThan(1_000);
    for (const scope of stats) {
      expect(scope.maxInWindow, scope.scope).toBeLessThanOrEqual(scope.limit);
      expect(scope.overLimit, scope.scope).toBe(0);
      expect(scope.rejected, scope.scope).toBe(0);
    }
    const after = (await call('getBudgetState')) as { ok: true; value: BudgetStateView };
    expect(stats.find((s) => s.scope === 'clob:DELETE /order')?.total).toBe(8);
    // Whether the walk had to wait depends on how fast this machine sends; the windows above hold either way.
    expect(after.value.scopes.find((s) => s.scope === 'catalog:/tags')!.waits).toBe(100);
  }, 90_000);
});
