/**
 * Finding 5 (issue 10), at the dispatcher both transports share: a call whose handler never
 * settles answers `timeout` naming its channel by the deadline, and a connection with its quota
 * of calls running has one more refused at once as `throttled`, while other connections go on.
 * The quota is held until the handler really settles, so hung work cannot pile up.
 */
import { describe, expect, it } from 'vitest';
import { createDispatcher } from '../../src/main/core/bridge/dispatcher';
import type { BridgeHandlers } from '../../src/main/core/bridge/handlerTypes';
import { createCallHandler } from '../../src/main/electron/ipcTransport';
import { silentLogger } from '../../src/main/core/log';
import { channelNames } from '../../src/shared/contract';

/** Handlers that wait for the test to release them (never, unless it does). */
function gatedHandlers() {
  const releases: Array<() => void> = [];
  const handlers = Object.fromEntries(
    channelNames.map((channel) => [channel, () => new Promise((resolve) => releases.push(() => resolve({ channel })))]),
  ) as unknown as BridgeHandlers;
  return { handlers, releaseAll: () => releases.splice(0).forEach((release) => release()) };
}

describe('every bridge call answers', () => {
  it('a handler that never settles answers timeout naming the channel, and keeps its slot', async () => {
    const { handlers } = gatedHandlers();
    const dispatch = createDispatcher(handlers, silentLogger, { deadlineMs: 20, maxInFlightPerClient: 4 });
    const result = await dispatch('getAppStatus', {}, { clientId: 'tab-1' });
    expect(result).toMatchObject({ ok: false, error: { code: 'timeout', retryable: true } });
    if (!result.ok) expect(result.error.message).toMatch(/^getAppStatus did not answer within 20 ms/);
    expect(dispatch.inFlight('tab-1')).toBe(1);
  });

  it('the long channels get the long deadline', async () => {
    const { handlers, releaseAll } = gatedHandlers();
    const dispatch = createDispatcher(handlers, silentLogger, { deadlineMs: 10, longDeadlineMs: 60_000 });
    const walk = dispatch('syncActivityHistory', { address: '0x5a4d00000000000000000000000000000000a001' }, { clientId: 'tab-1' });
    const read = await dispatch('getAppStatus', {}, { clientId: 'tab-1' });
    expect(read).toMatchObject({ ok: false, error: { code: 'timeout' } });
    releaseAll();
    expect(await walk).toMatchObject({ ok: true });
  });

  it('a call that may wait for the user’s answer in main’s surface gets the question deadline', async () => {
    const { handlers, releaseAll } = gatedHandlers();
    const dispatch = createDispatcher(handlers, silentLogger, { deadlineMs: 10, questionDeadlineMs: 60_000 });
    const asking = dispatch('setAutoLockMinutes', { minutes: 0 }, { clientId: 'tab-1' });
    const read = await dispatch('getAppStatus', {}, { clientId: 'tab-1' });
    expect(read).toMatchObject({ ok: false, error: { code: 'timeout' } });
    releaseAll();
    expect(await asking).toMatchObject({ ok: true });
  });
});

describe('work in flight per connection is bounded', () => {
  it('refuses the call over the quota at once with throttled; other connections are unaffected; settling frees slots', async () => {
    const { handlers, releaseAll } = gatedHandlers();
    const dispatch = createDispatcher(handlers, silentLogger, { deadlineMs: 60_000, maxInFlightPerClient: 8 });
    const running = Array.from({ length: 8 }, () => dispatch('getVaultState', {}, { clientId: 'tab-1' }));
    const refused = await Promise.all(Array.from({ length: 100 }, () => dispatch('listAccounts', {}, { clientId: 'tab-1' })));
    expect(refused.every((r) => !r.ok && r.error.code === 'throttled')).toBe(true);
    if (!refused[0]!.ok) expect(refused[0]!.error.message).toContain('listAccounts');
    expect(dispatch.inFlight('tab-1')).toBe(8);
    const other = dispatch('getAppStatus', {}, { clientId: 'tab-2' });
    expect(dispatch.inFlight('tab-2')).toBe(1);
    releaseAll();
    expect((await Promise.all([...running, other])).every((r) => r.ok)).toBe(true);
    expect(dispatch.inFlight('tab-1')).toBe(0);
    expect(dispatch.busyClients()).toBe(0);
  });

  it('the Electron IPC handler shares the bound: one window is one client', async () => {
    const { handlers, releaseAll } = gatedHandlers();
    const dispatch = createDispatcher(handlers, silentLogger, { deadlineMs: 60_000, maxInFlightPerClient: 2 });
    const handler = createCallHandler('getVaultState', { dispatch });
    const event = { sender: { id: 41 }, senderFrame: { url: 'app://marketdesk/index.html', parent: null } };
    const first = [handler(event as never, {}), handler(event as never, {})];
    expect(await handler(event as never, {})).toMatchObject({ ok: false, error: { code: 'throttled' } });
    releaseAll();
    expect((await Promise.all(first)).every((r) => r.ok)).toBe(true);
  });
});
