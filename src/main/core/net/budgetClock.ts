/**
 * The rate budget's time: a monotonic clock (performance.now, which a wall-clock step does not
 * move) and a timer on it. Tests inject a virtual one and run its timers themselves.
 */
/** A monotonic clock and a timer on it; tests inject a virtual one. */
export interface BudgetClock {
  now(): number;
  setTimer(run: () => void, ms: number): () => void;
}

export const systemBudgetClock: BudgetClock = {
  now: () => performance.now(),
  setTimer: (run, ms) => {
    const timer = setTimeout(run, Math.max(0, ms));
    return () => clearTimeout(timer);
  },
};
