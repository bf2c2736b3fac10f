/** The budget's fair queue: priority order, FIFO within a priority, deadlines, and the panel's figures. */
import { describe, expect, it } from 'vitest';
import { RateBudget } from '../../../src/main/core/net/rateBudget';
import type { EdgeWindow } from '../../../src/shared/protocol/edgeLimits';
import type { BudgetPriority } from '../../../src/shared/viewModels';
import { virtualClock } from './rateBudgetVirtualClock';

const onePerSecond: EdgeWindow = { scope: 'test:one', label: 'One', limit: 1, windowMs: 1_000 };
const roomy: EdgeWindow = { scope: 'test:roomy', label: 'Roomy', limit: 100, windowMs: 1_000 };

describe('the fair queue', () => {
  it('admits waiting requests by priority, first come first served within one', async () => {
    const clock = virtualClock();
    const budget = new RateBudget({ safetyFactor: 1, clock: clock.clock });
    (await clock.until(budget.acquire([onePerSecond]))).settle();
    const order: string[] = [];
    const arrivals: Array<[string, BudgetPriority]> = [
      ['walk-1', 'background'],
      ['view-1', 'interactive'],
      ['order-1', 'order'],
      ['walk-2', 'background'],
      ['cancel-1', 'cancel'],
      ['view-2', 'interactive'],
      ['cancel-2', 'cancel'],
    ];
    const all = arrivals.map(([name, priority]) =>
      budget.acquire([onePerSecond], { priority, deadlineMs: 60_000 }).then((ticket) => {
        order.push(name);
        ticket.settle();
      }),
    );
    await clock.until(Promise.all(all));
    expect(order).toEqual(['cancel-1', 'cancel-2', 'order-1', 'view-1', 'view-2', 'walk-1', 'walk-2']);
    expect(clock.now).toBe(7_000);
  });

  it('lets a request through on a free scope while a request ahead waits on another', async () => {
    const clock = virtualClock();
    const budget = new RateBudget({ safetyFactor: 1, clock: clock.clock });
    (await clock.until(budget.acquire([onePerSecond]))).settle();
    const blocked = budget.acquire([onePerSecond], { priority: 'cancel' });
    const free = await clock.until(budget.acquire([roomy], { priority: 'background' }));
    expect(clock.now).toBe(0);
    free.settle();
    (await clock.until(blocked)).settle();
    expect(clock.now).toBe(1_000);
  });

  it('does not let a request waiting on a full route hold up others that share only a roomy general scope', async () => {
    const clock = virtualClock();
    const budget = new RateBudget({ safetyFactor: 1, clock: clock.clock });
    const general: EdgeWindow = { scope: 'test:general', label: 'General', limit: 100, windowMs: 1_000 };
    const held = await clock.until(budget.acquire([general, onePerSecond]));
    const waiting = budget.acquire([general, onePerSecond], { priority: 'cancel' });
    // Another route of the same service: the general scope has room, so it goes at once.
    const other = await clock.until(budget.acquire([general, roomy], { priority: 'background' }));
    expect(clock.now).toBe(0);
    // A request for the full route queues behind the waiting one, whatever its arrival.
    const behind = budget.acquire([general, onePerSecond], { priority: 'cancel' });
    held.settle();
    other.settle();
    (await clock.until(waiting)).settle();
    expect(clock.now).toBe(1_000);
    (await clock.until(behind)).settle();
    expect(clock.now).toBe(2_000);
  });

  it('fails at once with a budget error naming the scope and the wait when the wait would pass the deadline', async () => {
    const clock = virtualClock();
    const budget = new RateBudget({ safetyFactor: 1, clock: clock.clock });
    const slow: EdgeWindow = { scope: 'test:slow', label: 'Slow route', limit: 1, windowMs: 60_000 };
    (await clock.until(budget.acquire([slow]))).settle();
    const refused = budget.acquire([slow], { priority: 'order', deadlineMs: 5_000 });
    await expect(refused).rejects.toMatchObject({ code: 'budget' });
    await expect(refused).rejects.toThrow(/wait 60 s for the Slow route rate budget \(scope test:slow\), past its 5 s deadline/);
    expect(clock.now).toBe(0);
    expect(budget.state().scopes.find((s) => s.scope === 'test:slow')?.deadlineFailures).toBe(1);
  });

  it('fails at its deadline a request stuck behind requests still in flight', async () => {
    const clock = virtualClock();
    const budget = new RateBudget({ safetyFactor: 1, clock: clock.clock });
    const held = await clock.until(budget.acquire([onePerSecond]));
    const stuck = budget.acquire([onePerSecond], { deadlineMs: 3_000 });
    await expect(clock.until(stuck)).rejects.toThrow(/unknown time \(requests still in flight fill it\).*waited 3\.0 s/);
    expect(clock.now).toBe(3_000);
    held.settle();
  });

  it('reports every scope with its use, queue by priority, longest wait and waits', async () => {
    const clock = virtualClock();
    const budget = new RateBudget({ safetyFactor: 0.9, clock: clock.clock, wallNow: () => 1_700_000_000_000 });
    budget.register([roomy]);
    const first = await clock.until(budget.acquire([onePerSecond]));
    const cancel = budget.acquire([onePerSecond], { priority: 'cancel' });
    const walk = budget.acquire([onePerSecond], { priority: 'background' });
    await clock.advance(400);
    const state = budget.state();
    expect(state.asOf).toBe(1_700_000_000_000);
    expect(state.scopes.find((s) => s.scope === 'test:roomy')).toMatchObject({ used: 0, limit: 90, documentedLimit: 100, service: 'test' });
    expect(state.scopes.find((s) => s.scope === 'test:one')).toEqual({
      scope: 'test:one',
      label: 'One',
      service: 'test',
      used: 1,
      limit: 1,
      documentedLimit: 1,
      windowMs: 1_000,
      queued: { cancel: 1, order: 0, interactive: 0, background: 1 },
      longestWaitMs: 400,
      waits: 0,
      waitedMs: 0,
      deadlineFailures: 0,
      pausedForMs: 0,
      pauses: 0,
    });
    first.settle();
    (await clock.until(cancel)).settle();
    (await clock.until(walk)).settle();
    const after = budget.state().scopes.find((s) => s.scope === 'test:one')!;
    expect(after).toMatchObject({ waits: 2, waitedMs: 1_400 + 2_400, longestWaitMs: 0 });
  });
});

describe('a scope paused by the service (Retry-After)', () => {
  it('holds every request of the scope until the pause ends, lets others through, and says so at a deadline', async () => {
    const clock = virtualClock();
    const budget = new RateBudget({ safetyFactor: 1, clock: clock.clock });
    budget.pause('test:roomy', 5_000);
    // A shorter pause does not shorten it.
    budget.pause('test:roomy', 1_000);
    const admitted: Array<[string, number]> = [];
    const held = [1, 2].map((n) => budget.acquire([roomy], { deadlineMs: 60_000 }).then((ticket) => {
      admitted.push([`roomy-${n}`, clock.now]);
      ticket.settle();
    }));
    const other = budget.acquire([onePerSecond]).then((ticket) => {
      admitted.push(['one', clock.now]);
      ticket.settle();
    });
    await expect(clock.until(budget.acquire([roomy], { deadlineMs: 2_000 }))).rejects.toMatchObject({
      code: 'budget',
      message: expect.stringContaining('(scope test:roomy, paused by the service (Retry-After))'),
    });
    // It waited behind the two held ones until its deadline.
    expect(clock.now).toBe(2_000);
    expect(budget.state().scopes.find((s) => s.scope === 'test:roomy')).toMatchObject({ pauses: 1, pausedForMs: 3_000, queued: { interactive: 2 } });
    await clock.until(Promise.all([...held, other]));
    expect(admitted).toEqual([['one', 0], ['roomy-1', 5_000], ['roomy-2', 5_000]]);
    expect(budget.state().scopes.find((s) => s.scope === 'test:roomy')).toMatchObject({ pausedForMs: 0 });
  });
});
