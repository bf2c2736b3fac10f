import { KdfBusyError, UnlockThrottledError, WrongPasswordError } from './errors';
import { kdfGate as processKdfGate, type KdfGate } from './kdfGate';
import { createUnlockThrottle, type UnlockThrottle } from './unlockThrottle';

/**
 * The one path every password check takes: unlock, the re-entry before reveal, export and
 * remove, and the old password of a password change. One instance per session, so every kind of
 * check counts against the same attempts. In order:
 * 1. refused with `throttled` while the throttle's delay runs, while another check of this
 *    session is in flight, or while any key derivation of the process holds the KDF gate;
 * 2. the attempt is counted (before anything is derived);
 * 3. the caller's `evaluate` derives and answers: a value for a right password, null for a
 *    wrong one (turned into `wrong_password` here, the only place that error is raised for the
 *    vault password).
 * A refused check costs no derivation and no memory: it never waits in line.
 */

export interface PasswordChecksOptions {
  now?: () => number;
  /** Injected by tests that drive the delays on a fake clock. */
  throttle?: UnlockThrottle;
  gate?: KdfGate;
}

export class PasswordChecks {
  readonly #throttle: UnlockThrottle;
  readonly #gate: KdfGate;
  #inFlight = false;

  constructor(options: PasswordChecksOptions = {}) {
    this.#throttle = options.throttle ?? createUnlockThrottle(options.now ? { now: options.now } : {});
    this.#gate = options.gate ?? processKdfGate;
  }

  /** Attempts counted since the last right password. */
  get failures(): number {
    return this.#throttle.failures;
  }

  /** 0 when a check would be evaluated now; otherwise what the refusal would say to wait. */
  retryAfterMs(): number {
    const delay = this.#throttle.check();
    const busy = this.#inFlight || this.#gate.busy ? this.#gate.retryAfterMs() : 0;
    return Math.max(delay, busy);
  }

  async check<T>(evaluate: () => Promise<T | null>): Promise<T> {
    const wait = this.retryAfterMs();
    if (wait > 0) throw new UnlockThrottledError(wait);
    this.#inFlight = true;
    this.#throttle.recordAttempt();
    let result: T | null;
    try {
      result = await evaluate();
    } catch (error) {
      this.#throttle.recordFailure();
      // The gate was taken between the test above and the derivation (possible only if
      // `evaluate` awaited something first): the same refusal as a busy gate above.
      if (error instanceof KdfBusyError) throw new UnlockThrottledError(error.retryAfterMs);
      throw error;
    } finally {
      this.#inFlight = false;
    }
    if (result === null) {
      this.#throttle.recordFailure();
      throw new WrongPasswordError();
    }
    this.#throttle.recordSuccess();
    return result;
  }
}
