import { describe, expect, it } from 'vitest';
import { RateBudget } from '../../../src/main/core/net/rateBudget';
import type { EdgeWindow } from '../../../src/shared/protocol/edgeLimits';

import { virtualClock } from './rateBudgetVirtualClock';

const tenPer10s: EdgeWindow = { scope: 'test:a', label: 'A', limit: 10, windowMs: 10_000 };
const hundredPer10s: EdgeWindow = { scope: 'test:b', label: 'B', limit: 100, windowMs: 10_000 };

describe('RateBudget', () => {
  it('lets requests through while a window has room and counts them', async () => {
    const clock = virtualClock();
    const budget = new RateBudget({ safetyFactor: 1, clock: clock.clock });
    for (let i = 0; i < 10; i++) (await clock.until(budget.acquire([tenPer10s]))).settle();
    const usage = budget.usage();
    expect(usage.used).toBe(10);
    expect(usage.scopes).toEqual([{ scope: 'test:a', label: 'A', used: 10, limit: 10 }]);
    expect(usage.peakFraction).toBe(1);
  });

  it('waits exactly until the oldest request leaves the sliding window', async () => {
    const clock = virtualClock();
    const budget = new RateBudget({ safetyFactor: 1, clock: clock.clock });
    for (let i = 0; i < 10; i++) {
      (await clock.until(budget.acquire([tenPer10s]))).settle();
      clock.now += 100;
    }
    // Now at t=1000; the first request (t=0) leaves the window at t=10000.
    await clock.until(budget.acquire([tenPer10s]));
    expect(clock.now).toBe(10_000);
    expect(budget.totalWaitMs()).toBe(9_000);
  });

  it('never lets more than the allowance into any 10 s window over a long burst', async () => {
    const clock = virtualClock();
    const budget = new RateBudget({ safetyFactor: 0.9, clock: clock.clock });
    const sent: number[] = [];
    for (let i = 0; i < 200; i++) {
      (await clock.until(budget.acquire([tenPer10s, hundredPer10s]))).settle();
      sent.push(clock.now);
      clock.now += 7;
    }
    for (let i = 0; i < sent.length; i++) {
      const inWindow = sent.filter((t) => t > sent[i]! - 10_000 && t <= sent[i]!).length;
      expect(inWindow).toBeLessThanOrEqual(9);
    }
  });

  it('counts a request from its admission until windowMs after its answer, as the server may see it', async () => {
    const clock = virtualClock();
    const budget = new RateBudget({ safetyFactor: 1, clock: clock.clock });
    const pending = [];
    for (let i = 0; i < 10; i++) pending.push(await clock.until(budget.acquire([tenPer10s])));
    // The window is full of requests still in flight; answers arrive 3 s later.
    const waiting = budget.acquire([tenPer10s]);
    clock.now = 3_000;
    for (const ticket of pending) ticket.settle();
    await clock.until(waiting);
    // Not at 10 s after admission, but 10 s after the answers arrived.
    expect(clock.now).toBe(13_000);
  });

  it('applies the safety factor to documented limits', () => {
    const budget = new RateBudget({ safetyFactor: 0.9 });
    expect(budget.allowance({ ...tenPer10s, limit: 500 })).toBe(450);
    expect(budget.allowance({ ...tenPer10s, limit: 1 })).toBe(1);
  });

  it('stops waiting with a cancelled error when the caller aborts', async () => {
    const budget = new RateBudget({ safetyFactor: 1 });
    const tiny: EdgeWindow = { scope: 'tiny', label: 'Tiny', limit: 1, windowMs: 60_000 };
    (await budget.acquire([tiny])).settle();
    const controller = new AbortController();
    const waiting = budget.acquire([tiny], { signal: controller.signal, deadlineMs: 120_000 });
    controller.abort();
    await expect(waiting).rejects.toMatchObject({ code: 'cancelled' });
  });
});

describe('RateBudget with weighted requests', () => {
  const weight1200: EdgeWindow = { scope: 'perps:weight', label: 'Perps weight', limit: 1200, windowMs: 60_000 };

  it('counts each request by its cost and reports the weight in use', async () => {
    const clock = virtualClock();
    const budget = new RateBudget({ safetyFactor: 1, clock: clock.clock });
    (await clock.until(budget.acquire([weight1200], { cost: 10 }))).settle();
    (await clock.until(budget.acquire([weight1200], { cost: 2 }))).settle();
    (await clock.until(budget.acquire([weight1200]))).settle();
    expect(budget.usedIn(weight1200)).toBe(13);
    expect(budget.usage().scopes).toEqual([{ scope: 'perps:weight', label: 'Perps weight', used: 13, limit: 1200 }]);
  });

  it('waits until enough weight has left the window for the next cost to fit', async () => {
    const clock = virtualClock();
    const budget = new RateBudget({ safetyFactor: 1, clock: clock.clock });
    const small: EdgeWindow = { scope: 'w', label: 'W', limit: 25, windowMs: 10_000 };
    (await clock.until(budget.acquire([small], { cost: 10 }))).settle(); // t=0
    clock.now = 1_000;
    (await clock.until(budget.acquire([small], { cost: 10 }))).settle(); // t=1000, used 20
    clock.now = 2_000;
    // 20 + 10 > 25: the first 10 leaves at t=10000, then 10 + 10 fits.
    (await clock.until(budget.acquire([small], { cost: 10 }))).settle();
    expect(clock.now).toBe(10_000);
    expect(budget.usedIn(small)).toBe(20);
    // A cost of 1 fits beside 20 at once.
    (await clock.until(budget.acquire([small], { cost: 1 }))).settle();
    expect(clock.now).toBe(10_000);
  });

  it('never lets more weight than the allowance into any window over a long burst of mixed weights', async () => {
    const clock = virtualClock();
    const budget = new RateBudget({ safetyFactor: 0.9, clock: clock.clock });
    const sent: Array<{ at: number; cost: number }> = [];
    const costs = [10, 2, 1, 10, 10, 2];
    for (let i = 0; i < 600; i++) {
      const cost = costs[i % costs.length]!;
      (await clock.until(budget.acquire([weight1200], { cost, priority: 'background' }))).settle();
      sent.push({ at: clock.now, cost });
      clock.now += 13;
    }
    for (const { at } of sent) {
      const inWindow = sent.filter((s) => s.at > at - 60_000 && s.at <= at).reduce((sum, s) => sum + s.cost, 0);
      expect(inWindow).toBeLessThanOrEqual(1080);
    }
    expect(budget.totalWaitMs()).toBeGreaterThan(0);
  });

  it('refuses a cost that could never fit the window instead of waiting forever', async () => {
    const clock = virtualClock();
    const budget = new RateBudget({ safetyFactor: 1, clock: clock.clock });
    const tiny: EdgeWindow = { scope: 't', label: 'Tiny', limit: 5, windowMs: 1_000 };
    await expect(budget.acquire([tiny], { cost: 6 })).rejects.toThrow(/weight 6 can never fit the Tiny budget of 5/);
  });

  it('holds in-flight weight against the window until its answer arrives', async () => {
    const clock = virtualClock();
    const budget = new RateBudget({ safetyFactor: 1, clock: clock.clock });
    const ticket = await clock.until(budget.acquire([weight1200], { cost: 10 }));
    expect(budget.usedIn(weight1200)).toBe(10);
    ticket.settle();
    expect(budget.usedIn(weight1200)).toBe(10);
  });
});
