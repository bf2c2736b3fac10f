/**
 * The renderer's stores against the real core and sandbox, under Node: `window.api` is the
 * contract's own `buildBridgeApi` over a transport that calls `core.dispatch` and forwards
 * `core.subscribe` events — the same wire the web host's WebSocket carries, minus the socket.
 * Stores read `window.api` when their modules load, so callers import them after `installBridge`.
 */
import { buildBridgeApi, type BridgeTransport, type EventName } from '../../../src/shared/contract';
import type { Harness } from '../core/coreHarness';

/** `onCall` sees every call the stores make (channel and input), before the core answers it. */
export function installBridge(harness: Harness, clientId = 'renderer-under-test', onCall?: (channel: string, input: unknown) => void): void {
  const transport: BridgeTransport = {
    invoke: (channel, input) => {
      onCall?.(channel, input);
      return harness.core.dispatch(channel, input, { clientId });
    },
    subscribe: (event: EventName, listener) =>
      harness.core.subscribe((name, payload) => {
        if (name === event) listener(payload);
      }),
  };
  const api = buildBridgeApi(transport);
  const globals = globalThis as unknown as { window?: Record<string, unknown> };
  globals.window = { api, location: { hash: '', protocol: 'file:' }, addEventListener: () => undefined, removeEventListener: () => undefined };
}
