/** Fault rules for the chaos tests, set over the sandbox's loopback admin route. */
import type { RunningSandbox } from '../../../src/sandbox/start';

/** One rule per kind of fault the analytics service can be made to show, for the walks under faults. */
export const ANALYTICS_FAULT_KINDS = [
  { kind: 'rate-limited', retryAfterSeconds: 1 },
  { kind: 'unavailable', service: 'analytics', variant: 'dependency_unavailable', retryAfterSeconds: 1 },
  { kind: 'unavailable', service: 'analytics', variant: 'request_timeout', retryAfterSeconds: 1 },
  { kind: 'restarting', retryAfterSeconds: 1 },
  { kind: 'internal' },
  { kind: 'delay', delayMs: 300 },
  // Longer than the core's 10 s request timeout, so the client gives up first.
  { kind: 'stall', stallMs: 12_000 },
  { kind: 'truncated' },
  { kind: 'non-json' },
  { kind: 'reset' },
] as const;

export type FaultStats = ReturnType<RunningSandbox['faultStats']>;

export async function addFaultRule(sandbox: RunningSandbox, rule: Record<string, unknown>): Promise<void> {
  const res = await fetch(`${sandbox.urls.clob}/sandbox/faults/rules`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(rule),
  });
  if (res.status !== 201) throw new Error(`fault rule refused: ${res.status} ${await res.text()}`);
}

export async function clearFaultRules(sandbox: RunningSandbox): Promise<void> {
  await fetch(`${sandbox.urls.clob}/sandbox/faults/rules`, { method: 'DELETE', headers: { 'content-type': 'application/json' } });
}

/**
 * One probability rule per kind on the matching routes, splitting `share` of the requests
 * evenly between the kinds (rules are tried in turn, so the total is a little under `share`).
 */
export async function faultEveryKind(
  sandbox: RunningSandbox, base: { service: string; pathPattern: string; method?: string }, share: number,
  kinds: ReadonlyArray<Record<string, unknown>>,
): Promise<void> {
  for (const kind of kinds) await addFaultRule(sandbox, { ...base, ...kind, probability: share / kinds.length });
}

/** Injected faults per kind on all routes, from the sandbox's counters. */
export function injectedByKind(stats: FaultStats): Record<string, number> {
  const out: Record<string, number> = {};
  for (const route of stats.routes) {
    for (const [kind, n] of Object.entries(route.byKind)) out[kind] = (out[kind] ?? 0) + (n ?? 0);
  }
  return out;
}
