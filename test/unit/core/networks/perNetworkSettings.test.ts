/**
 * Watchlists, price alerts and the alert log are per network in settings (keyed by network id);
 * an older file's single lists are the sandbox's, carried over on read and moved on first write.
 * The history store is one SQLite file per network; the sandbox keeps today's file name.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AlertService } from '../../../../src/main/core/alerts/alertService';
import { Watchlist } from '../../../../src/main/core/catalog/watchlist';
import { HISTORY_FILE_NAME, historyFileName } from '../../../../src/main/core/history/historyDatabase';
import { HistoryStore } from '../../../../src/main/core/history/historyStore';
import { silentLogger } from '../../../../src/main/core/log';
import { openSettings } from '../../../../src/main/core/settings/settingsStore';
import type { FiredAlert, PriceAlertInput } from '../../../../src/shared/prefs';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'per-network-'));
  dirs.push(dir);
  return dir;
}

const alertInput = (tokenId: string): PriceAlertInput => ({
  tokenId, question: 'Will it rain?', outcome: 'Yes', direction: 'above', source: 'mid', price: '0.55', tickSize: '0.01',
});
const fired = (id: string): FiredAlert => ({ id, kind: 'fill', at: 1, tokenId: '555', price: '0.5', tickSize: '0.01', title: 'Filled', body: 'Bought' });

function alertsOn(dir: string, networkId: string) {
  let n = 0;
  return new AlertService({
    settings: openSettings(dir), networkId, books: { watch: async () => [] }, emit: () => undefined, log: silentLogger, now: () => 5, newId: () => `${networkId}-${++n}`,
  });
}

describe('watchlists per network', () => {
  it('each network has its own list; the legacy `default` list is the sandbox\'s and moves on its first write', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'settings.json'), JSON.stringify({ watchlists: { default: ['100', '200'] } }));
    const settings = openSettings(dir);
    const sandbox = new Watchlist(settings, () => 'sandbox');
    const remote = new Watchlist(settings, () => 'remote');
    expect(sandbox.ids()).toEqual(['100', '200']);
    expect(remote.ids()).toEqual([]);

    // A write on another network leaves the sandbox's legacy list where it is.
    expect(remote.set('900', true)).toEqual(['900']);
    expect(settings.get('watchlists')).toEqual({ default: ['100', '200'], remote: ['900'] });
    expect(sandbox.ids()).toEqual(['100', '200']);

    // The sandbox's first write moves its list under its id.
    expect(sandbox.set('300', true)).toEqual(['100', '200', '300']);
    expect(openSettings(dir).get('watchlists')).toEqual({ remote: ['900'], sandbox: ['100', '200', '300'] });
    expect(new Watchlist(openSettings(dir), () => 'remote').ids()).toEqual(['900']);
  });
});

describe('price alerts and the alert log per network', () => {
  it('today\'s alerts and log become the sandbox\'s; another network starts empty and keeps its own', async () => {
    const dir = tempDir();
    const legacyAlert = { ...alertInput('111'), id: 'old-1', createdAt: 1 };
    writeFileSync(join(dir, 'settings.json'), JSON.stringify({ priceAlerts: [legacyAlert], alertLog: [fired('fill-old')] }));

    const sandbox = alertsOn(dir, 'sandbox');
    expect(sandbox.state()).toEqual({ alerts: [legacyAlert], log: [fired('fill-old')] });
    const remote = alertsOn(dir, 'remote');
    expect(remote.state()).toEqual({ alerts: [], log: [] });

    await remote.create(alertInput('222'));
    expect(remote.state().alerts.map((a) => a.tokenId)).toEqual(['222']);
    expect(alertsOn(dir, 'sandbox').state().alerts.map((a) => a.tokenId)).toEqual(['111']);

    // The sandbox's first write moves its list into the per-network map and empties the old key.
    await alertsOn(dir, 'sandbox').create(alertInput('333'));
    const settings = openSettings(dir);
    expect(settings.get('priceAlerts')).toEqual([]);
    expect(settings.get('priceAlertsByNetwork').sandbox!.map((a) => a.tokenId)).toEqual(['111', '333']);
    expect(settings.get('priceAlertsByNetwork').remote!.map((a) => a.tokenId)).toEqual(['222']);

    // Clearing one network's log leaves the other's.
    expect(alertsOn(dir, 'remote').clearLog().log).toEqual([]);
    expect(alertsOn(dir, 'sandbox').state().log).toEqual([fired('fill-old')]);
    alertsOn(dir, 'sandbox').clearLog();
    expect(openSettings(dir).get('alertLog')).toEqual([]);
    expect(alertsOn(dir, 'sandbox').state().log).toEqual([]);
  });

  it('a hand-edited per-network list that does not parse reads as empty for that network only', () => {
    const dir = tempDir();
    const good = { ...alertInput('444'), id: 'g-1', createdAt: 1 };
    writeFileSync(join(dir, 'settings.json'), JSON.stringify({ priceAlertsByNetwork: { sandbox: [good], remote: [{ tokenId: 'x', price: 'lots' }] }, alertLogByNetwork: 'no' }));
    expect(alertsOn(dir, 'sandbox').state()).toEqual({ alerts: [good], log: [] });
    expect(alertsOn(dir, 'remote').state()).toEqual({ alerts: [], log: [] });
  });
});

describe('history store per network', () => {
  it('the sandbox keeps history.sqlite; another network gets its own file', () => {
    const dir = tempDir();
    expect(historyFileName('sandbox')).toBe(HISTORY_FILE_NAME);
    expect(historyFileName('remote-1')).toBe('history-remote-1.sqlite');
    expect(() => historyFileName('../x')).toThrow(/not a network id/);

    const sandbox = HistoryStore.open(dir, silentLogger, 'sandbox');
    const remote = HistoryStore.open(dir, silentLogger, 'remote-1');
    try {
      expect(sandbox.path).toBe(join(dir, 'history.sqlite'));
      expect(remote.path).toBe(join(dir, 'history-remote-1.sqlite'));
      expect(existsSync(join(dir, 'history-remote-1.sqlite'))).toBe(true);
      // Rows written on one network are not in the other's store.
      const wallet = '0x00000000000000000000000000000000000000a1';
      remote.write(() => remote.snapshots.save(wallet, { takenAt: 42, positions: [], closed: [] }));
      remote.flush();
      expect(remote.snapshots.load(wallet)?.takenAt).toBe(42);
      expect(sandbox.snapshots.load(wallet)).toBeNull();
    } finally {
      sandbox.close();
      remote.close();
    }
  });
});
