/**
 * The bridge's named-method API over any transport (Electron IPC in the desktop app, a WebSocket
 * in browser mode), and the lists of channel and event names it is built from. No zod here: the
 * renderer's entry and the preload import this, not the contract's schemas (main parses every
 * input with those). The channel names are the keys of the authority table, which the typecheck
 * holds equal to the contract's channels (a channel missing from it, or one too many, does not
 * compile; test/unit/shared/bridgeNames.test.ts says so too).
 */
import type { BridgeResult } from './result';
import { bridgeEvents, type EventName, type EventPayload } from './bridgeEvents';
import { channelAuthority } from './channelAuthority';
import type { ChannelInput, ChannelName, ChannelResult } from './contract';

export const channelNames = Object.keys(channelAuthority) as ChannelName[];
export const eventNames = Object.keys(bridgeEvents) as EventName[];

export type Unsubscribe = () => void;

export type BridgeEventSubscriptions = {
  [K in EventName as `on${Capitalize<K>}`]: (listener: (payload: EventPayload<K>) => void) => Unsubscribe;
};

/** What the renderer sees as `window.api`. */
export type BridgeApi = {
  [K in ChannelName]: (input: ChannelInput<K>) => Promise<BridgeResult<ChannelResult<K>>>;
} & { events: BridgeEventSubscriptions };

/** The wire that carries the contract: Electron IPC in the desktop app, a WebSocket in browser mode. */
export interface BridgeTransport {
  invoke(channel: ChannelName, input: unknown): Promise<BridgeResult<unknown>>;
  subscribe(event: EventName, listener: (payload: unknown) => void): Unsubscribe;
}

export const subscriptionKey = (event: EventName): string =>
  `on${event.charAt(0).toUpperCase()}${event.slice(1)}`;

/** Builds the named-method API from the contract over any transport. */
export function buildBridgeApi(transport: BridgeTransport): BridgeApi {
  const api: Record<string, unknown> = {};
  for (const channel of channelNames) {
    api[channel] = (input: unknown) => transport.invoke(channel, input);
  }
  const events: Record<string, unknown> = {};
  for (const event of eventNames) {
    events[subscriptionKey(event)] = (listener: (payload: unknown) => void) =>
      transport.subscribe(event, listener);
  }
  api.events = events;
  return api as BridgeApi;
}

/** IPC channel names are namespaced so nothing else on the IPC bus can collide with them. */
export const ipcChannelFor = (channel: ChannelName): string => `marketdesk:call:${channel}`;
export const ipcEventFor = (event: EventName): string => `marketdesk:event:${event}`;
