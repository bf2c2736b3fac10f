import { messageRuleProblem } from './messageFaults';

/**
 * One fault-injection rule as the admin route accepts it (`POST /sandbox/faults/rules`), checked
 * field by field so a bad rule answers 400 naming the field. A rule matches requests by service,
 * method and a path pattern (exact segments, `:name` for one segment, a final `*` for the rest)
 * and fires either on the next `count` matching requests or on each with `probability` (drawn from
 * a seeded PRNG, so a run replays).
 */
export const FAULT_SERVICES = ['analytics', 'clob', 'catalog', 'perps'] as const;
export type FaultService = (typeof FAULT_SERVICES)[number];

export const FAULT_KINDS = [
  'rate-limited', // 429 with Retry-After, in the service's own body
  'unavailable', // 503 in one of the service's documented variants
  'restarting', // 425 (the order book's engine restart), with Retry-After
  'internal', // 500, the service's own body
  'delay', // answer normally after delayMs
  'stall', // no answer until stallMs has passed, then the connection is dropped
  'truncated', // the real answer, cut off halfway (Content-Length promises more)
  'non-json', // an HTML error page instead of JSON (as a proxy in front would send)
  'reset', // the connection is reset before any answer
  'message', // one of the order book's documented answers (variant), see messageFaults.ts
] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

/** The 503 variants each service documents (specs and wire formats); the first is the default. */
export const UNAVAILABLE_VARIANTS: Readonly<Record<FaultService, readonly string[]>> = {
  clob: ['trading-disabled', 'cancel-only', 'post-only'],
  analytics: ['dependency_unavailable', 'request_timeout'],
  catalog: ['unavailable'],
  perps: ['unavailable'],
};

export interface FaultRule {
  id: number;
  service: FaultService | null;
  method: string | null;
  pathPattern: string;
  kind: FaultKind;
  variant: string | null;
  retryAfterSeconds: number;
  delayMs: number;
  stallMs: number;
  /** The HTTP status of a `non-json` answer. */
  status: number;
  /** Requests left to fault (count rules); null for probability rules. */
  remaining: number | null;
  probability: number | null;
}

export const MAX_DELAY_MS = 60_000;
export const MAX_STALL_MS = 600_000;
const DEFAULT_STALL_MS = 120_000;

type Body = Record<string, unknown>;
const isInt = (v: unknown, min: number, max: number): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= min && v <= max;

function optionalInt(body: Body, key: string, min: number, max: number, fallback: number): number | string {
  const value = body[key];
  if (value === undefined) return fallback;
  return isInt(value, min, max) ? value : `${key} must be an integer from ${min} to ${max}`;
}

/** The rule, or a message naming the first field that is wrong. */
export function parseFaultRule(body: Body, id: number): FaultRule | string {
  const known = new Set(['service', 'method', 'pathPattern', 'kind', 'variant', 'retryAfterSeconds', 'delayMs', 'stallMs', 'status', 'count', 'probability']);
  const unknown = Object.keys(body).find((key) => !known.has(key));
  if (unknown !== undefined) return `unknown field ${JSON.stringify(unknown.slice(0, 40))}`;
  const service = body.service ?? null;
  if (service !== null && !FAULT_SERVICES.includes(service as FaultService)) return `service must be one of ${FAULT_SERVICES.join(', ')}`;
  const method = body.method ?? null;
  if (method !== null && (typeof method !== 'string' || !/^[A-Za-z]{1,10}$/.test(method))) return 'method must be an HTTP method name';
  const pattern = body.pathPattern;
  if (typeof pattern !== 'string' || !/^\/[A-Za-z0-9/_:.*-]{0,200}$/.test(pattern)) return 'pathPattern must be a path such as /v2/activity, /book/:id or /v1/*';
  if (pattern.startsWith('/sandbox/')) return 'pathPattern must not name a /sandbox/ admin route';
  if (pattern.slice(0, -1).includes('*') || (pattern.endsWith('*') && !pattern.endsWith('/*'))) return 'pathPattern may hold * only as its last segment';
  const kind = body.kind;
  if (!FAULT_KINDS.includes(kind as FaultKind)) return `kind must be one of ${FAULT_KINDS.join(', ')}`;
  let variant: string | null = null;
  if (kind === 'message') {
    const problem = messageRuleProblem(body.variant, service, method, pattern);
    if (problem) return problem;
    variant = body.variant as string;
  } else if (body.variant !== undefined) {
    if (kind !== 'unavailable') return 'variant applies only to kinds unavailable and message';
    if (service === null) return 'variant needs a service (each service has its own 503 variants)';
    const allowed = UNAVAILABLE_VARIANTS[service as FaultService];
    if (!allowed.includes(body.variant as string)) return `variant for ${String(service)} must be one of ${allowed.join(', ')}`;
    variant = body.variant as string;
  }
  const retryAfterSeconds = optionalInt(body, 'retryAfterSeconds', 0, 3_600, 1);
  const delayMs = optionalInt(body, 'delayMs', 0, MAX_DELAY_MS, 1_000);
  const stallMs = optionalInt(body, 'stallMs', 1, MAX_STALL_MS, DEFAULT_STALL_MS);
  const status = optionalInt(body, 'status', 200, 599, 502);
  for (const value of [retryAfterSeconds, delayMs, stallMs, status]) if (typeof value === 'string') return value;
  const hasCount = body.count !== undefined;
  const hasProbability = body.probability !== undefined;
  if (hasCount === hasProbability) return 'give exactly one of count (the next N requests) or probability (0 < p <= 1)';
  if (hasCount && !isInt(body.count, 1, 1_000_000)) return 'count must be an integer from 1 to 1000000';
  const p = body.probability;
  if (hasProbability && !(typeof p === 'number' && p > 0 && p <= 1)) return 'probability must be a number with 0 < p <= 1';
  return {
    id, service: service as FaultService | null, method: method === null ? null : (method as string).toUpperCase(), pathPattern: pattern, kind: kind as FaultKind,
    variant, retryAfterSeconds: retryAfterSeconds as number, delayMs: delayMs as number, stallMs: stallMs as number, status: status as number,
    remaining: hasCount ? (body.count as number) : null, probability: hasProbability ? (p as number) : null,
  };
}

/** Exact segments, `:name` matches one non-empty segment, a final `*` matches the rest (one or more). */
export function pathMatches(pattern: string, path: string): boolean {
  const want = pattern.split('/');
  const got = path.split('/');
  const rest = want[want.length - 1] === '*';
  if (rest ? got.length < want.length : got.length !== want.length) return false;
  const fixed = rest ? want.length - 1 : want.length;
  for (let i = 0; i < fixed; i += 1) {
    const w = want[i] as string;
    const g = got[i] as string;
    if (w.startsWith(':') ? g === '' : w !== g) return false;
  }
  return true;
}
