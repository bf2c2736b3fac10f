// The main-side IPC transport: the sender-frame check runs before the core sees a call, events
// reach only attached windows still showing the app, and a closed window's core state is dropped.
// Electron's ipcMain and webContents are stood in for by EventEmitter-based objects of the same
// shape; the Core is a recorder implementing the interface the transport is written against.
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import {
  channelNames,
  ipcChannelFor,
  ipcEventFor,
  type EventName,
  type EventPayload,
} from '../../../src/shared/contract';
import { ok, type BridgeResult } from '../../../src/shared/result';
import type { CallerContext, Core, CoreEventListener } from '../../../src/main/core/coreApi';
import {
  startIpcTransport,
  type IpcMainLike,
  type InvokeEventLike,
  type WindowContentsLike,
} from '../../../src/main/electron/ipcTransport';

class RecordingCore implements Core {
  readonly dispatched: Array<{ channel: string; input: unknown; caller: CallerContext }> = [];
  readonly disconnected: CallerContext[] = [];
  readonly listeners = new Set<CoreEventListener>();
  failWith: Error | null = null;

  async dispatch(channel: string, input: unknown, caller: CallerContext): Promise<BridgeResult<unknown>> {
    this.dispatched.push({ channel, input, caller });
    if (this.failWith) throw this.failWith;
    return ok({ handled: channel });
  }
  subscribe(listener: CoreEventListener) {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }
  disconnect(caller: CallerContext): void {
    this.disconnected.push(caller);
  }
  handleSystemEvent(): void {}
  async stop(): Promise<void> {}
  emit<K extends EventName>(event: K, payload: EventPayload<K>): void {
    for (const listener of this.listeners) listener(event, payload);
  }
}

class FakeIpcMain implements IpcMainLike {
  readonly handlers = new Map<string, (event: InvokeEventLike, input: unknown) => Promise<unknown>>();
  handle(channel: string, listener: (event: InvokeEventLike, input: unknown) => Promise<unknown>): void {
    if (this.handlers.has(channel)) throw new Error(`second handler for ${channel}`);
    this.handlers.set(channel, listener);
  }
  removeHandler(channel: string): void {
    this.handlers.delete(channel);
  }
  call(channel: string, event: InvokeEventLike, input: unknown): Promise<unknown> {
    const handler = this.handlers.get(channel);
    if (!handler) throw new Error(`no handler for ${channel}`);
    return handler(event, input);
  }
}

class FakeWindow extends EventEmitter implements WindowContentsLike {
  readonly sent: Array<[string, unknown]> = [];
  destroyed = false;
  constructor(
    readonly id: number,
    public mainFrame = { url: 'app://marketdesk/index.html', parent: null as unknown },
  ) {
    super();
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
  send(channel: string, payload: unknown): void {
    this.sent.push([channel, payload]);
  }
  destroy(): void {
    this.destroyed = true;
    this.emit('destroyed');
  }
}

const appFrame = { url: 'app://marketdesk/index.html', parent: null };
const callFrom = (senderFrame: InvokeEventLike['senderFrame'], id = 7): InvokeEventLike => ({
  sender: { id },
  senderFrame,
});
const setup = (options = {}) => {
  const core = new RecordingCore();
  const ipcMain = new FakeIpcMain();
  const transport = startIpcTransport(ipcMain, core, options);
  return { core, ipcMain, transport };
};
const statusChannel = ipcChannelFor('getAppStatus');

describe('startIpcTransport: calls', () => {
  it('registers one handler per contract channel, on namespaced names', () => {
    const { ipcMain } = setup();
    expect([...ipcMain.handlers.keys()].sort()).toEqual(channelNames.map(ipcChannelFor).sort());
  });

  it('hands a call from the app window to the core with the window as the caller', async () => {
    const { core, ipcMain } = setup();
    const result = await ipcMain.call(ipcChannelFor('getCatalogEvent'), callFrom(appFrame, 12), { eventId: 'e1' });
    expect(result).toEqual({ ok: true, value: { handled: 'getCatalogEvent' } });
    expect(core.dispatched).toEqual([{ channel: 'getCatalogEvent', input: { eventId: 'e1' }, caller: { clientId: '12' } }]);
  });

  it('refuses calls from subframes, foreign pages and vanished frames before the core runs', async () => {
    const { core, ipcMain } = setup();
    const senders = [
      { url: 'app://marketdesk/index.html', parent: appFrame },
      { url: 'https://evil.com/', parent: null },
      { url: 'file:///tmp/x.html', parent: null },
      null,
    ];
    for (const frame of senders) {
      const result = (await ipcMain.call(statusChannel, callFrom(frame), {})) as BridgeResult<unknown>;
      expect(result.ok ? 'ok' : result.error.code, JSON.stringify(frame)).toBe('forbidden_sender');
    }
    expect(core.dispatched).toEqual([]);
  });

  it('trusts the dev server only when it was passed in', async () => {
    const devFrame = { url: 'http://localhost:5173/', parent: null };
    const plain = setup();
    expect(await plain.ipcMain.call(statusChannel, callFrom(devFrame), {})).toMatchObject({ ok: false });
    const dev = setup({ devServerUrl: 'http://localhost:5173' });
    expect(await dev.ipcMain.call(statusChannel, callFrom(devFrame), {})).toMatchObject({ ok: true });
  });

  it('answers a throwing core with a plain internal error that carries none of the exception', async () => {
    const { core, ipcMain } = setup();
    core.failWith = new Error('secret=hunter2 at /home/user/vault.json');
    const result = await ipcMain.call(statusChannel, callFrom(appFrame), {});
    expect(result).toEqual({ ok: false, error: { code: 'internal', message: 'The app failed to handle this call.' } });
  });
});

describe('startIpcTransport: events and lifecycle', () => {
  it('forwards core events to attached windows on namespaced channels', () => {
    const { core, transport } = setup();
    const a = new FakeWindow(1);
    const b = new FakeWindow(2);
    transport.attachWindow(a);
    transport.attachWindow(b);
    transport.attachWindow(a); // attaching twice must not double-deliver
    core.emit('orderBooksUpdated', { books: [] });
    expect(a.sent).toEqual([[ipcEventFor('orderBooksUpdated'), { books: [] }]]);
    expect(b.sent).toEqual(a.sent);
  });

  it('sends nothing to a window that is no longer showing the app', () => {
    const { core, transport } = setup();
    const away = new FakeWindow(3, { url: 'https://evil.com/', parent: null });
    transport.attachWindow(away);
    core.emit('orderBooksUpdated', { books: [] });
    expect(away.sent).toEqual([]);
  });

  it('drops a destroyed window: the core forgets its state and it gets no more events', () => {
    const { core, transport } = setup();
    const window = new FakeWindow(4);
    transport.attachWindow(window);
    window.destroy();
    expect(core.disconnected).toEqual([{ clientId: '4' }]);
    core.emit('orderBooksUpdated', { books: [] });
    expect(window.sent).toEqual([]);
  });

  it('stop removes every handler and the event subscription', () => {
    const { core, ipcMain, transport } = setup();
    transport.stop();
    expect(ipcMain.handlers.size).toBe(0);
    expect(core.listeners.size).toBe(0);
  });
});
