/**
 * The update service over a stand-in updater (fakeUpdaterPort.ts says why a stand-in is right
 * here): the schedule, the download that follows a found update, cancel, the install that asks
 * while anything rests, install-on-quit following what rests, and updates turning off when the
 * active network becomes the sandbox.
 */
import { describe, expect, it } from 'vitest';
import { silentLogger } from '../../../../src/main/core/log';
import type { LoopClock } from '../../../../src/main/core/status/backoff';
import { CHECK_INTERVAL_MS, FIRST_CHECK_DELAY_MS } from '../../../../src/main/core/updates/updatePolicy';
import { UpdateService } from '../../../../src/main/core/updates/updateService';
import type { RestingWork, UpdateState } from '../../../../src/shared/updates';
import { FakeUpdaterPort, installedOnWindows } from './fakeUpdaterPort';

/** A clock whose sleeps end only when the test lets them (in order), so nothing depends on time. */
function manualClock() {
  const sleeps: Array<{ ms: number; wake: () => void }> = [];
  const clock: LoopClock = {
    now: () => 0,
    random: () => 0.5,
    sleep: (ms, signal) =>
      new Promise<void>((resolve) => {
        const wake = () => resolve();
        signal?.addEventListener('abort', wake, { once: true });
        sleeps.push({ ms, wake });
      }),
  };
  return { clock, sleeps, wakeNext: () => sleeps.shift()?.wake() };
}

const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

function setup(options: { port?: FakeUpdaterPort | null; resting?: RestingWork; onSandbox?: boolean; savedFeed?: string } = {}) {
  const port = options.port === undefined ? new FakeUpdaterPort() : options.port;
  let resting: RestingWork = options.resting ?? { networkLabel: 'Live', heartbeatWindowMs: 10_000, accounts: [] };
  let onSandbox = options.onSandbox ?? false;
  const states: UpdateState[] = [];
  const { clock, sleeps, wakeNext } = manualClock();
  let restingReads = 0;
  const service = new UpdateService({
    port,
    currentVersion: '1.3.0',
    savedFeed: { get: () => options.savedFeed ?? null },
    onSandbox: () => onSandbox,
    readResting: async () => {
      restingReads += 1;
      return resting;
    },
    onChange: (state) => states.push(state),
    log: silentLogger,
    clock,
    wallNow: () => 1_700_000_000_000,
  });
  return {
    port: port!,
    service,
    states,
    sleeps,
    wakeNext,
    restingReads: () => restingReads,
    setResting: (next: RestingWork) => (resting = next),
    setSandbox: (value: boolean) => (onSandbox = value),
  };
}

const restingOrders: RestingWork = {
  networkLabel: 'Live',
  heartbeatWindowMs: 10_000,
  accounts: [
    { accountId: 'a', label: 'Main', openOrders: 2, heartbeatsRunning: true },
    { accountId: 'b', label: 'Spare', openOrders: 0, heartbeatsRunning: false },
  ],
};

describe('UpdateService', () => {
  it('is off in browser mode and refuses every action with the reason', async () => {
    const { service } = setup({ port: null });
    service.start();
    expect(service.state().status).toEqual({ phase: 'off', reason: 'browser-mode' });
    expect(service.state().verification).toBeNull();
    await expect(service.checkNow()).rejects.toThrow(/browser mode/);
    await expect(service.install(true)).rejects.toThrow(/browser mode/);
    // Nothing can set the feed from here: the service has no such method to reach.
    expect('setFeed' in service).toBe(false);
  });

  it('checks a minute after start and then every six hours, fetching a found update at once', async () => {
    const { port, service, sleeps, wakeNext, states } = setup();
    port.nextCheck = null;
    service.start();
    expect(port.installOnQuit).toEqual([false]);
    expect(sleeps.map((s) => s.ms)).toEqual([FIRST_CHECK_DELAY_MS]);
    wakeNext();
    await flush();
    expect(port.checks).toBe(1);
    expect(service.state()).toMatchObject({ status: { phase: 'idle' }, upToDate: true, lastCheckedAt: 1_700_000_000_000 });
    expect(sleeps.map((s) => s.ms)).toEqual([CHECK_INTERVAL_MS]);

    port.nextCheck = '1.4.0';
    wakeNext();
    await flush();
    expect(port.checks).toBe(2);
    expect(service.state().status).toEqual({ phase: 'ready', version: '1.4.0' });
    expect(states.map((s) => s.status.phase)).toEqual(['checking', 'idle', 'checking', 'available', 'downloading', 'downloading', 'ready', 'ready']);
    // The last change: nothing rests (no accounts), so a quit may now install it.
    expect(states.at(-1)?.installsOnQuit).toBe(true);
    service.stop();
  });

  it('shows download progress and goes back to "available" when the download is cancelled', async () => {
    const { port, service } = setup();
    port.holdDownloads = true;
    port.nextCheck = '1.4.0';
    service.start();
    await service.checkNow();
    expect(service.state().status).toEqual({ phase: 'downloading', version: '1.4.0', progress: { fraction: 0.25, transferredBytes: 25, totalBytes: 100, bytesPerSecond: 50 } });
    service.cancelDownload();
    await flush();
    expect(service.state().status).toEqual({ phase: 'available', version: '1.4.0' });
    const again = service.download();
    port.finishDownload();
    expect((await again).status).toEqual({ phase: 'ready', version: '1.4.0' });
    service.stop();
  });

  it('asks before installing while orders rest or heartbeats run, and installs once confirmed', async () => {
    const { port, service } = setup({ resting: restingOrders });
    port.nextCheck = '1.4.0';
    service.start();
    await service.checkNow();
    await flush();
    const asked = await service.install(false);
    expect(asked).toEqual({ outcome: 'needs-confirmation', version: '1.4.0', resting: restingOrders });
    expect(port.installs).toBe(0);
    expect(service.state().status.phase).toBe('ready');
    // Something rests: a quit must not install by itself.
    expect(service.state().installsOnQuit).toBe(false);
    expect(port.lastInstallOnQuit).toBe(false);

    expect(await service.install(true)).toEqual({ outcome: 'installing', version: '1.4.0' });
    expect(port.installs).toBe(1);
    expect(service.state().status).toEqual({ phase: 'installing', version: '1.4.0' });
    service.stop();
  });

  it('installs without asking when nothing rests, and lets a quit install only while that holds', async () => {
    const nothing: RestingWork = { networkLabel: 'Live', heartbeatWindowMs: 10_000, accounts: [{ accountId: 'a', label: 'Main', openOrders: 0, heartbeatsRunning: false }] };
    const { port, service, setResting, restingReads } = setup({ resting: nothing });
    port.nextCheck = '1.4.0';
    service.start();
    await service.checkNow();
    await flush();
    expect(restingReads()).toBeGreaterThanOrEqual(1);
    expect(service.state().installsOnQuit).toBe(true);
    expect(port.lastInstallOnQuit).toBe(true);

    // An order appears: withdrawn at once, before the new read answers.
    setResting(restingOrders);
    service.restingMayHaveChanged();
    expect(port.lastInstallOnQuit).toBe(false);
    await flush();
    expect(service.state().installsOnQuit).toBe(false);

    setResting(nothing);
    service.restingMayHaveChanged();
    await flush();
    expect(port.lastInstallOnQuit).toBe(true);
    expect(await service.install(false)).toEqual({ outcome: 'installing', version: '1.4.0' });
    expect(port.installs).toBe(1);
    service.stop();
  });

  it('never lets a quit install on a platform where that choice is final at download (macOS)', async () => {
    const port = new FakeUpdaterPort({ ...installedOnWindows, verification: 'developer-signature', installOnQuitIsFinalAtDownload: true });
    const { service } = setup({ port, resting: { networkLabel: 'Live', heartbeatWindowMs: 10_000, accounts: [] } });
    port.nextCheck = '1.4.0';
    service.start();
    await service.checkNow();
    await flush();
    expect(service.state().status.phase).toBe('ready');
    expect(port.installOnQuit.every((allowed) => !allowed)).toBe(true);
    service.stop();
  });

  it('turns off when the active network becomes the sandbox, cancelling a download, and back on after', async () => {
    const { port, service, setSandbox, states } = setup();
    port.holdDownloads = true;
    port.nextCheck = '1.4.0';
    service.start();
    await service.checkNow();
    setSandbox(true);
    service.reevaluate();
    await flush();
    expect(service.state().status).toEqual({ phase: 'off', reason: 'sandbox-network' });
    await expect(service.checkNow()).rejects.toThrow(/Sandbox network/);
    const announced = states.length;
    service.reevaluate();
    expect(states.length).toBe(announced);
    setSandbox(false);
    service.reevaluate();
    expect(service.state().status).toEqual({ phase: 'available', version: '1.4.0' });
    service.stop();
  });

  it('keeps the installer feed unless the settings file or the environment names another, applied at start', () => {
    const installer = setup();
    installer.service.start();
    expect(installer.port.feeds).toEqual([]);
    expect(installer.service.state().feed).toEqual({ url: 'https://updates.example.com/marketdesk/', source: 'installer' });
    installer.service.stop();

    const edited = setup({ savedFeed: 'https://mirror.example.com/marketdesk/' });
    edited.service.start();
    expect(edited.port.feeds).toEqual(['https://mirror.example.com/marketdesk/']);
    expect(edited.service.state().feed).toEqual({ url: 'https://mirror.example.com/marketdesk/', source: 'settings' });
    edited.service.stop();

    const administered = new FakeUpdaterPort({ ...installedOnWindows, environmentFeedUrl: 'https://admin.example.com/md/' });
    const byEnvironment = setup({ port: administered, savedFeed: 'https://mirror.example.com/marketdesk/' });
    byEnvironment.service.start();
    expect(administered.feeds).toEqual(['https://admin.example.com/md/']);
    expect(byEnvironment.service.state().feed).toEqual({ url: 'https://admin.example.com/md/', source: 'environment' });
    byEnvironment.service.stop();
  });

  it('turns a failed check into an error state with a short message', async () => {
    const { port, service } = setup();
    port.nextCheck = new Error('Cannot find channel "latest.yml" update info: HttpError: 404\n  at stack line');
    service.start();
    const state = await service.checkNow();
    expect(state.status).toEqual({ phase: 'error', during: 'check', message: 'Cannot find channel "latest.yml" update info: HttpError: 404' });
    service.stop();
  });
});
