/** The update rules: why updates are off, which feed, how events move the cycle, when an install may go unasked. */
import { describe, expect, it } from 'vitest';
import {
  installNeedsConfirmation,
  installOnQuitAllowed,
  mayCheck,
  nextCycle,
  resolveFeed,
  updatesOffReason,
  type UpdateCycle,
} from '../../../../src/main/core/updates/updatePolicy';
import { updaterErrorSentence } from '../../../../src/main/core/updates/updateSentences';
import { nothingRests, updateFeedUrlProblem, type RestingWork } from '../../../../src/shared/updates';
import { installedOnWindows } from './fakeUpdaterPort';

const quiet: RestingWork = { networkLabel: 'Live', heartbeatWindowMs: 10_000, accounts: [{ accountId: 'a', label: 'Main', openOrders: 0, heartbeatsRunning: false }] };
const withOrders: RestingWork = { ...quiet, accounts: [...quiet.accounts, { accountId: 'b', label: 'Second', openOrders: 3, heartbeatsRunning: false }] };
const withHeartbeats: RestingWork = { ...quiet, accounts: [{ accountId: 'a', label: 'Main', openOrders: 0, heartbeatsRunning: true }] };
const unread: RestingWork = { ...quiet, accounts: [{ accountId: 'a', label: 'Main', openOrders: null, heartbeatsRunning: false }] };

describe('the update feed address', () => {
  it('takes https only, with no credentials or fragment, and says what is wrong', () => {
    expect(updateFeedUrlProblem('https://updates.example.com/marketdesk/')).toBeNull();
    expect(updateFeedUrlProblem('http://updates.example.com/')).toMatch(/https/);
    // Unlike service addresses, not even loopback: an update is code that will run.
    expect(updateFeedUrlProblem('http://127.0.0.1:8080/')).toMatch(/https/);
    expect(updateFeedUrlProblem('https://user:pw@updates.example.com/')).toMatch(/user name or password/);
    expect(updateFeedUrlProblem('https://updates.example.com/#x')).toMatch(/fragment/);
    expect(updateFeedUrlProblem('updates.example.com')).toMatch(/full address/);
  });

  it('prefers the environment, then Settings, then the installer; an invalid environment value is ignored', () => {
    const env = { ...installedOnWindows, environmentFeedUrl: 'https://env.example.com/' };
    expect(resolveFeed(env, 'https://saved.example.com/')).toEqual({ url: 'https://env.example.com/', source: 'environment' });
    expect(resolveFeed({ ...env, environmentFeedUrl: 'http://env.example.com/' }, 'https://saved.example.com/').source).toBe('settings');
    expect(resolveFeed(installedOnWindows, null)).toEqual({ url: 'https://updates.example.com/marketdesk/', source: 'installer' });
    expect(resolveFeed({ ...installedOnWindows, installerFeed: false, installerFeedUrl: null }, null).source).toBe('none');
    expect(resolveFeed(null, null).source).toBe('none');
  });
});

describe('when updates are off', () => {
  const feed = resolveFeed(installedOnWindows, null);
  it('names the first reason a user would have to fix', () => {
    expect(updatesOffReason({ environment: null, onSandbox: true, feed })).toBe('browser-mode');
    expect(updatesOffReason({ environment: { ...installedOnWindows, packaged: false }, onSandbox: true, feed })).toBe('not-packaged');
    expect(updatesOffReason({ environment: installedOnWindows, onSandbox: true, feed })).toBe('sandbox-network');
    expect(updatesOffReason({ environment: installedOnWindows, onSandbox: false, feed: resolveFeed(null, null) })).toBe('no-feed');
    expect(updatesOffReason({ environment: { ...installedOnWindows, verification: null }, onSandbox: false, feed })).toBe('unverifiable');
    expect(updatesOffReason({ environment: installedOnWindows, onSandbox: false, feed })).toBeNull();
  });
});

describe('the update cycle', () => {
  const idle: UpdateCycle = { phase: 'idle' };
  it('goes idle → checking → available → downloading (progress) → ready', () => {
    let step = nextCycle(idle, { kind: 'checking' });
    expect(step.cycle).toEqual({ phase: 'checking' });
    step = nextCycle(step.cycle, { kind: 'available', version: '1.4.0' });
    expect(step).toEqual({ cycle: { phase: 'available', version: '1.4.0' }, checked: true, upToDate: false });
    step = nextCycle(step.cycle, { kind: 'progress', transferredBytes: 30, totalBytes: 120, bytesPerSecond: 10 });
    expect(step.cycle).toEqual({ phase: 'downloading', version: '1.4.0', progress: { fraction: 0.25, transferredBytes: 30, totalBytes: 120, bytesPerSecond: 10 } });
    step = nextCycle(step.cycle, { kind: 'downloaded', version: '1.4.0' });
    expect(step.cycle).toEqual({ phase: 'ready', version: '1.4.0' });
  });

  it('records a check that found nothing as up to date, and says what an error interrupted', () => {
    expect(nextCycle({ phase: 'checking' }, { kind: 'not-available' })).toEqual({ cycle: idle, checked: true, upToDate: true });
    expect(nextCycle({ phase: 'checking' }, { kind: 'error', message: 'net::ERR_NAME_NOT_RESOLVED' }).cycle).toEqual({ phase: 'error', during: 'check', message: 'net::ERR_NAME_NOT_RESOLVED' });
    const downloading: UpdateCycle = { phase: 'downloading', version: '2.0.0', progress: { fraction: 0.5, transferredBytes: 1, totalBytes: 2, bytesPerSecond: 1 } };
    expect(nextCycle(downloading, { kind: 'error', message: 'sha512 checksum mismatch' }).cycle).toMatchObject({ phase: 'error', during: 'download' });
    expect(nextCycle({ phase: 'installing', version: '2.0.0' }, { kind: 'error', message: 'x' }).cycle).toMatchObject({ during: 'install' });
  });

  it('checks only from rest, after an error, or with an update not yet downloaded', () => {
    expect(mayCheck(idle)).toBe(true);
    expect(mayCheck({ phase: 'error', during: 'check', message: 'x' })).toBe(true);
    expect(mayCheck({ phase: 'available', version: '1' })).toBe(true);
    expect(mayCheck({ phase: 'checking' })).toBe(false);
    expect(mayCheck({ phase: 'ready', version: '1' })).toBe(false);
    expect(mayCheck({ phase: 'installing', version: '1' })).toBe(false);
  });

  it('keeps only the first line of an updater error, bounded', () => {
    expect(updaterErrorSentence('Cannot find latest.yml\n    at Object.<anonymous> (/home/u/app.asar/x.js:1:1)')).toBe('Cannot find latest.yml');
    expect(updaterErrorSentence('x'.repeat(400))).toHaveLength(298);
    expect(updaterErrorSentence('')).toMatch(/without saying why/);
  });
});

describe('installing without asking', () => {
  const ready: UpdateCycle = { phase: 'ready', version: '1.4.0' };
  it('never happens while an order rests, a heartbeat runs, or an account could not be read', () => {
    expect(nothingRests(quiet)).toBe(true);
    for (const resting of [withOrders, withHeartbeats, unread]) {
      expect(nothingRests(resting)).toBe(false);
      expect(installNeedsConfirmation(resting, false)).toBe(true);
      expect(installOnQuitAllowed({ off: false, cycle: ready, resting, environment: installedOnWindows })).toBe(false);
    }
    expect(installNeedsConfirmation(withOrders, true)).toBe(false);
    expect(installNeedsConfirmation(quiet, false)).toBe(false);
  });

  it('allows install-on-quit only with an update on its way or ready, nothing resting, updates on, and a platform that honours a later no', () => {
    expect(installOnQuitAllowed({ off: false, cycle: ready, resting: quiet, environment: installedOnWindows })).toBe(true);
    expect(installOnQuitAllowed({ off: false, cycle: ready, resting: null, environment: installedOnWindows })).toBe(false);
    expect(installOnQuitAllowed({ off: true, cycle: ready, resting: quiet, environment: installedOnWindows })).toBe(false);
    expect(installOnQuitAllowed({ off: false, cycle: { phase: 'idle' }, resting: quiet, environment: installedOnWindows })).toBe(false);
    expect(installOnQuitAllowed({ off: false, cycle: ready, resting: quiet, environment: { ...installedOnWindows, installOnQuitIsFinalAtDownload: true } })).toBe(false);
    expect(installOnQuitAllowed({ off: false, cycle: ready, resting: quiet, environment: null })).toBe(false);
  });
});
