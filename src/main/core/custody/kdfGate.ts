import { KdfBusyError } from './errors';

/**
 * At most one key derivation in flight per process. scrypt at the vault's cost takes 128 MiB
 * and most of a core for about a second; twenty concurrent password guesses once took the host
 * from 172 MiB to 2.7 GiB. Every derivation (vault password slot, keystore import and export,
 * scrypt and PBKDF2 alike) goes through this one gate, so memory stays at one derivation's worth
 * whatever the renderer sends.
 *
 * Two ways to ask:
 * - `refuse`: a password check. Refused at once when the gate is taken: a guess never waits in
 *   line to be evaluated later, and nothing about it is kept in memory.
 * - `queue`: work the user already authorised (creating a vault, changing its password, importing
 *   or exporting a keystore). Waits its turn, but only behind a short queue (MAX_QUEUED); beyond
 *   that it is refused too, so a flood cannot pile up promises or hold the gate for minutes.
 */

export type WhenBusy = 'refuse' | 'queue';

/** Waiters allowed behind the running derivation; each waits at most a few seconds (the KDF caps). */
export const MAX_QUEUED = 2;
/** What a refusal says to wait when no derivation has been timed yet. */
const DEFAULT_ESTIMATE_MS = 1_000;

export interface KdfGateStats {
  /** Derivations started since the process began (or since `resetStats`). */
  started: number;
  /** Requests refused because the gate was taken. */
  refused: number;
  /** The most derivations ever running at once: the invariant is that this never exceeds 1. */
  peakInFlight: number;
}

export class KdfGate {
  #inFlight = 0;
  #waiting: Array<() => void> = [];
  #lastDurationMs = DEFAULT_ESTIMATE_MS;
  #stats: KdfGateStats = { started: 0, refused: 0, peakInFlight: 0 };

  get busy(): boolean {
    return this.#inFlight > 0;
  }

  /** How long a refused caller should wait: the last derivation's duration plus the queue ahead. */
  retryAfterMs(): number {
    return Math.max(DEFAULT_ESTIMATE_MS, this.#lastDurationMs) * (1 + this.#waiting.length);
  }

  stats(): KdfGateStats {
    return { ...this.#stats };
  }

  /** For tests that measure one scenario in a process that already derived keys. */
  resetStats(): void {
    this.#stats = { started: 0, refused: 0, peakInFlight: this.#inFlight };
  }

  async run<T>(derive: () => Promise<T>, whenBusy: WhenBusy): Promise<T> {
    if (this.#inFlight > 0) {
      if (whenBusy === 'refuse' || this.#waiting.length >= MAX_QUEUED) {
        this.#stats.refused += 1;
        throw new KdfBusyError(this.retryAfterMs());
      }
      // The finishing derivation hands the gate over directly (see release), so no refusing
      // caller can slip in between.
      await new Promise<void>((resolve) => this.#waiting.push(resolve));
    } else {
      this.#inFlight += 1;
    }
    this.#stats.started += 1;
    this.#stats.peakInFlight = Math.max(this.#stats.peakInFlight, this.#inFlight);
    const startedAt = performance.now();
    try {
      return await derive();
    } finally {
      this.#lastDurationMs = performance.now() - startedAt;
      this.#release();
    }
  }

  #release(): void {
    const next = this.#waiting.shift();
    if (next) next();
    else this.#inFlight -= 1;
  }
}

/** The process-wide gate. One per process by design: the memory it protects is the process's. */
export const kdfGate = new KdfGate();
