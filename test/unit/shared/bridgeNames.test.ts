/**
 * The renderer and the preload build the bridge API from zod-free lists of names (bridgeApi.ts):
 * the channels are the authority table's keys, the events bridgeEvents' keys. Both must be exactly
 * the contract's, or a channel would be missing from `window.api` (the typecheck holds this too).
 */
import { describe, expect, it } from 'vitest';
import { buildBridgeApi, channelNames, eventNames, subscriptionKey } from '../../../src/shared/bridgeApi';
import { bridgeChannels, bridgeEvents } from '../../../src/shared/contract';

describe('bridge names without zod', () => {
  it('lists exactly the contract’s channels and events', () => {
    expect(new Set(channelNames)).toEqual(new Set(Object.keys(bridgeChannels)));
    expect(channelNames).toHaveLength(Object.keys(bridgeChannels).length);
    expect(new Set(eventNames)).toEqual(new Set(Object.keys(bridgeEvents)));
  });

  it('builds one method per channel and one subscription per event over the transport', async () => {
    const calls: string[] = [];
    const api = buildBridgeApi({
      invoke: async (channel) => {
        calls.push(channel);
        return { ok: true, value: null };
      },
      subscribe: () => () => undefined,
    }) as unknown as Record<string, unknown> & { events: Record<string, unknown> };
    for (const channel of Object.keys(bridgeChannels)) expect(typeof api[channel], channel).toBe('function');
    for (const event of Object.keys(bridgeEvents)) expect(typeof api.events[subscriptionKey(event as never)], event).toBe('function');
    await (api.getAppStatus as (input: object) => Promise<unknown>)({});
    expect(calls).toEqual(['getAppStatus']);
  });
});
