/**
 * Which services the core cannot reach, learned from the outcomes of real requests (no extra
 * pings). While a service is out, every poll of it waits a backoff with jitter up to a ceiling
 * instead of its usual interval, so a dead exchange sees a few requests a minute, not 2–3 a
 * second; the first request that gets an answer ends the outage. The status bar shows each
 * outage with its next retry (AppStatus.outages).
 *
 * An outage starts at the second transport failure in a row: the HTTP client also counts an
 * answered 5xx (an exchange mode's 503) as one, and a single such answer between good ones is
 * not an outage.
 */
import type { ServiceOutage } from '../../../shared/viewModels';
import type { RequestOutcome } from '../net/httpClient';
import { serviceLabels, type ServiceName } from '../net/serviceNames';
import { backoffDelay, type BackoffPolicy, type LoopClock } from './backoff';

export const OUTAGE_BACKOFF: BackoffPolicy = { baseMs: 2_000, capMs: 60_000 };
/** Transport failures in a row that make an outage. */
const FAILURES_TO_OUTAGE = 2;

interface Outage {
  since: number;
  /** Requests that failed since the outage began. */
  attempts: number;
  nextRetryAt: number | null;
  problem: string;
}

export class OutageTracker {
  private readonly outages = new Map<ServiceName, Outage>();
  private readonly failuresInARow = new Map<ServiceName, number>();
  private readonly listeners = new Set<(service: ServiceName, out: boolean) => void>();

  constructor(
    private readonly clock: LoopClock,
    private readonly onChange: () => void,
    private readonly policy: BackoffPolicy = OUTAGE_BACKOFF,
    /** Wall-clock ms for what the UI shows (since, next retry); the delays use the loop clock. */
    private readonly wallNow: () => number = Date.now,
  ) {}

  record(outcome: RequestOutcome): void {
    const current = this.outages.get(outcome.service);
    if (outcome.ok || !outcome.transportFailure) {
      // Any answer from the service, even an error, proves it is reachable again.
      this.failuresInARow.delete(outcome.service);
      if (current) {
        this.outages.delete(outcome.service);
        this.onChange();
        this.tell(outcome.service, false);
      }
      return;
    }
    if (current) {
      current.attempts += 1;
      return;
    }
    const failures = (this.failuresInARow.get(outcome.service) ?? 0) + 1;
    this.failuresInARow.set(outcome.service, failures);
    if (failures < FAILURES_TO_OUTAGE) return;
    this.outages.set(outcome.service, {
      since: this.wallNow(),
      attempts: failures,
      nextRetryAt: null,
      problem: `The ${serviceLabels[outcome.service]} is not answering.`,
    });
    this.onChange();
    this.tell(outcome.service, true);
  }

  /** Calls `listener` when an outage of a service begins (true) or ends (false); returns the unsubscribe. */
  onServiceChange(listener: (service: ServiceName, out: boolean) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private tell(service: ServiceName, out: boolean): void {
    for (const listener of this.listeners) listener(service, out);
  }

  isOut(service: ServiceName): boolean {
    return this.outages.has(service);
  }

  /** How long a poll of `service` waits before its next request: its interval, or the backoff. */
  pollDelay(service: ServiceName, intervalMs: number): number {
    const outage = this.outages.get(service);
    if (!outage) return intervalMs;
    const delay = Math.max(intervalMs, backoffDelay(outage.attempts - 1, this.policy, this.clock.random));
    const nextRetryAt = this.wallNow() + delay;
    // Several loops poll one service: the status bar shows the earliest retry among them.
    if (outage.nextRetryAt === null || outage.nextRetryAt < this.wallNow() || nextRetryAt < outage.nextRetryAt) {
      outage.nextRetryAt = nextRetryAt;
      this.onChange();
    }
    return delay;
  }

  list(): ServiceOutage[] {
    return [...this.outages.entries()].map(([service, o]) => ({ service, since: o.since, nextRetryAt: o.nextRetryAt, attempts: o.attempts, problem: o.problem }));
  }
}
