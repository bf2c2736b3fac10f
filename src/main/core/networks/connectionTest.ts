/**
 * Test connection: asks each service of a profile (saved or not) what a running network would
 * rely on, and reports a row per check. The order-book health route, `/version` (the order schema)
 * and `/time` (the clock difference, warned beyond the window signed timestamps are accepted in);
 * the catalog's first page of events; the analytics health route; the perps exchange's
 * `/v1/info/exchange` against the profile's pinned signing domain.
 *
 * Real HTTP through the core's own HttpClient (same certificate checks, body-size limit, JSON
 * handling), but with a rate budget of its own, made for this one test from the tested profile's
 * documented windows and safety factor: the tested deployment is usually not the active network,
 * so its requests must neither queue behind nor count against the active network's budget, and
 * still pass a local budget (invariant 3). A test is six requests, far inside every window. No
 * retries: the report says what the first answer was.
 */
import { edgeWindowsFor } from '../../../shared/protocol/edgeLimits';
import { perpsRequestWeight } from '../../../shared/protocol/perps';
import type { ConnectionCheck, ConnectionTestReport, NetworkProfile, ProfileService } from '../../../shared/networkProfiles';
import { perpsDomainMismatches } from '../accounts/perpsDomainPin';
import { HttpClient } from '../net/httpClient';
import { RateBudget } from '../net/rateBudget';
import { perpsWeightWindow } from '../perps/perpsInfo';
import { classifyFailure } from './connectionTestFailures';
import { catalogPageShape, clobTimeShape, clobVersionShape, firstIssue, perpsExchangeShape } from './connectionTestShapes';
import { readClockSkew } from './clockSkew';
import type { z } from 'zod';
import type { ClockSkewReading } from '../../../shared/networkProfiles';

export interface ConnectionTestOptions {
  /** This computer's wall clock (unix ms); injected by tests to stand for a skewed clock. */
  now?: () => number;
  /** Per request (default 8 s): a test must end by itself. */
  timeoutMs?: number;
}

/** The catalog page asked for: small, it only has to prove the listing answers. */
const CATALOG_PAGE = 20;

type Ask = (service: ProfileService, path: string, query?: Record<string, number>) => Promise<unknown>;

export async function testConnection(profile: NetworkProfile, options: ConnectionTestOptions = {}): Promise<ConnectionTestReport> {
  const now = options.now ?? Date.now;
  const testedAt = now();
  const http = clientFor(profile, options);
  const ask: Ask = (service, path, query) =>
    http.requestJson<unknown>({ service, method: 'GET', path, ...(query ? { query } : {}), priority: 'interactive' });
  let clock: ClockSkewReading | null = null;
  let servedPerpsDomain: ConnectionTestReport['servedPerpsDomain'] = null;

  const checks = await Promise.all([
    health(profile, ask, 'clob', 'Order book is up'),
    shaped(profile, ask, 'clob', '/version', 'Order schema', clobVersionShape, (answer) => ({
      outcome: 'passed', detail: `The order book takes version ${answer.version} orders.`,
    })),
    (async (): Promise<ConnectionCheck> => {
      const sentAt = now();
      const row = await shaped(profile, ask, 'clob', '/time', 'Server time', clobTimeShape, (seconds) => {
        clock = readClockSkew(seconds, sentAt, now());
        return clockRow(clock);
      });
      return row;
    })(),
    shaped(profile, ask, 'catalog', '/events', 'First page of events', catalogPageShape, (events) => ({
      outcome: 'passed', detail: events.length === 0 ? 'The catalog answered with no events.' : `The catalog listed ${events.length} events.`,
    }), { limit: CATALOG_PAGE, offset: 0 }),
    health(profile, ask, 'analytics', 'Analytics is up'),
    shaped(profile, ask, 'perps', '/v1/info/exchange', 'Signing domain', perpsExchangeShape, (served) => {
      servedPerpsDomain = { name: served.name, version: served.version, chainId: served.chain_id, verifyingContract: served.contract };
      return domainRow(profile, served);
    }),
  ]);
  return { label: profile.label, testedAt, checks, clock, servedPerpsDomain, passed: checks.every((check) => check.outcome !== 'failed') };
}

function clientFor(profile: NetworkProfile, options: ConnectionTestOptions): HttpClient {
  const perpsWindow = perpsWeightWindow(profile.perpsWeightBudget);
  return new HttpClient({
    urls: () => profile.urls,
    budget: new RateBudget({ safetyFactor: profile.budgetSafetyFactor }),
    windowsFor: (service, method, path) => (service === 'perps' ? [perpsWindow] : edgeWindowsFor(service, method, path)),
    costFor: (service, method, path) => (service === 'perps' ? perpsRequestWeight(method, path) : 1),
    defaultTimeoutMs: options.timeoutMs ?? 8_000,
    retry: { maxRetries: 0 },
  });
}

const originOf = (profile: NetworkProfile, service: ProfileService) => new URL(profile.urls[service]).origin;

function failedRow(profile: NetworkProfile, service: ProfileService, call: string, name: string, error: unknown): ConnectionCheck {
  const { kind, detail } = classifyFailure(error, originOf(profile, service));
  return { service, call, name, outcome: 'failed', detail, failure: kind };
}

/** A health route only has to answer 2xx; its body is not specified (JSON or plain text). */
async function health(profile: NetworkProfile, ask: Ask, service: ProfileService, name: string): Promise<ConnectionCheck> {
  const call = 'GET /ok';
  try {
    await ask(service, '/ok');
  } catch (error) {
    const answeredText = error instanceof Error && 'code' in error && error.code === 'bad_response' && !('status' in error && error.status);
    if (!answeredText) return failedRow(profile, service, call, name, error);
  }
  return { service, call, name, outcome: 'passed', detail: 'Answered.', failure: null };
}

async function shaped<T>(
  profile: NetworkProfile,
  ask: Ask,
  service: ProfileService,
  path: string,
  name: string,
  shape: z.ZodType<T>,
  judge: (answer: T) => Verdict,
  query?: Record<string, number>,
): Promise<ConnectionCheck> {
  const call = `GET ${path}`;
  let answer: unknown;
  try {
    answer = await ask(service, path, query);
  } catch (error) {
    return failedRow(profile, service, call, name, error);
  }
  const parsed = shape.safeParse(answer);
  if (!parsed.success) {
    return { service, call, name, outcome: 'failed', failure: 'shape', detail: `Unexpected answer from ${originOf(profile, service)} (${firstIssue(parsed.error)}).` };
  }
  const verdict = judge(parsed.data);
  return { service, call, name, outcome: verdict.outcome, detail: verdict.detail, failure: verdict.failure ?? null };
}

function clockRow(clock: ClockSkewReading): Pick<ConnectionCheck, 'outcome' | 'detail'> {
  const seconds = (ms: number) => Math.round(Math.abs(ms) / 1000);
  const side = clock.skewMs >= 0 ? 'ahead of' : 'behind';
  const said =
    seconds(clock.skewMs) === 0
      ? `The server clock agrees with this computer's (± ${seconds(clock.uncertaintyMs)} s).`
      : `The server clock is ${seconds(clock.skewMs)} s ${side} this computer's (± ${seconds(clock.uncertaintyMs)} s).`;
  if (clock.beyondWindow) {
    return {
      outcome: 'warning',
      detail: `${said} Signed requests carry a timestamp the services accept only within ${seconds(clock.windowMs)} s: set this computer's clock right before trading.`,
    };
  }
  return { outcome: 'passed', detail: said };
}

type Verdict = Pick<ConnectionCheck, 'outcome' | 'detail'> & { failure?: ConnectionCheck['failure'] };

function domainRow(profile: NetworkProfile, served: z.output<typeof perpsExchangeShape>): Verdict {
  if (!profile.perpsDomain) {
    return {
      outcome: 'warning',
      detail: `The exchange answered, but this profile pins no signing domain, so perps operations will be refused. It says: ${served.name}, version ${served.version}, chain ${served.chain_id}.`,
    };
  }
  const wrong = perpsDomainMismatches(profile.perpsDomain, served);
  if (wrong.length > 0) {
    return {
      outcome: 'failed',
      failure: 'mismatch',
      detail: `The exchange signs under a different domain than this profile pins (${wrong.join(', ')} ${wrong.length === 1 ? 'differs' : 'differ'}); nothing would be signed there.`,
    };
  }
  return { outcome: 'passed', detail: 'The exchange signs under the pinned domain.' };
}
