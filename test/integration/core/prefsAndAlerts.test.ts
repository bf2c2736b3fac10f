/**
 * Prefs over the bridge against the real core and sandbox: bad preferences are refused with a
 * sentence naming the field and nothing is written; a change is pushed to every window; a price
 * alert is evaluated against the books main polls (no window watches that book) and fires once;
 * waiting alerts and the log survive a restart of the core on the same data folder.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { AlertsState, DisplayPrefs, FiredAlert } from '../../../src/shared/prefs';
import type { EventDetail, EventsPage } from '../../../src/shared/viewModels';
import { callOk, startHarness, waitFor, type Harness } from './coreHarness';
import { createCore } from '../../../src/main/core/createCore';
import { silentLogger } from '../../../src/main/core/log';
import { createMemoryOsKeyStore } from '../../../src/main/core/custody';

let harness: Harness | null = null;
/** A core restarted on the harness's folder (the harness stops only the one it started). */
let restarted: Harness['core'] | null = null;
afterEach(async () => {
  await restarted?.stop();
  restarted = null;
  await harness?.stop();
  harness = null;
});

async function someOutcome(h: Harness): Promise<{ tokenId: string; question: string; outcome: string; mid: number }> {
  const page = await callOk<EventsPage>(h, 'searchCatalogEvents', {});
  const detail = await callOk<EventDetail>(h, 'getCatalogEvent', { eventId: page.events[0]!.id });
  const market = detail.markets[0]!;
  const outcome = market.outcomes[0]!;
  const { books } = await callOk<{ books: Array<{ midpoint: string | null }> }>(h, 'watchOrderBooks', { tokenIds: [outcome.tokenId] }, 'peek');
  await callOk(h, 'watchOrderBooks', { tokenIds: [] }, 'peek');
  return { tokenId: outcome.tokenId, question: market.question, outcome: outcome.name, mid: Number(books[0]!.midpoint) };
}

describe('display preferences over the bridge', () => {
  it('refuse bad values with a sentence naming the field, write nothing, and push good changes', async () => {
    harness = await startHarness({ simulate: false });
    const before = await callOk<DisplayPrefs>(harness, 'getDisplayPrefs', {});
    expect(before).toMatchObject({ theme: 'system', priceStyle: 'decimal', clock: '24h', timeZone: 'system' });

    const refusals = [
      [{ theme: 'pink' }, 'theme: the theme must be system, light or dark'],
      [{ timeZone: 'Mars/Olympus' }, 'the time zone must be "system" or an IANA zone'],
      [{ defaultOrderSize: '-5' }, 'the default order size must be a number of shares'],
      [{ priceStyle: 'cents', fontSize: 3 }, 'fontSize'],
    ] as const;
    for (const [input, words] of refusals) {
      const result = await harness.core.dispatch('setDisplayPrefs', input, { clientId: 'w' });
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.error.message).toContain(words);
    }
    expect(await callOk<DisplayPrefs>(harness, 'getDisplayPrefs', {})).toEqual(before);

    const after = await callOk<DisplayPrefs>(harness, 'setDisplayPrefs', { priceStyle: 'cents', timeZone: 'Asia/Tokyo', defaultOrderSize: '25' });
    expect(after).toEqual({ ...before, priceStyle: 'cents', timeZone: 'Asia/Tokyo', defaultOrderSize: '25' });
    expect(harness.events.filter((e) => e.event === 'displayPrefsChanged').map((e) => e.payload)).toEqual([after]);
  });
});

describe('price alerts in the core', () => {
  it('fire from the books main polls, once, and survive a restart with the log', async () => {
    harness = await startHarness({ simulate: false, bookPollIntervalMs: 100 });
    const target = await someOutcome(harness);
    expect(target.mid).toBeGreaterThan(0.02);
    const alert = { tokenId: target.tokenId, question: target.question, outcome: target.outcome, source: 'mid', tickSize: '0.01' };
    // One that cannot fire (below 0.0001) and one already met (mid at or above 0.01).
    await callOk(harness, 'createPriceAlert', { ...alert, direction: 'below', price: '0.0001' });
    await callOk(harness, 'createPriceAlert', { ...alert, direction: 'above', price: '0.01' });
    const fired = await waitFor(() => harness!.events.filter((e) => e.event === 'alertFired'));
    expect(fired).toHaveLength(1);
    expect((fired[0]!.payload as FiredAlert).body).toMatch(/^Mid price 0\.\d+ is at or above your alert at 0\.01\.$/);
    const state = await callOk<AlertsState>(harness, 'listAlerts', {});
    expect(state.alerts.map((a) => a.direction)).toEqual(['below']);
    expect(state.log).toHaveLength(1);

    // Restart the core on the same folder: the waiting alert and the log are still there.
    const { dataDir, sandbox } = harness;
    await harness.core.stop();
    const core = await createCore({ dataDir, serviceUrls: { ...sandbox.urls, label: 'Sandbox', isSandbox: true }, log: silentLogger, osKeyStore: createMemoryOsKeyStore() });
    restarted = core;
    harness = { ...harness, core };
    const again = await callOk<AlertsState>(harness, 'listAlerts', {});
    expect(again.alerts.map((a) => a.direction)).toEqual(['below']);
    expect(again.log.map((e) => e.id)).toEqual(state.log.map((e) => e.id));
  });
});
