/**
 * A wall clock this test process can step, the way an NTP correction or a user changing the
 * time moves a machine's clock: `Date.now()` and `new Date()` jump, `performance.now()` (the
 * monotonic clock) does not. Only this process sees the step; a sandbox in a child process keeps
 * the real time, as a remote exchange would.
 *
 * Install it before the code under test is created: code that copied `Date.now` into a variable
 * earlier keeps the real function. Both the global `Date` and its `now` are replaced, so code
 * holding the original `Date` object sees the step too.
 */
export interface SteppableWallClock {
  /** Moves the wall clock by `ms` (forward when positive). */
  step(ms: number): void;
  offset(): number;
  restore(): void;
}

export function installSteppableWallClock(): SteppableWallClock {
  const RealDate = globalThis.Date;
  const realNow = RealDate.now.bind(RealDate);
  let offset = 0;
  const now = () => realNow() + offset;

  class SteppedDate extends RealDate {
    constructor(...args: unknown[]) {
      if (args.length === 0) super(now());
      else super(...(args as [string | number | Date]));
    }
    static override now(): number {
      return now();
    }
  }
  RealDate.now = now;
  globalThis.Date = SteppedDate as DateConstructor;

  return {
    step: (ms) => {
      offset += ms;
    },
    offset: () => offset,
    restore: () => {
      RealDate.now = realNow;
      globalThis.Date = RealDate;
    },
  };
}
