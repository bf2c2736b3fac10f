import { describe, expect, it } from 'vitest';
import { CoalescedRuns } from '../../../../src/main/core/trading/coalescedRuns';

const flush = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

/** A task the test finishes by hand, counting how often it started. */
function gatedTask() {
  const gates: Array<() => void> = [];
  let starts = 0;
  return {
    task: () => {
      starts += 1;
      return new Promise<void>((resolve) => gates.push(resolve));
    },
    finishNext: async () => {
      gates.shift()?.();
      // Let the runner see the end and start its next run, if any.
      await flush();
    },
    starts: () => starts,
  };
}

describe('CoalescedRuns', () => {
  it('folds a burst of requests during a run into one more run after it', async () => {
    const runs = new CoalescedRuns();
    const gated = gatedTask();
    const first = runs.request('account-1', gated.task);
    const burst = Array.from({ length: 300 }, () => runs.request('account-1', gated.task));
    await flush();
    expect(gated.starts()).toBe(1);
    await gated.finishNext();
    expect(gated.starts()).toBe(2);
    await gated.finishNext();
    await Promise.all([first, ...burst]);
    expect(gated.starts()).toBe(2);
  });

  it('runs keys independently and starts afresh once a run is over', async () => {
    const runs = new CoalescedRuns();
    const gated = gatedTask();
    const a = runs.request('a', gated.task);
    const b = runs.request('b', gated.task);
    await flush();
    expect(gated.starts()).toBe(2);
    await gated.finishNext();
    await gated.finishNext();
    await Promise.all([a, b]);
    const again = runs.request('a', gated.task);
    await flush();
    expect(gated.starts()).toBe(3);
    await gated.finishNext();
    await again;
  });

  it('keeps going after a failed run', async () => {
    const runs = new CoalescedRuns();
    let calls = 0;
    await runs.request('a', async () => {
      calls += 1;
      throw new Error('network down');
    });
    await runs.request('a', async () => {
      calls += 1;
    });
    expect(calls).toBe(2);
  });
});
