/**
 * Finding 2 of issue 10: a request counts until its window has passed whatever its outcome, and
 * windows run on a monotonic clock, so neither a stall nor a wall-clock step lets a burst through.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RateBudget } from '../../../src/main/core/net/rateBudget';
import type { EdgeWindow } from '../../../src/shared/protocol/edgeLimits';
import { virtualClock } from './rateBudgetVirtualClock';

const fivePer10s: EdgeWindow = { scope: 'test:five', label: 'Five', limit: 5, windowMs: 10_000 };

describe('a request without an answer keeps counting', () => {
  it('holds timed-out requests in flight past the point an answer would have freed them', async () => {
    const clock = virtualClock();
    const budget = new RateBudget({ safetyFactor: 1, clock: clock.clock, lostHoldMs: 60_000 });
    const tickets = [];
    for (let i = 0; i < 5; i++) tickets.push(await clock.until(budget.acquire([fivePer10s], { service: 'clob' })));
    // The server stalls; the client gives up on all five at t=10 s. A stalled server still
    // processes them when it resumes, so they must not leave the window 10 s after the timeout.
    await clock.advance(10_000);
    for (const ticket of tickets) ticket.settle('lost');
    expect(budget.usedIn(fivePer10s)).toBe(5);
    await clock.advance(15_000); // t = 25 s: an answered request would have left at 20 s
    expect(budget.usedIn(fivePer10s)).toBe(5);
    const next = budget.acquire([fivePer10s], { service: 'clob', priority: 'background' });
    await clock.until(next);
    // Released at the hold (sent 0 s + timed out 10 s + 60 s), then counted for one more window.
    expect(clock.now).toBe(80_000);
  });

  it('releases lost requests once the same service answers a request sent after them', async () => {
    const clock = virtualClock();
    const budget = new RateBudget({ safetyFactor: 1, clock: clock.clock });
    const other: EdgeWindow = { scope: 'test:other', label: 'Other', limit: 100, windowMs: 10_000 };
    const lost = await clock.until(budget.acquire([fivePer10s, other], { service: 'clob' }));
    const probe = await clock.until(budget.acquire([other], { service: 'clob' }));
    const elsewhere = await clock.until(budget.acquire([fivePer10s], { service: 'analytics' }));
    await clock.advance(10_000);
    lost.settle('lost');
    elsewhere.settle('answered');
    // Another service's answer says nothing about the stalled one.
    expect(budget.usedIn(fivePer10s)).toBe(2);
    await clock.advance(5_000);
    probe.settle('answered');
    // The probe was sent after the lost request and answered at t=15 s: the server has seen both,
    // so the lost one counts until 25 s (the analytics answer left at 20 s).
    await clock.advance(9_999);
    expect(budget.usedIn(fivePer10s)).toBe(1);
    await clock.advance(1);
    expect(budget.usedIn(fivePer10s)).toBe(0);
  });
});

describe('windows use a monotonic clock', () => {
  afterEach(() => vi.useRealTimers());

  it('keeps a full window full when the wall clock steps forward an hour', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const budget = new RateBudget({ safetyFactor: 1 });
    const oneAMinute: EdgeWindow = { scope: 'test:minute', label: 'Minute', limit: 1, windowMs: 60_000 };
    (await budget.acquire([oneAMinute])).settle();
    vi.setSystemTime(Date.now() + 3_600_000);
    const controller = new AbortController();
    let admitted = false;
    const waiting = budget.acquire([oneAMinute], { signal: controller.signal, deadlineMs: 120_000 }).then(() => (admitted = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(admitted).toBe(false);
    expect(budget.state().scopes.find((s) => s.scope === 'test:minute')?.queued.interactive).toBe(1);
    controller.abort();
    await expect(waiting).rejects.toMatchObject({ code: 'cancelled' });
  });
});
