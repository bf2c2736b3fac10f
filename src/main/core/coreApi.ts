/**
 * What a transport (Electron IPC or the browser-mode WebSocket host) needs from the core.
 * Transports own no logic: they check who is calling, then hand the raw input to `dispatch`,
 * which parses it with the contract's schema before any handler runs.
 */
import type { ChannelName, EventName, EventPayload, Unsubscribe } from '../../shared/contract';
import type { BridgeResult } from '../../shared/result';

/** Identifies one connected renderer (a window or a browser tab) for per-client state. */
export interface CallerContext {
  clientId: string;
}

export type CoreEventListener = <K extends EventName>(event: K, payload: EventPayload<K>) => void;

export interface Core {
  /** Parses `rawInput` with the channel's schema and runs its handler; never throws. */
  dispatch(channel: string, rawInput: unknown, caller: CallerContext): Promise<BridgeResult<unknown>>;
  /** Every pushed event, for the transport to forward to its renderers. */
  subscribe(listener: CoreEventListener): Unsubscribe;
  /** A renderer went away: drop its per-client state (watched books, …). */
  disconnect(caller: CallerContext): void;
  stop(): Promise<void>;
}

export interface CoreOptions {
  /** Where settings and (later) the vault live. */
  dataDir: string;
  /** Sandbox seed; the sandbox starts on loopback when the active network is the sandbox. */
  sandboxSeed?: number;
}

export type { ChannelName };
