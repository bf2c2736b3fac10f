/**
 * SharedReads on its own, with a `send` the test settles by hand: which signal the one request
 * gets and when it aborts, which answers are kept, and the errors callers see. (The same rules
 * against the real sandbox: test/integration/perps-core/sharedPublicReads.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import { SharedReads } from '../../../src/main/core/perps/sharedReads';

/** A send that records each request and lets the test answer or fail it. */
function manualSend() {
  const requests: Array<{ signal: AbortSignal; answer: (value: unknown) => void; fail: (error: unknown) => void }> = [];
  const send = (signal: AbortSignal) =>
    new Promise<unknown>((answer, fail) => {
      requests.push({ signal, answer, fail });
    });
  return { requests, send };
}

describe('SharedReads', () => {
  it('aborts the shared request only when the last caller leaves', async () => {
    const reads = new SharedReads({ reuseMs: 0 });
    const { requests, send } = manualSend();
    const a = new AbortController();
    const b = new AbortController();
    const first = reads.read('k', 'The tape read', send, a.signal);
    const second = reads.read('k', 'The tape read', send, b.signal);
    expect(requests).toHaveLength(1);
    a.abort();
    await expect(first).rejects.toMatchObject({ code: 'cancelled', message: 'The tape read was cancelled.' });
    expect(requests[0]!.signal.aborted).toBe(false);
    b.abort();
    await expect(second).rejects.toMatchObject({ code: 'cancelled' });
    expect(requests[0]!.signal.aborted).toBe(true);
    expect(reads.inFlight).toBe(0);
    // A caller after everyone left starts a new request.
    const third = reads.read('k', 'The tape read', send);
    expect(requests).toHaveLength(2);
    requests[1]!.answer('fresh');
    await expect(third).resolves.toBe('fresh');
  });

  it('a caller without a signal keeps the request alive after the others abort', async () => {
    const reads = new SharedReads({ reuseMs: 0 });
    const { requests, send } = manualSend();
    const leaving = new AbortController();
    const left = reads.read('k', 'The read', send, leaving.signal);
    const staying = reads.read('k', 'The read', send);
    leaving.abort();
    await expect(left).rejects.toMatchObject({ code: 'cancelled' });
    expect(requests[0]!.signal.aborted).toBe(false);
    requests[0]!.answer(42);
    await expect(staying).resolves.toBe(42);
  });

  it('refuses at once a caller whose signal has already aborted, without a request', async () => {
    const reads = new SharedReads({ reuseMs: 1_000 });
    const { requests, send } = manualSend();
    await expect(reads.read('k', 'The read', send, AbortSignal.abort())).rejects.toMatchObject({ code: 'cancelled' });
    expect(requests).toHaveLength(0);
  });

  it('gives every sharer the same error and keeps none of it', async () => {
    let now = 0;
    const reads = new SharedReads({ reuseMs: 1_000, now: () => now });
    const { requests, send } = manualSend();
    const sharers = [reads.read('k', 'The read', send), reads.read('k', 'The read', send, new AbortController().signal)];
    const failure = new Error('exchange down');
    requests[0]!.fail(failure);
    for (const result of await Promise.allSettled(sharers)) expect(result).toEqual({ status: 'rejected', reason: failure });
    now += 1;
    const again = reads.read('k', 'The read', send);
    expect(requests).toHaveLength(2);
    requests[1]!.answer('ok');
    await expect(again).resolves.toBe('ok');
  });

  it('reuses an answer for reuseMs on its clock, per key, and drops it after', async () => {
    let now = 100;
    const reads = new SharedReads({ reuseMs: 1_000, now: () => now });
    const { requests, send } = manualSend();
    const first = reads.read('a', 'The read', send);
    requests[0]!.answer('A1');
    await first;
    now += 999;
    await expect(reads.read('a', 'The read', send)).resolves.toBe('A1');
    const other = reads.read('b', 'The read', send);
    expect(requests).toHaveLength(2);
    requests[1]!.answer('B1');
    await expect(other).resolves.toBe('B1');
    now += 1;
    const refreshed = reads.read('a', 'The read', send);
    expect(requests).toHaveLength(3);
    requests[2]!.answer('A2');
    await expect(refreshed).resolves.toBe('A2');
  });

  it('does not keep the answer of a request every caller gave up', async () => {
    const reads = new SharedReads({ reuseMs: 1_000, now: () => 0 });
    const { requests, send } = manualSend();
    const gone = new AbortController();
    const left = reads.read('k', 'The read', send, gone.signal);
    gone.abort();
    await expect(left).rejects.toMatchObject({ code: 'cancelled' });
    // The aborted request answers anyway (a server that ignored the abort).
    requests[0]!.answer('stale');
    await Promise.resolve();
    const next = reads.read('k', 'The read', send);
    expect(requests).toHaveLength(2);
    requests[1]!.answer('new');
    await expect(next).resolves.toBe('new');
  });

  it('names a bad reuse time', () => {
    expect(() => new SharedReads({ reuseMs: -1 })).toThrow('reuseMs must be a non-negative number, got -1');
  });
});
