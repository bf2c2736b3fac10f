/**
 * The Electron IPC transport for the bridge contract. It owns no logic: it checks who is
 * calling, then hands the raw input to `core.dispatch`, which parses it with the channel's
 * schema before any handler runs. Electron objects arrive as parameters (typed structurally), so
 * this module is exercised in unit tests without the Electron runtime.
 */
import {
  channelNames,
  ipcChannelFor,
  ipcEventFor,
  type ChannelName,
  type Unsubscribe,
} from '../../shared/contract';
import { fail, type BridgeResult } from '../../shared/result';
import type { CallerContext, Core } from '../core/coreApi';
import { isTrustedSender, type SenderFrame } from './windowPolicy';

/** The parts of a WebFrameMain the sender check reads. */
export interface FrameLike {
  readonly url: string;
  readonly parent: unknown;
}

export interface InvokeEventLike {
  readonly sender: { readonly id: number };
  readonly senderFrame: FrameLike | null;
}

export interface IpcMainLike {
  handle(channel: string, listener: (event: InvokeEventLike, input: unknown) => Promise<unknown>): void;
  removeHandler(channel: string): void;
}

/** The parts of a window's WebContents the transport uses. */
export interface WindowContentsLike {
  readonly id: number;
  readonly mainFrame: FrameLike;
  isDestroyed(): boolean;
  send(channel: string, ...args: unknown[]): void;
  once(event: 'destroyed', listener: () => void): unknown;
}

export interface IpcTransportOptions {
  /** electron-vite's dev server; pass it only in unpackaged runs. */
  devServerUrl?: string;
}

export interface IpcTransport {
  /** Start pushing events to this window and drop its core state when it goes away. */
  attachWindow(contents: WindowContentsLike): void;
  stop(): void;
}

export const describeSenderFrame = (frame: FrameLike | null): SenderFrame | null =>
  frame ? { url: frame.url, isTopFrame: frame.parent === null } : null;

export const callerFor = (contents: { readonly id: number }): CallerContext => ({
  clientId: String(contents.id),
});

const forbiddenSender = fail({
  code: 'forbidden_sender',
  message: 'This call did not come from the Marketdesk window, so it was refused.',
});

/** One channel's IPC handler: the sender check first, then the core, which never throws. */
export function createCallHandler(
  channel: ChannelName,
  core: Pick<Core, 'dispatch'>,
  options: IpcTransportOptions = {},
): (event: InvokeEventLike, input: unknown) => Promise<BridgeResult<unknown>> {
  return async (event, input) => {
    if (!isTrustedSender(describeSenderFrame(event.senderFrame), options.devServerUrl)) {
      return forbiddenSender;
    }
    try {
      return await core.dispatch(channel, input, callerFor(event.sender));
    } catch {
      // dispatch promises never to throw; if it does, the renderer gets a plain error and no
      // stack (which could carry request details) crosses the bridge.
      return fail({ code: 'internal', message: 'The app failed to handle this call.' });
    }
  };
}

export function startIpcTransport(
  ipcMain: IpcMainLike,
  core: Core,
  options: IpcTransportOptions = {},
): IpcTransport {
  for (const channel of channelNames) {
    ipcMain.handle(ipcChannelFor(channel), createCallHandler(channel, core, options));
  }

  const windows = new Set<WindowContentsLike>();
  const unsubscribe: Unsubscribe = core.subscribe((event, payload) => {
    for (const contents of windows) {
      if (contents.isDestroyed()) continue;
      // Events go only to a window still showing the app (navigation is denied, but a window
      // that somehow left the app must not keep receiving account data).
      if (!isTrustedSender(describeSenderFrame(contents.mainFrame), options.devServerUrl)) continue;
      try {
        contents.send(ipcEventFor(event), payload);
      } catch {
        // A window torn down mid-send must not starve the other windows of this event.
      }
    }
  });

  return {
    attachWindow(contents) {
      if (windows.has(contents)) return;
      windows.add(contents);
      const caller = callerFor(contents);
      contents.once('destroyed', () => {
        windows.delete(contents);
        core.disconnect(caller);
      });
    },
    stop() {
      unsubscribe();
      for (const channel of channelNames) ipcMain.removeHandler(ipcChannelFor(channel));
      windows.clear();
    },
  };
}
