/** A virtual monotonic clock for the rate budget: time moves only when a test moves it or runs a timer. */
import type { BudgetClock } from '../../../src/main/core/net/rateBudget';

interface Timer {
  at: number;
  run: () => void;
}

export function virtualClock() {
  let now = 0;
  let timers: Timer[] = [];
  const clock: BudgetClock = {
    now: () => now,
    setTimer: (run, ms) => {
      const timer = { at: now + Math.max(0, ms), run };
      timers.push(timer);
      return () => {
        timers = timers.filter((t) => t !== timer);
      };
    },
  };
  const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

  /** Runs timers in time order until `promise` settles; fails if it never could (no timer left). */
  async function until<T>(promise: Promise<T>, maxSteps = 100_000): Promise<T> {
    const state = { done: false, ok: false, value: undefined as unknown };
    promise.then(
      (value) => Object.assign(state, { done: true, ok: true, value }),
      (value) => Object.assign(state, { done: true, ok: false, value }),
    );
    for (let step = 0; step < maxSteps; step++) {
      await flush();
      if (state.done) {
        if (state.ok) return state.value as T;
        throw state.value;
      }
      const next = [...timers].sort((a, b) => a.at - b.at)[0];
      if (!next) throw new Error(`stuck at t=${now}: nothing can wake the waiting request`);
      timers = timers.filter((t) => t !== next);
      now = Math.max(now, next.at);
      next.run();
    }
    throw new Error('too many steps');
  }

  /** Moves time by `ms`, running the timers that fall due on the way. */
  async function advance(ms: number): Promise<void> {
    const end = now + ms;
    for (;;) {
      await flush();
      const next = [...timers].sort((a, b) => a.at - b.at)[0];
      if (!next || next.at > end) break;
      timers = timers.filter((t) => t !== next);
      now = next.at;
      next.run();
    }
    now = end;
    await flush();
  }

  return {
    clock,
    until,
    advance,
    flush,
    get now() {
      return now;
    },
    set now(value: number) {
      now = value;
    },
  };
}
