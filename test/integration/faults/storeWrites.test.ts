/**
 * Issue 21, faults: every small store in the data folder — settings, the account list, price
 * alerts and their log, network profiles, watchlists — on a real tmpfs, first filled until the
 * kernel answers ENOSPC, then remounted read-only. Each write fails with the sentence the user
 * reads (naming what was not saved and the folder), the file keeps what was stored, the status
 * bar's storage problem is set and cleared by the next write that goes through; an alert that
 * fires while the disk refuses is still told and not fired twice.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountRegistry } from '../../../src/main/core/accounts/accountRegistry';
import { AlertService } from '../../../src/main/core/alerts/alertService';
import { Watchlist } from '../../../src/main/core/catalog/watchlist';
import { StorageHealth } from '../../../src/main/core/dataFolder/storageHealth';
import { silentLogger } from '../../../src/main/core/log';
import { NetworkProfileStore } from '../../../src/main/core/networks/profileStore';
import { openSettings } from '../../../src/main/core/settings/settingsStore';
import type { AccountView } from '../../../src/shared/custodyViews';
import { newProfileDefaults, type NetworkProfile } from '../../../src/shared/networkProfiles';
import type { OrderBookView } from '../../../src/shared/viewModels';
import { mountSmallDisk, type SmallDisk } from './smallDisk';

let disk: SmallDisk | undefined;
let skipReason = '';
beforeAll(() => {
  const mounted = mountSmallDisk(4);
  if ('skip' in mounted) skipReason = mounted.skip;
  else disk = mounted;
});
afterAll(() => disk?.unmount());

const full = (dir: string, what: string) =>
  `The disk is full: ${what} could not be saved in the data folder ${dir}. Everything saved before is kept; free some space on that disk and try again.`;
const readOnly = (dir: string, what: string) =>
  `The data folder is read-only: ${what} could not be saved in ${dir}. Everything saved before is kept; make the folder writable and try again.`;

const account = (id: string): AccountView => ({
  id, label: id, address: `0x${id.padStart(40, '0')}`, kind: 'key', signatureType: 'EOA', funder: null, clobCredentials: null, perpsProxies: [], createdAt: 1,
});
const profile = (id: string): NetworkProfile => ({
  id, label: id.toUpperCase(), urls: { clob: 'https://clob.example.com', catalog: 'https://catalog.example.com', analytics: 'https://data.example.com', perps: 'https://perps.example.com' },
  ...newProfileDefaults(),
});
const book = (tokenId: string, midpoint: string): OrderBookView => ({
  tokenId, market: '0xm', timestamp: 1, hash: 'h', bids: [], asks: [], bestBid: null, bestAsk: null, spread: null, midpoint, lastTradePrice: null, tickSize: '0.01',
  minOrderSize: '5', negRisk: false,
});

let folders = 0;
function stores() {
  const dir = join(disk!.root, `data-${++folders}`);
  mkdirSync(dir, { mode: 0o700 });
  const health = new StorageHealth();
  const settings = openSettings(dir, health);
  const registry = new AccountRegistry(dir, () => 'sandbox', () => null, health);
  const fired: unknown[] = [];
  const alerts = new AlertService({
    settings, networkId: 'sandbox', books: { watch: async () => [] }, emit: (_event, payload) => fired.push(payload), log: silentLogger, now: () => 7, newId: () => `alert-${fired.length}`,
  });
  return { dir, health, settings, registry, alerts, fired, profiles: new NetworkProfileStore(settings), watchlist: new Watchlist(settings, () => 'sandbox') };
}

describe('small stores on a full or read-only data folder (a tmpfs the test mounts)', () => {
  it('each write on a full disk fails with the disk\'s sentence and keeps what the files held', async ({ skip }) => {
    skip(!disk, skipReason);
    const { dir, health, settings, registry, alerts, profiles, watchlist } = stores();
    registry.add(account('a1'));
    profiles.save(profile('kept'));
    const files = () => ['settings.json', 'accounts.json'].map((name) => readFileSync(join(dir, name), 'utf8'));
    const before = files();
    disk!.fill();
    try {
      expect(() => settings.set('autoLockMinutes', 5)).toThrow(full(dir, 'the auto-lock setting'));
      expect(() => registry.add(account('a2'))).toThrow(full(dir, 'the account list'));
      expect(() => registry.setActive('a1')).toThrow(full(dir, 'the choice of active account'));
      expect(() => profiles.save(profile('second'))).toThrow(full(dir, 'the network profiles'));
      expect(() => watchlist.set('101', true)).toThrow(full(dir, 'the watchlist'));
      await expect(alerts.create({ tokenId: '77', question: 'Q?', outcome: 'Yes', direction: 'above', source: 'mid', price: '0.55', tickSize: '0.01' })).rejects.toMatchObject({
        code: 'storage', message: full(dir, 'the price alerts'),
      });
      expect(health.current()).toMatchObject({ kind: 'full', folder: dir });
      expect(files()).toEqual(before);
      expect(registry.all().map((a) => a.id)).toEqual(['a1']);
      expect(profiles.userProfiles().map((p) => p.id)).toEqual(['kept']);
    } finally {
      disk!.free();
    }
    watchlist.set('101', true);
    expect(health.current()).toBeNull();
  });

  it('an alert that fires while the disk is full is told once, kept in memory, and saved by the next write that goes through', async ({ skip }) => {
    skip(!disk, skipReason);
    const { dir, settings, alerts, fired } = stores();
    await alerts.create({ tokenId: '77', question: 'Will it rain?', outcome: 'Yes', direction: 'above', source: 'mid', price: '0.55', tickSize: '0.01' });
    disk!.fill();
    try {
      // Fired and told, though the move to the log was refused; the next book does not fire it again.
      alerts.handleEvent('orderBooksUpdated', { books: [book('77', '0.6')] });
      alerts.handleEvent('orderBooksUpdated', { books: [book('77', '0.61')] });
      expect(fired).toHaveLength(1);
      expect(alerts.state()).toMatchObject({ alerts: [], log: [{ kind: 'price', tokenId: '77', price: '0.6' }] });
      // On disk it still waits: a restart now would watch it again, never lose it.
      expect(openSettings(dir).get('priceAlertsByNetwork').sandbox).toHaveLength(1);
    } finally {
      disk!.free();
    }
    alerts.clearLog();
    const stored = openSettings(dir);
    expect(stored.get('priceAlertsByNetwork').sandbox).toEqual([]);
    expect(stored.get('alertLogByNetwork').sandbox).toEqual([]);
    expect(settings.get('priceAlertsByNetwork').sandbox).toEqual([]);
  });

  it('each write on a read-only folder says the folder is read-only, and the file is unchanged', ({ skip }) => {
    skip(!disk, skipReason);
    const { dir, health, settings, registry, profiles } = stores();
    registry.add(account('a1'));
    const before = readFileSync(join(dir, 'settings.json'), 'utf8');
    disk!.remount('ro');
    try {
      expect(() => settings.set('displayPrefs', { ...settings.get('displayPrefs'), theme: 'dark' })).toThrow(readOnly(dir, 'your display preferences'));
      expect(() => registry.remove('a1')).toThrow(readOnly(dir, 'the account list'));
      expect(() => profiles.save(profile('second'))).toThrow(readOnly(dir, 'the network profiles'));
      expect(health.current()).toMatchObject({ kind: 'read_only', folder: dir, message: readOnly(dir, 'the network profiles') });
      expect(registry.all().map((a) => a.id)).toEqual(['a1']);
    } finally {
      disk!.remount('rw');
    }
    expect(readFileSync(join(dir, 'settings.json'), 'utf8')).toBe(before);
  });
});
