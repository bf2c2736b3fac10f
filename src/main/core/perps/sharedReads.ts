/**
 * Public reads of the perps exchange, shared between the callers that ask the same thing at about
 * the same time. The web host lets many windows attach to one core, and each window polls the
 * same trade tape, asset list and exchange facts: asked one by one, eight windows cost eight
 * times the weight of one and overrun the weight budget (the budget then fails some reads).
 *
 * - In flight: a read asked again while the same read is on its way joins it: one request, and
 *   every caller gets its answer, or its error.
 * - Just answered: an answer is handed out again for `reuseMs` after it arrived (shorter than the
 *   views' poll interval, so a view never shows an answer older than its own poll would have got).
 * - Abort: a caller that aborts gets a `cancelled` error at once and leaves; the request goes on
 *   for the others and is aborted only when every caller has left.
 *
 * Only answers are reused, never errors. Ages are measured on the monotonic clock, so a step of
 * the wall clock neither keeps an answer for ever nor throws every answer away. Callers get the
 * same object and must treat it as read-only. Key-header and signed routes never come here.
 */
import { CoreError } from '../coreError';

export interface SharedReadsOptions {
  /** How long (ms) an answer is handed out again after it arrived. */
  reuseMs: number;
  /** Monotonic milliseconds; `performance.now` unless a test injects one. */
  now?: () => number;
}

interface Flight {
  readonly controller: AbortController;
  readonly answer: Promise<unknown>;
  callers: number;
}

export class SharedReads {
  private readonly flights = new Map<string, Flight>();
  private readonly answers = new Map<string, { value: unknown; atMs: number }>();
  private readonly now: () => number;

  constructor(private readonly options: SharedReadsOptions) {
    if (!Number.isFinite(options.reuseMs) || options.reuseMs < 0) throw new Error(`SharedReads: reuseMs must be a non-negative number, got ${options.reuseMs}.`);
    this.now = options.now ?? (() => performance.now());
  }

  /**
   * The answer of the read `key`: a fresh reused answer, the one in flight, or a new request made
   * by `send` (with a signal that aborts only when every caller has left). `what` names the read
   * in the `cancelled` error a caller's own abort gives it.
   */
  read<T>(key: string, what: string, send: (signal: AbortSignal) => Promise<T>, signal?: AbortSignal): Promise<T> {
    if (signal?.aborted) return Promise.reject(cancelled(what));
    const reused = this.answers.get(key);
    if (reused && this.now() - reused.atMs < this.options.reuseMs) return Promise.resolve(reused.value as T);
    const flight = this.flights.get(key) ?? this.start(key, send);
    flight.callers += 1;
    if (!signal) return flight.answer as Promise<T>;
    return new Promise<T>((resolve, reject) => {
      const leave = () => {
        reject(cancelled(what));
        flight.callers -= 1;
        if (flight.callers === 0) {
          // The last caller left: nobody waits for this request any more.
          if (this.flights.get(key) === flight) this.flights.delete(key);
          flight.controller.abort();
        }
      };
      signal.addEventListener('abort', leave, { once: true });
      flight.answer.then(
        (value) => {
          signal.removeEventListener('abort', leave);
          resolve(value as T);
        },
        (error: unknown) => {
          signal.removeEventListener('abort', leave);
          reject(error);
        },
      );
    });
  }

  /** How many distinct reads are in flight now (for tests and the decisions' figures). */
  get inFlight(): number {
    return this.flights.size;
  }

  private start(key: string, send: (signal: AbortSignal) => Promise<unknown>): Flight {
    const controller = new AbortController();
    const answer = send(controller.signal).then(
      (value) => {
        // An abandoned request's answer is not kept: a later caller asked after it was given up.
        if (!controller.signal.aborted) this.keep(key, value);
        return value;
      },
    );
    const flight: Flight = { controller, answer, callers: 0 };
    const done = () => {
      if (this.flights.get(key) === flight) this.flights.delete(key);
    };
    // Settling ends the flight; the no-op handler keeps an error nobody waits for any more from
    // being reported as unhandled (every caller that still waits gets it through `answer`).
    answer.then(done, done);
    this.flights.set(key, flight);
    return flight;
  }

  private keep(key: string, value: unknown): void {
    const nowMs = this.now();
    // Answers past their reuse time are dropped here, so the map holds only the last moment's reads.
    for (const [k, a] of this.answers) if (nowMs - a.atMs >= this.options.reuseMs) this.answers.delete(k);
    if (this.options.reuseMs > 0) this.answers.set(key, { value, atMs: nowMs });
  }
}

const cancelled = (what: string) => new CoreError('cancelled', `${what} was cancelled.`);
