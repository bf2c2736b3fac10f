/** What the screen says about updates and about what a restart does to resting orders. */
import { describe, expect, it } from 'vitest';
import { FEED_HOW_TO_CHANGE, accountsThatMatter, feedText, ordersText, restingConsequence, updatePhaseText } from '../../../src/renderer/lib/updateText';
import type { RestingWork, UpdateState } from '../../../src/shared/updates';

const base: UpdateState = {
  currentVersion: '1.3.0',
  status: { phase: 'idle' },
  feed: { url: null, source: 'none' },
  verification: null,
  lastCheckedAt: null,
  upToDate: false,
  installsOnQuit: false,
};

const work: RestingWork = {
  networkLabel: 'Live',
  heartbeatWindowMs: 10_000,
  accounts: [
    { accountId: 'a', label: 'Guarded', openOrders: 4, heartbeatsRunning: true },
    { accountId: 'b', label: 'Plain', openOrders: 1, heartbeatsRunning: false },
    { accountId: 'c', label: 'Locked', openOrders: null, heartbeatsRunning: false },
    { accountId: 'd', label: 'Idle', openOrders: 0, heartbeatsRunning: false },
  ],
};

describe('update wording', () => {
  it('says each phase in a few words', () => {
    expect(updatePhaseText(base)).toBe('Not checked yet');
    expect(updatePhaseText({ ...base, upToDate: true })).toBe('Up to date');
    expect(updatePhaseText({ ...base, status: { phase: 'downloading', version: '1.4.0', progress: { fraction: 0.5, transferredBytes: 40_000_000, totalBytes: 80_000_000, bytesPerSecond: 1 } } })).toBe('Downloading 1.4.0: 50% of 80 MB');
    expect(updatePhaseText({ ...base, status: { phase: 'error', during: 'download', message: 'sha512 checksum mismatch' } })).toBe('The update download failed: sha512 checksum mismatch');
  });

  it('names the feed and where it came from', () => {
    expect(feedText(base)).toBe('None');
    expect(feedText({ ...base, feed: { url: 'https://u.example.com/', source: 'environment' } })).toBe('https://u.example.com/ (set by MARKETDESK_UPDATE_FEED_URL)');
    expect(feedText({ ...base, feed: { url: null, source: 'installer' } })).toBe('The feed named by the installer');
    expect(feedText({ ...base, feed: { url: 'https://m.example.com/', source: 'settings' } })).toBe('https://m.example.com/ (set by updateFeedUrl in settings.json)');
  });

  it('says how to change the feed outside the app, for each source', () => {
    expect(FEED_HOW_TO_CHANGE.installer).toMatch(/MARKETDESK_UPDATE_FEED_URL.*"updateFeedUrl".*settings\.json.*restart/);
    expect(FEED_HOW_TO_CHANGE.none).toMatch(/MARKETDESK_UPDATE_FEED_URL.*settings\.json/);
    expect(FEED_HOW_TO_CHANGE.settings).toMatch(/Remove "updateFeedUrl"/);
    expect(FEED_HOW_TO_CHANGE.environment).toMatch(/without it/);
  });

  it('says what a restart does: heartbeat accounts lose all their orders after the window, others keep them unwatched', () => {
    const [guarded, plain, locked, idle] = work.accounts as [typeof work.accounts[0], typeof work.accounts[0], typeof work.accounts[0], typeof work.accounts[0]];
    expect(restingConsequence(guarded, work.heartbeatWindowMs)).toBe("Heartbeats stop during the restart. After 10 s without one the exchange cancels all of this account's open orders.");
    expect(restingConsequence(plain, work.heartbeatWindowMs)).toMatch(/stay on the exchange and can fill/);
    expect(restingConsequence(locked, work.heartbeatWindowMs)).toMatch(/could not be read/);
    expect(ordersText(guarded)).toBe('4 open orders');
    expect(ordersText(plain)).toBe('1 open order');
    expect(ordersText(locked)).toBe('unknown');
    expect(accountsThatMatter(work).map((a) => a.label)).toEqual(['Guarded', 'Plain', 'Locked']);
    expect(restingConsequence(idle, work.heartbeatWindowMs)).toBe('Nothing rests.');
  });
});
