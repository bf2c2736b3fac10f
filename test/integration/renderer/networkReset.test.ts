/**
 * The renderer's stores after a network switch, driven by the real core and two real sandboxes:
 * the switcher switches at once when nothing rests or runs, and on `networkChanged` nothing read
 * from the previous network stays — the market list holds the other network's events, the chosen
 * market and per-account tables are gone, the status names the new network.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../../../src/sandbox/start';
import { startHarness, waitFor, type Harness } from '../core/coreHarness';
import { addProfilesToSettingsFile, remoteSandboxProfile } from '../core/remoteSandboxProfile';
import { installBridge } from './storesOverCore';

let harness: Harness;
let remote: Awaited<ReturnType<typeof startSandbox>>;
let stores: Awaited<ReturnType<typeof loadStores>>;
let unwire: () => void = () => undefined;
let chosen: { eventId: string; marketId: string | null } = { eventId: '', marketId: null };

async function loadStores() {
  const [events, detail, target, network, status, jobs, results, onboarding, subscriptions] = await Promise.all([
    import('../../../src/renderer/stores/eventListStore'),
    import('../../../src/renderer/stores/eventDetailStore'),
    import('../../../src/renderer/stores/tradeTargetStore'),
    import('../../../src/renderer/stores/networkStore'),
    import('../../../src/renderer/stores/appStatusStore'),
    import('../../../src/renderer/stores/jobsStore'),
    import('../../../src/renderer/stores/actionResultsStore'),
    import('../../../src/renderer/stores/onboardingStore'),
    import('../../../src/renderer/bridge/subscriptions'),
  ]);
  return {
    events: events.useEventListStore, detail: detail.useEventDetailStore, target: target.useTradeTargetStore, network: network.useNetworkStore,
    status: status.useAppStatusStore, jobs: jobs.useJobsStore, results: results.useActionResultsStore,
    onboarding: onboarding.useOnboardingStore, wire: subscriptions.wireBridgeSubscriptions,
  };
}

beforeAll(async () => {
  remote = await startSandbox({ seed: 11, port: 0, simulate: false });
  const dataDir = mkdtempSync(join(tmpdir(), 'marketdesk-core-'));
  addProfilesToSettingsFile(dataDir, [remoteSandboxProfile('remote', 'Remote', remote.urls)]);
  harness = await startHarness({ dataDir, simulate: false });
  installBridge(harness);
  stores = await loadStores();
  unwire = stores.wire();
}, 60_000);

afterAll(async () => {
  unwire();
  await harness?.stop();
  await remote?.stop();
});

describe('renderer stores across a network switch', () => {
  it('drop what the previous network showed and read the new one', async () => {
    await stores.events.getState().reload();
    const sandboxIds = stores.events.getState().events.map((e) => e.id);
    expect(sandboxIds.length).toBeGreaterThan(0);
    await stores.status.getState().load();
    expect(stores.status.getState().status?.network.id).toBe('sandbox');
    stores.jobs.getState().receive({ jobId: 'sync-1', kind: 'activitySync', rows: 10, pages: 1, done: false, budgetWaitMs: 0, etaMs: null, error: null });
    // What an action said, and the credentials note of onboarding, were about the sandbox.
    stores.results.getState().publish('cancelOpenOrders', { cancelled: ['0xabc'] });
    stores.onboarding.setState({ steps: { someone: { phase: 'created', automatic: true, label: 'Someone' } } });
    // The event and market chosen in Markets: not the likeliest market, so keeping it is seen.
    await stores.detail.getState().selectEvent(sandboxIds[0]!);
    const markets = stores.detail.getState().detail?.markets ?? [];
    chosen = { eventId: sandboxIds[0]!, marketId: markets.at(-1)?.id ?? null };
    stores.detail.getState().selectMarket(chosen.marketId!);
    stores.target.setState({
      target: { tokenId: '1', outcome: 'Yes', outcomes: [], marketId: 'm', conditionId: 'c', question: 'On the sandbox?', tickSize: '0.01', minOrderSize: '5' } as never,
    });

    await stores.network.getState().loadChoices();
    expect(stores.network.getState().choices.map((c) => c.id)).toEqual(['sandbox', 'remote']);
    // Nothing rests or runs: no dialog, the switch happens at once.
    await stores.network.getState().pick('remote');
    expect(stores.network.getState().pending).toBeNull();

    await waitFor(() => stores.status.getState().status?.network.id === 'remote');
    await waitFor(() => stores.events.getState().phase === 'ready' && stores.events.getState().events[0]?.id !== sandboxIds[0]);
    expect(stores.events.getState().events.map((e) => e.id)).not.toEqual(sandboxIds);
    expect(stores.target.getState().target).toBeNull();
    expect(stores.detail.getState().selectedEventId).toBeNull();
    expect(stores.jobs.getState().progress).toEqual({});
    expect(stores.results.getState().results).toEqual({});
    expect(stores.onboarding.getState().steps).toEqual({});
    await waitFor(() => stores.network.getState().choices.find((c) => c.active)?.id === 'remote');
  });

  it('give the market and the event chosen on a network back when the app returns to it', async () => {
    await stores.network.getState().pick('sandbox');
    await waitFor(() => stores.status.getState().status?.network.id === 'sandbox');
    expect(stores.target.getState().target).toMatchObject({ tokenId: '1', question: 'On the sandbox?' });
    await waitFor(() => stores.detail.getState().phase === 'ready');
    expect(stores.detail.getState()).toMatchObject({ selectedEventId: chosen.eventId, selectedMarketId: chosen.marketId });
  });
});
