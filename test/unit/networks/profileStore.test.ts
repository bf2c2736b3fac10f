/**
 * The profile store and service over a real settings file: the legacy custom network carried
 * over, an import that lands whole, the active profile neither edited nor deleted, and the clock
 * skew reading of one `/time` answer.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readClockSkew } from '../../../src/main/core/networks/clockSkew';
import { NetworkProfileStore } from '../../../src/main/core/networks/profileStore';
import { NetworkProfilesService } from '../../../src/main/core/networks/profilesService';
import { openSettings } from '../../../src/main/core/settings/settingsStore';
import { PUBLIC_CHAIN_137_CONTRACTS } from '../../../src/shared/orders/orderSchema';
import { SANDBOX_PERPS_WEIGHT_BUDGET } from '../../../src/shared/protocol/perps';
import { networkProfileSchema, newProfileDefaults, type NetworkProfile, type NetworkProfilesView } from '../../../src/shared/networkProfiles';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
function settingsIn(initial?: object) {
  const dir = mkdtempSync(join(tmpdir(), 'marketdesk-profiles-'));
  dirs.push(dir);
  if (initial) writeFileSync(join(dir, 'settings.json'), JSON.stringify(initial));
  return openSettings(dir);
}
const urls = { clob: 'https://clob.example.com', catalog: 'https://catalog.example.com', analytics: 'https://data.example.com', perps: 'https://perps.example.com' };
const profile = (id: string): NetworkProfile => ({ id, label: id.toUpperCase(), urls, ...newProfileDefaults() });

describe('a new profile', () => {
  it('starts from chain 137’s public contracts and the sandbox’s perps weight budget', () => {
    const defaults = newProfileDefaults();
    const { chainId, ...exchanges } = PUBLIC_CHAIN_137_CONTRACTS;
    expect(defaults).toMatchObject({ chainId, perpsDomain: null, perpsWeightBudget: SANDBOX_PERPS_WEIGHT_BUDGET, budgetSafetyFactor: 0.9 });
    expect(defaults.contracts).toMatchObject(exchanges);
    expect(networkProfileSchema.safeParse(profile('fresh')).success).toBe(true);
  });

  it('refuses plain http for a remote host, allows it for loopback, and strips a trailing slash', () => {
    const withClob = (clob: string) => networkProfileSchema.safeParse({ ...profile('x'), urls: { ...urls, clob } });
    expect(withClob('http://clob.example.com').error?.issues[0]?.message).toMatch(/must use https:\/\//);
    expect(withClob('http://127.0.0.1:8080/').data?.urls.clob).toBe('http://127.0.0.1:8080');
    expect(withClob('https://user:pw@clob.example.com').success).toBe(false);
  });
});

describe('the profile store', () => {
  it('carries a legacy custom network over as the active profile "custom"', () => {
    const settings = settingsIn({ network: 'custom', customNetwork: { label: 'Staging', ...urls, chainId: 137 } });
    const store = new NetworkProfileStore(settings);
    expect(store.activeId()).toBe('custom');
    expect(store.get('custom')).toMatchObject({ label: 'Staging', urls, perpsWeightBudget: SANDBOX_PERPS_WEIGHT_BUDGET, perpsDomain: null });
    expect(settings.get('customNetwork')).toBeNull();
  });

  it('writes several profiles in one go, replacing by id and keeping the order', () => {
    const store = new NetworkProfileStore(settingsIn());
    store.save(profile('a'));
    store.save(profile('b'));
    store.saveAll([{ ...profile('b'), label: 'B2' }, profile('c')]);
    expect(store.userProfiles().map((p) => [p.id, p.label])).toEqual([['a', 'A'], ['b', 'B2'], ['c', 'C']]);
    expect(() => store.saveAll([profile('d'), { ...profile('sandbox') }])).toThrow(/belongs to the embedded sandbox/);
    expect(store.get('d')).toBeNull();
  });
});

describe('the profiles service', () => {
  it('neither edits nor deletes the active profile, and announces each change', () => {
    const store = new NetworkProfileStore(settingsIn());
    const seen: NetworkProfilesView[] = [];
    const service = new NetworkProfilesService({ store, onChange: (view) => seen.push(view) });
    service.save(profile('live'));
    store.setActive('live');
    expect(() => service.save({ ...profile('live'), label: 'Renamed' })).toThrow(/is the active network; switch to another network before editing it/);
    expect(() => service.remove('live')).toThrow(/cannot be deleted; switch to another first/);
    expect(service.view()).toMatchObject({ activeId: 'live', profiles: [{ id: 'live', label: 'LIVE' }] });
    expect(seen).toHaveLength(1);
  });
});

describe('exporting profiles', () => {
  it('hands the text to the page in browser mode, and saves through the desktop dialog otherwise', async () => {
    const store = new NetworkProfileStore(settingsIn());
    store.save(profile('prod'));
    const now = () => Date.UTC(2026, 10, 26);
    const browser = await new NetworkProfilesService({ store, onChange: () => {}, now }).exportFile(undefined);
    expect(browser).toMatchObject({ fileName: 'marketdesk-networks-2026-11-26.json', savedTo: null, count: 1 });
    expect(JSON.parse(browser.text!)).toEqual({ format: 'marketdesk-network-profiles', version: 1, profiles: [store.get('prod')] });

    const folder = mkdtempSync(join(tmpdir(), 'marketdesk-export-'));
    dirs.push(folder);
    const asked: string[] = [];
    const desktop = new NetworkProfilesService({ store, onChange: () => {}, now, saveDialog: async ({ suggestedName }) => (asked.push(suggestedName), join(folder, 'mine.json')) });
    expect(await desktop.exportFile(['prod'])).toEqual({ fileName: 'marketdesk-networks-2026-11-26.json', text: null, savedTo: join(folder, 'mine.json'), count: 1 });
    expect(asked).toEqual(['marketdesk-networks-2026-11-26.json']);
    expect(readFileSync(join(folder, 'mine.json'), 'utf8')).toBe(browser.text);

    const dismissed = new NetworkProfilesService({ store, onChange: () => {}, saveDialog: async () => null });
    await expect(dismissed.exportFile(undefined)).rejects.toThrow('The export was cancelled in the save dialog; nothing was written.');
    await expect(dismissed.exportFile(['nope'])).rejects.toThrow('There is no network profile "nope"; nothing was exported.');
  });
});

describe('the clock skew of one /time answer', () => {
  it('reads the difference from the middle of the round trip, with its uncertainty', () => {
    // Sent at 1000.000 s, answered at 1000.200 s, the server said 1060 (somewhere in 1060.0–1061.0).
    expect(readClockSkew(1060, 1_000_000, 1_000_200)).toEqual({ skewMs: 60_400, uncertaintyMs: 600, windowMs: 300_000, beyondWindow: false });
    expect(readClockSkew(700, 1_000_000, 1_000_000).skewMs).toBe(-299_500);
    // 299.5 s behind ± 0.5 s just reaches the edge of five minutes; one second more is warned.
    expect(readClockSkew(700, 1_000_000, 1_000_000).beyondWindow).toBe(false);
    expect(readClockSkew(699, 1_000_000, 1_000_000).beyondWindow).toBe(true);
  });
});
