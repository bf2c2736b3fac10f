/**
 * Public perps reads shared between windows, against the real sandbox: identical reads in flight
 * go out once (the exchange's own counters, GET /sandbox/perps/weights and the fault layer's
 * per-route request counts, are the judge), a caller's abort leaves the others their answer, an
 * error reaches every sharer and is not reused, an answer is reused only for its short time, and
 * key-header reads are never shared.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CoreError } from '../../../src/main/core/coreError';
import { HttpClient } from '../../../src/main/core/net/httpClient';
import { RateBudget } from '../../../src/main/core/net/rateBudget';
import { PerpsClient } from '../../../src/main/core/perps/perpsClient';
import { perpsWeightWindow } from '../../../src/main/core/perps/perpsInfo';
import { SANDBOX_PERPS_INSTRUMENTS } from '../../../src/sandbox/start';
import { perpsRequestWeight } from '../../../src/shared/protocol/perps';
import type { PerpsReferralView } from '../../../src/shared/perpsViews';
import { startPerpsCore, type PerpsCoreHarness } from './perpsCoreHarness';
import { addFaultRule, clearFaultRules } from '../chaos/faultRules';

const BUDGET = { limit: 1_000, windowMs: 10_000 };
const instrument = SANDBOX_PERPS_INSTRUMENTS[0]!;
const TRADES = '/v1/info/trades';
let h: PerpsCoreHarness;
let clock = 0;

beforeAll(async () => {
  h = await startPerpsCore({ weightBudget: BUDGET });
});
afterAll(async () => {
  await h?.stop();
});
afterEach(async () => {
  await clearFaultRules(h.sandbox);
});

/** A perps client on the core's kind of HTTP client and budget, its reuse clock in the test's hand. */
function client(publicReuseMs: number): PerpsClient {
  const window = perpsWeightWindow(BUDGET);
  const http = new HttpClient({
    urls: () => ({ ...h.sandbox.urls }),
    budget: new RateBudget(),
    windowsFor: () => [window],
    costFor: (_service, method, path) => perpsRequestWeight(method, path),
  });
  return new PerpsClient(http, { publicReuseMs, now: () => clock });
}

const addFault = (rule: Record<string, unknown>) => addFaultRule(h.sandbox, { service: 'perps', ...rule });

/** The requests the perps server has had on one route (answered or faulted). */
async function requestsTo(path: string, method = 'GET'): Promise<number> {
  const snapshot = (await (await fetch(`${h.sandbox.urls.perps}/sandbox/faults`)).json()) as {
    routes: Array<{ service: string; method: string; path: string; requests: number }>;
  };
  return snapshot.routes.find((r) => r.service === 'perps' && r.method === method && r.path === path)?.requests ?? 0;
}

/** The weight the exchange has counted, and the requests on `path`, since the last call. */
async function meter(path = TRADES) {
  const start = { weight: (await h.weights()).totalWeight, requests: await requestsTo(path) };
  return async () => ({ weight: (await h.weights()).totalWeight - start.weight, requests: (await requestsTo(path)) - start.requests });
}

describe('public perps reads shared between callers', () => {
  it('eight windows asking the same tape at once cost one request', async () => {
    const since = await meter();
    const tapes = await Promise.all(
      Array.from({ length: 8 }, (_, i) => h.call<unknown[]>('listPerpsTrades', { instrumentId: instrument.id, limit: 100 }).then((rows) => ({ i, rows }))),
    );
    expect(await since()).toEqual({ weight: 10, requests: 1 });
    for (const { rows } of tapes) expect(rows).toEqual(tapes[0]!.rows);
  });

  it('asks again for a different instrument or limit, and once for the exchange facts of many windows', async () => {
    const since = await meter();
    const other = SANDBOX_PERPS_INSTRUMENTS[1]!;
    await Promise.all([
      h.call('listPerpsTrades', { instrumentId: other.id, limit: 100 }),
      h.call('listPerpsTrades', { instrumentId: other.id, limit: 50 }),
      h.call('listPerpsTrades', { instrumentId: other.id, limit: 50 }),
    ]);
    expect(await since()).toEqual({ weight: 20, requests: 2 });
    const infoSince = await meter('/v1/info/exchange');
    await Promise.all(Array.from({ length: 5 }, () => h.call('getPerpsInfo', {})));
    // One exchange read (2) and one asset read (2), for five windows.
    expect(await infoSince()).toEqual({ weight: 4, requests: 1 });
  });

  it('an aborted caller leaves, and the others get the answer of the one request', async () => {
    const perps = client(0);
    await addFault({ pathPattern: TRADES, kind: 'delay', delayMs: 400, count: 1 });
    const since = await meter();
    const leaving = new AbortController();
    const reads = [
      perps.trades(instrument.id, { limit: 20 }, leaving.signal),
      perps.trades(instrument.id, { limit: 20 }),
      perps.trades(instrument.id, { limit: 20 }, new AbortController().signal),
    ];
    leaving.abort();
    const [left, ...stayed] = await Promise.allSettled(reads);
    expect(left).toMatchObject({ status: 'rejected', reason: { code: 'cancelled' } });
    for (const read of stayed) expect(read.status).toBe('fulfilled');
    expect(await since()).toEqual({ weight: 10, requests: 1 });
  });

  it('the request is given up only when every caller has aborted, and the next caller asks anew', async () => {
    const perps = client(1_500);
    await addFault({ pathPattern: TRADES, kind: 'delay', delayMs: 400, count: 1 });
    const callers = [new AbortController(), new AbortController()];
    const reads = callers.map((c) => perps.trades(instrument.id, { limit: 30 }, c.signal));
    for (const c of callers) c.abort();
    for (const read of await Promise.allSettled(reads)) expect(read).toMatchObject({ status: 'rejected', reason: { code: 'cancelled' } });
    // The abandoned request's answer is not kept for the next caller: it goes out again.
    const since = await meter();
    const next = await perps.trades(instrument.id, { limit: 30 });
    expect(Array.isArray(next.data)).toBe(true);
    expect(await since()).toEqual({ weight: 10, requests: 1 });
  });

  it('delivers an error to every sharer, from one request, and does not reuse it', async () => {
    const perps = client(1_500);
    await addFault({ pathPattern: TRADES, kind: 'internal', count: 2 });
    const since = await meter();
    const reads = await Promise.allSettled(Array.from({ length: 4 }, () => perps.trades(instrument.id, { limit: 40 })));
    expect((await since()).requests).toBe(1);
    for (const read of reads) {
      expect(read.status).toBe('rejected');
      const reason = (read as PromiseRejectedResult).reason as CoreError;
      expect(reason).toBeInstanceOf(CoreError);
      expect(reason.status).toBe(500);
      expect(reason.message).toBe('The exchange failed with an internal error; try again later.');
    }
    // The rule's second fault goes to the next read: the error was not handed out again.
    await expect(perps.trades(instrument.id, { limit: 40 })).rejects.toMatchObject({ status: 500 });
    const after = await perps.trades(instrument.id, { limit: 40 });
    expect(Array.isArray(after.data)).toBe(true);
    expect((await since()).requests).toBe(3);
  });

  it('reuses an answer for its short time only', async () => {
    const perps = client(1_500);
    const since = await meter();
    clock = 10_000;
    const first = await perps.trades(instrument.id, { limit: 60 });
    clock += 1_499;
    expect(await perps.trades(instrument.id, { limit: 60 })).toBe(first);
    expect(await since()).toEqual({ weight: 10, requests: 1 });
    clock += 1;
    const fresh = await perps.trades(instrument.id, { limit: 60 });
    expect(fresh).not.toBe(first);
    expect(await since()).toEqual({ weight: 20, requests: 2 });
  });

  it('never shares a key-header read', async () => {
    const trader = await h.addAccountWithProxy('Sharer');
    const since = await meter('/v1/account/referral');
    const views = await Promise.all(Array.from({ length: 3 }, () => h.call<PerpsReferralView>('getPerpsReferral', { accountId: trader.id })));
    for (const view of views) expect(view.accountId).toBe(trader.id);
    // Three windows, three requests on the key-header route (the weight also counts the view's other reads).
    expect((await since()).requests).toBe(3);
  });
});
