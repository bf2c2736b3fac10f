/**
 * The dispatcher asks for the handlers on every call: the shared ones always answer, the network
 * ones come from the live runtime, and while there is none (a switch running) every network-bound
 * channel answers with the switcher's retryable error.
 */
import { describe, expect, it } from 'vitest';
import { createDispatcher } from '../../../src/main/core/bridge/dispatcher';
import type { SharedHandlers } from '../../../src/main/core/bridge/handlers';
import { CoreError } from '../../../src/main/core/coreError';
import { silentLogger } from '../../../src/main/core/log';
import { currentHandlers } from '../../../src/main/core/networks/currentHandlers';
import type { NetworkRuntime } from '../../../src/main/core/networks/networkRuntime';

const caller = { clientId: 'test' };
const shared = { getVaultState: async () => ({ exists: true, unlocked: false }) } as unknown as SharedHandlers;
const runtimeAnswering = (tags: string[]) => ({ handlers: { listCatalogTags: async () => tags } }) as unknown as NetworkRuntime;

describe('current handlers', () => {
  it('follows the live runtime from one call to the next, and refuses network calls while there is none', async () => {
    let live: NetworkRuntime | null = runtimeAnswering(['first']);
    const dispatch = createDispatcher(
      currentHandlers(shared, () => live, () => new CoreError('unavailable', 'Switching to Staging… Try again in a moment.', { retryable: true })),
      silentLogger,
    );
    expect(await dispatch('listCatalogTags', {}, caller)).toEqual({ ok: true, value: ['first'] });

    live = null;
    expect(await dispatch('listCatalogTags', {}, caller)).toEqual({
      ok: false,
      error: { code: 'unavailable', message: 'Switching to Staging… Try again in a moment.', retryable: true },
    });
    expect(await dispatch('getVaultState', {}, caller)).toEqual({ ok: true, value: { exists: true, unlocked: false } });

    live = runtimeAnswering(['second']);
    expect(await dispatch('listCatalogTags', {}, caller)).toEqual({ ok: true, value: ['second'] });
  });
});
