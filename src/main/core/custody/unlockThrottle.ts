/**
 * Growing delays between password attempts. The vault file itself is protected by scrypt against
 * an attacker who copies it; this guards the running app against someone at the keyboard (or a
 * compromised renderer) cycling through guesses. In memory, one per session (passwordChecks.ts
 * shares it between unlock and every re-entry of the password): a restart resets it, which
 * costs a guesser a full app start per 3 attempts, and the renderer cannot restart the host.
 *
 * An attempt is counted when it starts, before the key is derived (`recordAttempt`), so a guess
 * whose answer is still being computed already counts, and a crash mid-derivation does not
 * forget it. `recordFailure` restamps the delay from the moment the answer was known;
 * `recordSuccess` forgets every attempt.
 *
 * After `freeAttempts` (3) attempts the next waits baseDelay (1 s), then 2 s, 4 s, …, capped at
 * maxDelay (5 min): past the warm-up a guesser gets 12 guesses an hour.
 */

export interface UnlockThrottle {
  /** Milliseconds to wait before the next attempt is allowed; 0 when an attempt may proceed. */
  check(): number;
  /** Counts an attempt about to be evaluated. */
  recordAttempt(): void;
  /** The attempt counted last was wrong: the delay runs from now. */
  recordFailure(): void;
  recordSuccess(): void;
  /** Attempts counted since the last success. */
  readonly failures: number;
}

export interface UnlockThrottleOptions {
  now?: () => number;
  freeAttempts?: number;
  baseDelayMs?: number;
  maxDelayMs?: number;
}

export const THROTTLE_POLICY = { freeAttempts: 3, baseDelayMs: 1_000, maxDelayMs: 5 * 60_000 } as const;

export function delayAfterFailures(failures: number, options: UnlockThrottleOptions = {}): number {
  const { freeAttempts, baseDelayMs, maxDelayMs } = { ...THROTTLE_POLICY, ...options };
  if (failures < freeAttempts) return 0;
  const exponent = Math.min(failures - freeAttempts, 30); // keeps 2**exponent finite and exact
  return Math.min(maxDelayMs, baseDelayMs * 2 ** exponent);
}

export function createUnlockThrottle(options: UnlockThrottleOptions = {}): UnlockThrottle {
  const now = options.now ?? Date.now;
  let failures = 0;
  let lastFailureAt = 0;
  return {
    get failures() {
      return failures;
    },
    check() {
      const delay = delayAfterFailures(failures, options);
      return delay === 0 ? 0 : Math.max(0, lastFailureAt + delay - now());
    },
    recordAttempt() {
      failures += 1;
      lastFailureAt = now();
    },
    recordFailure() {
      lastFailureAt = now();
    },
    recordSuccess() {
      failures = 0;
      lastFailureAt = 0;
    },
  };
}

/** "try again in N s", rounded up so the UI never says 0 s while still refusing. */
export const retryMessage = (waitMs: number) => `try again in ${Math.max(1, Math.ceil(waitMs / 1000))} s`;
