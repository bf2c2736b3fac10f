/**
 * Frames of the browser-mode bridge: the same contract as Electron IPC, carried over one
 * WebSocket to the web host at `/bridge?token=…` (the per-run access token), or at `/bridge`
 * with the session cookie a single-use sign-in code was exchanged for.
 */
import type { BridgeResult } from './result';

/** Renderer → host: call a channel. `id` pairs the reply with the call. */
export interface CallFrame {
  kind: 'call';
  id: number;
  channel: string;
  input: unknown;
}

/** Host → renderer: the result of a call. */
export interface ReplyFrame {
  kind: 'reply';
  id: number;
  result: BridgeResult<unknown>;
}

/** Host → renderer: a pushed event. */
export interface EventFrame {
  kind: 'event';
  event: string;
  payload: unknown;
}

export type HostFrame = ReplyFrame | EventFrame;

export const BRIDGE_SOCKET_PATH = '/bridge';
/**
 * Largest call frame the host accepts; a bigger one closes that connection (1009) before parsing.
 * Every contract input is bounded to fit it (test/security/bridgeInputBounds.test.ts).
 */
export const MAX_CALL_FRAME_BYTES = 256 * 1024;
