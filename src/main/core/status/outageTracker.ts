/**
 * Which services are in trouble, learned from the outcomes of real requests (no extra pings):
 *  - unreachable: no usable answer (refused, reset, timed out, a gateway's 502/504), from the
 *    second such failure in a row;
 *  - degraded: it answers, but with errors (5xx, 429) or with malformed or cut-off bodies, from the
 *    third such answer in a row on one budget scope (a route, `/books`, or the service's general
 *    scope); the answers of its other routes do not hide it, and it ends once every scope in
 *    trouble answers normally again.
 * While a service is in either state, every poll of it waits a backoff with jitter up to a ceiling
 * instead of its usual interval (and the client's retries wait as long), so a failing service
 * sees a few requests a minute, not several a second. The first normal answer ends it. The
 * status bar shows each with its next retry (AppStatus.outages).
 */
import type { ServiceOutage } from '../../../shared/viewModels';
import type { RequestOutcome } from '../net/requestOutcome';
import { serviceLabels, type ServiceName } from '../net/serviceNames';
import { backoffDelay, type BackoffPolicy, type LoopClock } from './backoff';

export const OUTAGE_BACKOFF: BackoffPolicy = { baseMs: 2_000, capMs: 60_000 };
/** Transport failures in a row that make a service unreachable. */
const FAILURES_TO_OUTAGE = 2;
/** Troubled answers in a row that make a service degraded: one refused burst is not. */
const TROUBLES_TO_DEGRADED = 3;

interface Outage {
  kind: ServiceOutage['kind'];
  /** Degraded: the scopes answering badly; the spell ends when none is left. */
  scopes: Set<string>;
  since: number;
  /** Requests that failed since the outage began. */
  attempts: number;
  nextRetryAt: number | null;
  problem: string;
}

const unreachableProblem = (service: ServiceName) => `The ${serviceLabels[service]} is not answering.`;
const degradedProblem = (service: ServiceName, trouble: string) => `The ${serviceLabels[service]} is answering with ${trouble}.`;

export class OutageTracker {
  private readonly outages = new Map<ServiceName, Outage>();
  private readonly failuresInARow = new Map<ServiceName, number>();
  /** By `service scope` (scopes are the budget's: a bounded set). */
  private readonly troublesInARow = new Map<string, number>();
  private readonly listeners = new Set<(service: ServiceName, out: boolean) => void>();

  constructor(
    private readonly clock: LoopClock,
    private readonly onChange: () => void,
    private readonly policy: BackoffPolicy = OUTAGE_BACKOFF,
    /** Wall-clock ms for what the UI shows (since, next retry); the delays use the loop clock. */
    private readonly wallNow: () => number = Date.now,
  ) {}

  record(outcome: RequestOutcome): void {
    const { service } = outcome;
    if (outcome.transportFailure) return this.recordFailure(service);
    // Any answer from the service, even an error, proves it is reachable again.
    this.failuresInARow.delete(service);
    if (this.outages.get(service)?.kind === 'unreachable') this.end(service);
    const scope = `${service} ${outcome.scope ?? service}`;
    if (outcome.trouble) return this.recordTrouble(service, scope, outcome.trouble);
    // A normal answer clears its scope; a neutral one (a 425) leaves things as they are.
    if (!outcome.ok) return;
    this.troublesInARow.delete(scope);
    const current = this.outages.get(service);
    if (current?.kind === 'degraded' && current.scopes.delete(scope) && current.scopes.size === 0) this.end(service);
  }

  private recordFailure(service: ServiceName): void {
    for (const key of this.troublesInARow.keys()) if (key.startsWith(`${service} `)) this.troublesInARow.delete(key);
    const current = this.outages.get(service);
    if (current?.kind === 'unreachable') {
      current.attempts += 1;
      return;
    }
    const failures = (this.failuresInARow.get(service) ?? 0) + 1;
    this.failuresInARow.set(service, failures);
    if (failures < FAILURES_TO_OUTAGE) return;
    this.begin(service, { kind: 'unreachable', attempts: failures, problem: unreachableProblem(service), scopes: new Set() }, current);
    this.tell(service, true);
  }

  private recordTrouble(service: ServiceName, scope: string, trouble: string): void {
    const troubles = (this.troublesInARow.get(scope) ?? 0) + 1;
    this.troublesInARow.set(scope, troubles);
    const current = this.outages.get(service);
    if (current?.kind === 'degraded') {
      current.attempts += 1;
      if (troubles >= TROUBLES_TO_DEGRADED) current.scopes.add(scope);
      const problem = degradedProblem(service, trouble);
      if (problem !== current.problem) {
        current.problem = problem;
        this.onChange();
      }
      return;
    }
    if (troubles < TROUBLES_TO_DEGRADED) return;
    this.begin(service, { kind: 'degraded', attempts: troubles, problem: degradedProblem(service, trouble), scopes: new Set([scope]) }, current);
  }

  private begin(service: ServiceName, outage: Pick<Outage, 'kind' | 'attempts' | 'problem' | 'scopes'>, replaced: Outage | undefined): void {
    // A degraded service that stops answering stays in trouble since the same moment.
    this.outages.set(service, { ...outage, since: replaced?.since ?? this.wallNow(), nextRetryAt: null });
    this.onChange();
  }

  private end(service: ServiceName): void {
    const ended = this.outages.get(service);
    this.outages.delete(service);
    this.onChange();
    if (ended?.kind === 'unreachable') this.tell(service, false);
  }

  /** Calls `listener` when a service becomes unreachable (true) or reachable again (false); returns the unsubscribe. */
  onServiceChange(listener: (service: ServiceName, out: boolean) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private tell(service: ServiceName, out: boolean): void {
    for (const listener of this.listeners) listener(service, out);
  }

  isOut(service: ServiceName): boolean {
    return this.outages.get(service)?.kind === 'unreachable';
  }

  /** How long a poll (or a retry) of `service` waits before its next request: its interval, or the backoff. */
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
    return [...this.outages.entries()].map(([service, o]) => ({
      service, kind: o.kind, since: o.since, nextRetryAt: o.nextRetryAt, attempts: o.attempts, problem: o.problem,
    }));
  }
}
