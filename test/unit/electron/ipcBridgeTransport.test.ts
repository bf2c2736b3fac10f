// The preload's IPC transport over an EventEmitter shaped like ipcRenderer (which is itself an
// EventEmitter): calls go out on namespaced channels, events arrive without the IpcRendererEvent,
// and an unsubscribe removes exactly its own subscription.
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { buildBridgeApi, ipcChannelFor, ipcEventFor } from '../../../src/shared/contract';
import { createIpcBridgeTransport, type IpcRendererLike } from '../../../src/preload/ipcBridgeTransport';

class FakeIpcRenderer extends EventEmitter implements IpcRendererLike {
  readonly calls: Array<{ channel: string; args: unknown[] }> = [];
  answer: (channel: string) => Promise<unknown> = async () => ({ ok: true, value: 'pong' });

  invoke(channel: string, ...args: unknown[]): Promise<unknown> {
    this.calls.push({ channel, args });
    return this.answer(channel);
  }

  /** What main's webContents.send looks like from the renderer side. */
  push(channel: string, payload: unknown): void {
    this.emit(channel, { sender: this, ports: [] }, payload);
  }
}

const booksChannel = ipcEventFor('orderBooksUpdated');

describe('createIpcBridgeTransport', () => {
  it('invokes the namespaced channel with the raw input and returns main\'s envelope', async () => {
    const ipc = new FakeIpcRenderer();
    const result = await createIpcBridgeTransport(ipc).invoke('getCatalogEvent', { eventId: 'e1' });
    expect(ipc.calls).toEqual([{ channel: ipcChannelFor('getCatalogEvent'), args: [{ eventId: 'e1' }] }]);
    expect(result).toEqual({ ok: true, value: 'pong' });
  });

  it('turns a failed invoke into a plain error envelope without Electron\'s message', async () => {
    const ipc = new FakeIpcRenderer();
    ipc.answer = async () => {
      throw new Error("Error invoking remote method 'marketdesk:call:getAppStatus': No handler registered");
    };
    const result = await createIpcBridgeTransport(ipc).invoke('getAppStatus', {});
    expect(result).toEqual({
      ok: false,
      error: { code: 'internal', message: 'The app did not answer this call.', retryable: true },
    });
  });

  it('passes only the payload to the listener, never the IpcRendererEvent', () => {
    const ipc = new FakeIpcRenderer();
    const received: unknown[][] = [];
    createIpcBridgeTransport(ipc).subscribe('orderBooksUpdated', (...args: unknown[]) => received.push(args));
    ipc.push(booksChannel, { books: [] });
    expect(received).toEqual([[{ books: [] }]]);
  });

  it('removes exactly the unsubscribed listener, even when the same callback is subscribed twice', () => {
    const ipc = new FakeIpcRenderer();
    const transport = createIpcBridgeTransport(ipc);
    let calls = 0;
    const listener = () => {
      calls += 1;
    };
    const first = transport.subscribe('orderBooksUpdated', listener);
    transport.subscribe('orderBooksUpdated', listener);
    const other = transport.subscribe('appStatusChanged', listener);
    expect(ipc.listenerCount(booksChannel)).toBe(2);

    first();
    expect(ipc.listenerCount(booksChannel)).toBe(1);
    ipc.push(booksChannel, { books: [] });
    expect(calls).toBe(1);

    first(); // a second call must not remove the other subscription
    expect(ipc.listenerCount(booksChannel)).toBe(1);
    other();
    expect(ipc.listenerCount(ipcEventFor('appStatusChanged'))).toBe(0);
    expect(ipc.listenerCount(booksChannel)).toBe(1);
  });

  it('drives the contract-built window.api end to end', async () => {
    const ipc = new FakeIpcRenderer();
    const api = buildBridgeApi(createIpcBridgeTransport(ipc));
    await api.watchOrderBooks({ tokenIds: ['1'] });
    expect(ipc.calls[0]?.channel).toBe(ipcChannelFor('watchOrderBooks'));

    const seen: unknown[] = [];
    const off = api.events.onOrderBooksUpdated((payload) => seen.push(payload));
    ipc.push(booksChannel, { books: [] });
    off();
    ipc.push(booksChannel, { books: [] });
    expect(seen).toEqual([{ books: [] }]);
  });
});
