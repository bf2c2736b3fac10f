/**
 * Growing delays after failed unlocks. The vault file itself is protected by scrypt against an
 * attacker who copies it; this guards the running app against someone at the keyboard (or a
 * compromised renderer) cycling through guesses. In memory only, per vault: a restart resets it,
 * which costs a guesser a full app start per 3 attempts.
 *
 * After `freeAttempts` (3) failures the next attempt waits baseDelay (1 s), then 2 s, 4 s, …,
 * capped at maxDelay (60 s). A success resets it.
 */

export interface UnlockThrottle {
  /** Milliseconds to wait before the next attempt is allowed; 0 when an attempt may proceed. */
  check(): number;
  recordFailure(): void;
  recordSuccess(): void;
  readonly failures: number;
}

export interface UnlockThrottleOptions {
  now?: () => number;
  freeAttempts?: number;
  baseDelayMs?: number;
  maxDelayMs?: number;
}

export function delayAfterFailures(failures: number, options: UnlockThrottleOptions = {}): number {
  const { freeAttempts = 3, baseDelayMs = 1_000, maxDelayMs = 60_000 } = options;
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
    recordFailure() {
      failures += 1;
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
