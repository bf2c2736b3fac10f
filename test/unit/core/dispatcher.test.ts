import { describe, expect, it } from 'vitest';
import { createDispatcher } from '../../../src/main/core/bridge/dispatcher';
import type { BridgeHandlers } from '../../../src/main/core/bridge/handlerTypes';
import { CoreError } from '../../../src/main/core/coreError';
import { silentLogger, type Logger } from '../../../src/main/core/log';
import { channelNames } from '../../../src/shared/contract';

function recordingHandlers() {
  const calls: Array<{ channel: string; input: unknown }> = [];
  const handlers = Object.fromEntries(
    channelNames.map((channel) => [
      channel,
      async (input: unknown) => {
        calls.push({ channel, input });
        return { echoed: input };
      },
    ]),
  ) as unknown as BridgeHandlers;
  return { calls, handlers };
}

const caller = { clientId: 'test' };

describe('bridge dispatcher', () => {
  it('passes parsed input, with schema defaults applied, to the handler', async () => {
    const { calls, handlers } = recordingHandlers();
    const dispatch = createDispatcher(handlers, silentLogger);
    const result = await dispatch('searchCatalogEvents', { text: 'rain' }, caller);
    expect(result.ok).toBe(true);
    expect(calls).toEqual([
      { channel: 'searchCatalogEvents', input: { text: 'rain', includeClosed: false, limit: 200, offset: 0, sort: 'volume24hr', watchlistOnly: false } },
    ]);
  });

  const badInputs: Array<[string, unknown, RegExp]> = [
    ['watchOrderBooks', { tokenIds: ['12', 'abc'] }, /tokenIds\.1: must be a decimal token id/],
    ['watchOrderBooks', { tokenIds: Array.from({ length: 41 }, (_, i) => String(i)) }, /at most 40 books/],
    ['watchOrderBooks', { tokenIds: ['1'], extra: true }, /Unrecognized key/i],
    ['watchOrderBooks', 'not an object', /expected object/i],
    ['getCatalogEvent', { eventId: '../../etc/passwd' }, /eventId: must contain only letters/],
    ['getCatalogEvent', {}, /eventId/],
    ['searchCatalogEvents', { limit: 0 }, /limit/],
    ['searchCatalogEvents', { text: 'x'.repeat(201) }, /at most 200 characters/],
    ['getAppStatus', { sneaky: 1 }, /Unrecognized key/i],
  ];

  it.each(badInputs)('refuses bad input for %s with a clear error and runs no handler', async (channel, input, message) => {
    const { calls, handlers } = recordingHandlers();
    const dispatch = createDispatcher(handlers, silentLogger);
    const result = await dispatch(channel, input, caller);
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    if (!result.ok) {
      expect(result.error.message).toMatch(new RegExp(`^Invalid input for ${channel}: `));
      expect(result.error.message).toMatch(message);
    }
    expect(calls).toEqual([]);
  });

  it('refuses unknown channels, including prototype names', async () => {
    const { calls, handlers } = recordingHandlers();
    const dispatch = createDispatcher(handlers, silentLogger);
    for (const name of ['deleteEverything', 'constructor', '__proto__', 'toString']) {
      const result = await dispatch(name, {}, caller);
      expect(result).toMatchObject({ ok: false, error: { code: 'unknown_channel' } });
    }
    expect(calls).toEqual([]);
  });

  it('returns a CoreError as its own code and message', async () => {
    const { handlers } = recordingHandlers();
    handlers.getCatalogEvent = async () => {
      throw new CoreError('not_found', 'No event 42.', { traceId: 't-1' });
    };
    const result = await createDispatcher(handlers, silentLogger)('getCatalogEvent', { eventId: '42' }, caller);
    expect(result).toEqual({ ok: false, error: { code: 'not_found', message: 'No event 42.', retryable: false, traceId: 't-1' } });
  });

  it('hides the text of unexpected errors behind a trace id, and logs only their message', async () => {
    const { handlers } = recordingHandlers();
    handlers.getAppStatus = async () => {
      throw Object.assign(new Error('boom'), { secretPayload: 'do-not-log-me' });
    };
    const lines: string[] = [];
    const log: Logger = { info: () => {}, warn: () => {}, error: (m, e) => lines.push(`${m} ${(e as Error).message}`) };
    const result = await createDispatcher(handlers, log)('getAppStatus', {}, caller);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.code).toBe('internal');
      expect(result.error.message).not.toContain('boom');
      expect(result.error.traceId).toMatch(/^[0-9a-f-]{36}$/);
    }
    expect(lines.join('\n')).not.toContain('do-not-log-me');
  });
});
