/**
 * The bridge transport over Electron IPC, as a factory over anything shaped like ipcRenderer so
 * its semantics are unit-tested without Electron. No logic and no secrets live here: calls go
 * to main by channel name and events come back by name.
 */
import { ipcChannelFor, ipcEventFor, type BridgeTransport } from '../shared/bridgeApi';
import type { ChannelName, EventName } from '../shared/contract';
import { fail, type BridgeResult } from '../shared/result';

type IpcListener = (event: unknown, ...args: unknown[]) => void;

/** The three ipcRenderer methods the transport uses. */
export interface IpcRendererLike {
  invoke(channel: string, ...args: unknown[]): Promise<unknown>;
  on(channel: string, listener: IpcListener): unknown;
  removeListener(channel: string, listener: IpcListener): unknown;
}

export function createIpcBridgeTransport(ipc: IpcRendererLike): BridgeTransport {
  return {
    invoke(channel: ChannelName, input: unknown): Promise<BridgeResult<unknown>> {
      return (ipc.invoke(ipcChannelFor(channel), input) as Promise<BridgeResult<unknown>>).catch(() =>
        // Main had no handler (still starting) or the call was torn down. Electron's error text
        // names main-side internals, so the page gets a plain envelope instead.
        fail({ code: 'internal', message: 'The app did not answer this call.', retryable: true }),
      );
    },

    subscribe(event: EventName, listener: (payload: unknown) => void) {
      // A fresh wrapper per subscription: the page never sees the IpcRendererEvent (its
      // `sender` is ipcRenderer itself), and unsubscribing removes exactly this subscription
      // even when the same callback is subscribed twice.
      const forward: IpcListener = (_event, payload) => listener(payload);
      const channel = ipcEventFor(event);
      ipc.on(channel, forward);
      let subscribed = true;
      return () => {
        if (!subscribed) return;
        subscribed = false;
        ipc.removeListener(channel, forward);
      };
    },
  };
}
