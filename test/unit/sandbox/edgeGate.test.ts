import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EdgeGate, type EdgeVerdict } from '../../../src/sandbox/edge/edgeGate';

beforeEach(() => {
  vi.useFakeTimers({ now: 0 });
});
afterEach(() => {
  vi.useRealTimers();
});

const gateWith = (limits: Record<string, number>, maxWaitMs = 30_000, maxQueued = 100) =>
  new EdgeGate({ limits, maxWaitMs, maxQueued, clock: () => Date.now() });

const scope = (gate: EdgeGate, name: string) => gate.stats().find((s) => s.scope === name)!;

/** Records when each admission resolves, in fake-clock ms. */
function track(promise: Promise<EdgeVerdict>, log: Array<[string, EdgeVerdict['kind'], number]>, label: string) {
  void promise.then((verdict) => log.push([label, verdict.kind, Date.now()]));
}

const kindOf = async (promise: Promise<EdgeVerdict>) => (await promise).kind;

describe('edge windows', () => {
  it('counts a request against every window of its route, sharing "all endpoints" across services', async () => {
    const gate = gateWith({});
    await gate.admit('clob', 'GET', '/book');
    await gate.admit('catalog', 'GET', '/events');
    await gate.admit('catalog', 'GET', '/events/21000');
    expect(scope(gate, 'edge:all').total).toBe(3);
    expect(scope(gate, 'clob').total).toBe(1);
    expect(scope(gate, 'clob:/book').total).toBe(1);
    expect(scope(gate, 'catalog').total).toBe(2);
    expect(scope(gate, 'catalog:/events').total).toBe(2);
    expect(scope(gate, 'catalog:listings').total).toBe(1);
    expect(scope(gate, 'clob:/book')).toMatchObject({ limit: 1_500, windowMs: 10_000, overLimit: 0, maxInWindow: 1 });
  });

  it('delays requests beyond the limit until the sliding window frees, and counts them as over the limit', async () => {
    const gate = gateWith({ 'clob:/ok': 3 });
    const log: Array<[string, EdgeVerdict['kind'], number]> = [];
    for (let i = 0; i < 5; i += 1) track(gate.admit('clob', 'GET', '/ok'), log, `r${i}`);
    await vi.advanceTimersByTimeAsync(0);
    expect(log.map(([l]) => l)).toEqual(['r0', 'r1', 'r2']);
    await vi.advanceTimersByTimeAsync(9_990);
    expect(log).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(20);
    expect(log.map(([l, v]) => `${l}:${v}`)).toEqual(['r0:admitted', 'r1:admitted', 'r2:admitted', 'r3:admitted', 'r4:admitted']);
    expect(log[3]![2]).toBeGreaterThanOrEqual(10_000);
    expect(scope(gate, 'clob:/ok')).toMatchObject({ total: 5, maxInWindow: 5, overLimit: 2, delayed: 2, rejected: 0 });
    // The other windows of the route were never full.
    expect(scope(gate, 'clob')).toMatchObject({ total: 5, overLimit: 0, delayed: 0 });
  });

  it('slides: old requests leave the window and stop counting', async () => {
    const gate = gateWith({ 'clob:/ok': 3 });
    for (let i = 0; i < 3; i += 1) await gate.admit('clob', 'GET', '/ok');
    await vi.advanceTimersByTimeAsync(10_001);
    for (let i = 0; i < 3; i += 1) await gate.admit('clob', 'GET', '/ok');
    expect(scope(gate, 'clob:/ok')).toMatchObject({ total: 6, maxInWindow: 3, overLimit: 0, delayed: 0, inWindow: 3 });
  });

  it('answers 429 (rejected) when the wait would exceed the bound, or the queue is full', async () => {
    const gate = gateWith({ 'clob:/ok': 2 }, 1_000);
    expect(await kindOf(gate.admit('clob', 'GET', '/ok'))).toBe('admitted');
    expect(await kindOf(gate.admit('clob', 'GET', '/ok'))).toBe('admitted');
    expect(await gate.admit('clob', 'GET', '/ok')).toEqual({ kind: 'rejected', retryAfterMs: 10_000, labels: ['Health check /ok'] });
    expect(scope(gate, 'clob:/ok')).toMatchObject({ rejected: 1, overLimit: 1 });

    const queued = gateWith({ 'clob:/ok': 1 }, 30_000, 1);
    await queued.admit('clob', 'GET', '/ok');
    const waiting = queued.admit('clob', 'GET', '/ok');
    // The queue is full: refused at once, told to come back when the two ahead of it are through.
    expect(await queued.admit('clob', 'GET', '/ok')).toMatchObject({ kind: 'rejected', retryAfterMs: 20_000 });
    queued.close();
    expect(await kindOf(waiting)).toBe('rejected');
  });

  it('serves waiters first-in first-out and does not hold back unrelated routes', async () => {
    const gate = gateWith({ 'clob:/ok': 1 });
    const log: Array<[string, EdgeVerdict['kind'], number]> = [];
    track(gate.admit('clob', 'GET', '/ok'), log, 'a');
    await vi.advanceTimersByTimeAsync(1);
    track(gate.admit('clob', 'GET', '/ok'), log, 'b');
    await vi.advanceTimersByTimeAsync(1);
    track(gate.admit('clob', 'GET', '/ok'), log, 'c');
    track(gate.admit('clob', 'GET', '/book'), log, 'book');
    await vi.advanceTimersByTimeAsync(0);
    expect(log.map(([l]) => l)).toEqual(['a', 'book']);
    await vi.advanceTimersByTimeAsync(25_000);
    expect(log.map(([l]) => l)).toEqual(['a', 'book', 'b', 'c']);
    expect(log[3]![2] - log[2]![2]).toBeGreaterThanOrEqual(10_000);
  });

  it('reports how many requests were delayed and for how long', async () => {
    const gate = gateWith({ 'clob:/ok': 1 });
    await gate.admit('clob', 'GET', '/ok');
    await vi.advanceTimersByTimeAsync(4_000);
    const waited = gate.admit('clob', 'GET', '/ok');
    expect(scope(gate, 'clob:/ok')).toMatchObject({ waiting: 1, delayed: 0 });
    await vi.advanceTimersByTimeAsync(6_100);
    expect(await waited).toMatchObject({ kind: 'admitted' });
    const stats = scope(gate, 'clob:/ok');
    expect(stats).toMatchObject({ waiting: 0, delayed: 1, rejected: 0 });
    expect(stats.delayedMs).toBeGreaterThanOrEqual(6_000);
    expect(stats.delayedMs).toBeLessThanOrEqual(6_100);
    expect(stats.maxDelayMs).toBe(stats.delayedMs);
  });

  it('takes a waiter whose client left out of the queue, so the next one gets its place', async () => {
    const gate = gateWith({ 'clob:/ok': 1 });
    const log: Array<[string, EdgeVerdict['kind'], number]> = [];
    await gate.admit('clob', 'GET', '/ok');
    const gone = new AbortController();
    track(gate.admit('clob', 'GET', '/ok', gone.signal), log, 'gone');
    track(gate.admit('clob', 'GET', '/ok'), log, 'next');
    expect(scope(gate, 'clob:/ok').waiting).toBe(2);
    gone.abort();
    await vi.advanceTimersByTimeAsync(0);
    expect(log).toEqual([['gone', 'abandoned', 0]]);
    expect(scope(gate, 'clob:/ok')).toMatchObject({ waiting: 1, abandoned: 1 });
    // The first free place (10 s), not the second (20 s): the one that left never took it.
    await vi.advanceTimersByTimeAsync(10_010);
    expect(log.map(([l, v]) => `${l}:${v}`)).toEqual(['gone:abandoned', 'next:admitted']);
    expect(log[1]![2]).toBeLessThan(10_100);
    expect(scope(gate, 'clob:/ok')).toMatchObject({ delayed: 1, abandoned: 1, waiting: 0 });
  });

  it('refuses at once a request whose wait would pass the bound, with the wait the queue ahead makes', async () => {
    const gate = gateWith({ 'clob:/ok': 2 }, 15_000);
    await gate.admit('clob', 'GET', '/ok');
    await vi.advanceTimersByTimeAsync(1_000);
    await gate.admit('clob', 'GET', '/ok');
    // Two more wait: for the places that free at 10 s and 11 s.
    const queued = [gate.admit('clob', 'GET', '/ok'), gate.admit('clob', 'GET', '/ok')];
    // The fifth would be admitted when the third's place frees (10 s + 10 s = 20 s): 19 s from now.
    expect(await gate.admit('clob', 'GET', '/ok')).toEqual({ kind: 'rejected', retryAfterMs: 19_000, labels: ['Health check /ok'] });
    await vi.advanceTimersByTimeAsync(10_100);
    expect(await kindOf(queued[0]!)).toBe('admitted');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await kindOf(queued[1]!)).toBe('admitted');
  });

  it('resets statistics without reopening the throttle, and refuses everything once closed', async () => {
    const gate = gateWith({ 'clob:/ok': 1 }, 500);
    await gate.admit('clob', 'GET', '/ok');
    gate.resetStats();
    expect(scope(gate, 'clob:/ok')).toMatchObject({ total: 0, maxInWindow: 0, overLimit: 0 });
    expect(await kindOf(gate.admit('clob', 'GET', '/ok'))).toBe('rejected');
    gate.close();
    expect(await kindOf(gate.admit('clob', 'GET', '/book'))).toBe('rejected');
  });
});
