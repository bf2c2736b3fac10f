/**
 * The sandbox's fault rules and their counters, shared by all four servers (one instance per
 * sandbox). `decide` is called once per non-admin request: it counts the request for its route and
 * returns the first rule that fires, consuming one of a count rule's requests. Probability rules
 * draw from a PRNG seeded with the sandbox seed, so the same seed and request order replay the
 * same faults. Counters are bounded: at most MAX_ROUTES distinct routes are kept (the rest are
 * summed under one `*` row), and at most MAX_RULES rules exist at once. Each route also counts the
 * 429s the sandbox's own limits answered (`limited`).
 */
import { Prng } from '../random/prng';
import { parseFaultRule, pathMatches, type FaultKind, type FaultRule, type FaultService } from './faultRule';

export const MAX_RULES = 100;
const MAX_ROUTES = 1_000;

export interface RouteCounters {
  service: FaultService;
  method: string;
  path: string;
  requests: number;
  faulted: number;
  byKind: Partial<Record<FaultKind, number>>;
  /**
   * 429s the sandbox's own limits answered on this route (edge windows, perps weights, signer
   * buckets), injected ones not included: a load test reads here that the client caused none.
   */
  limited: number;
}

export interface RuleView extends FaultRule {
  matched: number;
  injected: number;
}

export class FaultInjector {
  private readonly rules: RuleView[] = [];
  private readonly routes = new Map<string, RouteCounters>();
  private readonly random: Prng;
  private nextId = 1;

  constructor(seed: number) {
    this.random = new Prng(seed, 'faults');
  }

  /** Adds a rule; a string is the reason it was refused. */
  add(body: Record<string, unknown>): RuleView | string {
    if (this.rules.length >= MAX_RULES) return `at most ${MAX_RULES} rules at once; DELETE /sandbox/faults/rules first`;
    const rule = parseFaultRule(body, this.nextId);
    if (typeof rule === 'string') return rule;
    this.nextId += 1;
    const view = { ...rule, matched: 0, injected: 0 };
    this.rules.push(view);
    return view;
  }

  /** Removes every rule (or the one with `id`); returns how many went. Counters stay. */
  remove(id?: number): number {
    const before = this.rules.length;
    if (id === undefined) this.rules.length = 0;
    else {
      const at = this.rules.findIndex((rule) => rule.id === id);
      if (at >= 0) this.rules.splice(at, 1);
    }
    return before - this.rules.length;
  }

  resetCounters(): void {
    this.routes.clear();
    for (const rule of this.rules) {
      rule.matched = 0;
      rule.injected = 0;
    }
  }

  snapshot(): { rules: RuleView[]; routes: RouteCounters[] } {
    return { rules: this.rules.map((rule) => ({ ...rule })), routes: [...this.routes.values()].map((r) => ({ ...r, byKind: { ...r.byKind } })) };
  }

  /** Counts the request and returns the rule to apply to it, or null. */
  decide(service: FaultService, method: string, path: string): FaultRule | null {
    const counters = this.countersFor(service, method, path);
    counters.requests += 1;
    for (const rule of this.rules) {
      if (rule.service !== null && rule.service !== service) continue;
      if (rule.method !== null && rule.method !== method) continue;
      if (!pathMatches(rule.pathPattern, path)) continue;
      rule.matched += 1;
      if (rule.remaining !== null) {
        if (rule.remaining <= 0) continue;
        rule.remaining -= 1;
      } else if (!this.random.chance(rule.probability as number)) continue;
      rule.injected += 1;
      counters.faulted += 1;
      counters.byKind[rule.kind] = (counters.byKind[rule.kind] ?? 0) + 1;
      // A spent count rule leaves, so `rules` shows only what can still fire.
      if (rule.remaining === 0) this.rules.splice(this.rules.indexOf(rule), 1);
      return { ...rule };
    }
    return null;
  }

  /** Counts a 429 that the sandbox's limits (not a fault rule) answered. */
  countLimited(service: FaultService, method: string, path: string): void {
    this.countersFor(service, method, path).limited += 1;
  }

  private countersFor(service: FaultService, method: string, path: string): RouteCounters {
    let key = `${service} ${method} ${path}`;
    if (!this.routes.has(key) && this.routes.size >= MAX_ROUTES) key = `${service} * *`;
    let counters = this.routes.get(key);
    if (!counters) {
      const overflow = key.endsWith(' * *');
      counters = { service, method: overflow ? '*' : method, path: overflow ? '*' : path, requests: 0, faulted: 0, byKind: {}, limited: 0 };
      this.routes.set(key, counters);
    }
    return counters;
  }
}
