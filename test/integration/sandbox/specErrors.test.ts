/**
 * Every refusal path of the sandbox answers the code and status its service's error table gives
 * (docs/decisions/38-sandbox-spec-rules/02-error-statuses.md), over real loopback HTTP: the
 * routes' own refusals, the body size limit, requests the HTTP parser refuses, the edge and the
 * other limits, and injected faults.
 *   analytics: the spec's table, code → status (ANALYTICS_ERROR_STATUS);
 *   order book and catalog: the order-book table's messages and statuses, with its override rule
 *     (a message with "not found" is a 404);
 *   perps: the spec gives no statuses; the sandbox's table (PERPS_ERROR_STATUS) holds everywhere.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANALYTICS_ERROR_STATUS } from '../../../src/sandbox/analytics/errors';
import { PERPS_ERROR_STATUS, type PerpsFaultId } from '../../../src/sandbox/perps/perpsErrors';
import { SANDBOX_HISTORY_WALLETS, startSandbox, type RunningSandbox } from '../../../src/sandbox/start';
import type { AnalyticsErrorCode } from '../../../src/shared/protocol/analytics';
import type { PerpsErrorId } from '../../../src/shared/protocol/perps';
import { expectError } from '../analytics/v2Client';
import { addFaultRule, clearFaultRules } from '../chaos/faultRules';
import { get, post, raw, request, type JsonResponse } from './http';
import { admin, KEYS, liveMarket, Trader } from './tradingClient';

const ONE_MIB = 1024 * 1024;
const user = SANDBOX_HISTORY_WALLETS.small.address;
// A plain market (not neg-risk, tick 0.01), so a test order is signed for the regular exchange.
const [token] = liveMarket(7, (e) => e.market.tickSize === '0.01' && !e.market.negRisk).market.tokenIds as [string, string];

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startSandbox({
    seed: 7, port: 0, simulate: false,
    // Small limits so the edge, the heavy-query slots, the perps weights and the signer buckets refuse on demand.
    edge: { limits: { 'analytics:/trades': 1, 'clob:/tick-size': 1, 'catalog:/tags': 1 }, maxWaitMs: 0 },
    analytics: { heavySlots: 1, heavyWaitMs: 20, heavyHoldMs: 300 },
    perps: { weightBudget: { limit: 100, windowMs: 60_000 } },
    signerBuckets: { orders: { capacity: 1, refillPerSecond: 0.5 } },
  });
});
afterAll(async () => {
  await sandbox?.stop();
});

/** The status line and JSON body of a raw HTTP answer. */
function parseRaw(answer: string): { status: number; headers: string; body: Record<string, unknown> } {
  const [head = '', body = ''] = answer.split('\r\n\r\n');
  return { status: Number(head.split(' ')[1]), headers: head.toLowerCase(), body: JSON.parse(body) as Record<string, unknown> };
}

describe('analytics: each code with the status of the spec\'s table', () => {
  const base = () => sandbox.urls.analytics;
  const expectCode = (res: JsonResponse<unknown>, code: AnalyticsErrorCode) => expectError(res, ANALYTICS_ERROR_STATUS[code], code);

  it('invalid_request 400: a bad parameter, offset, a limit over the cap, and a body over the size limit', async () => {
    expectCode(await get(`${base()}/v2/activity`), 'invalid_request');
    expectCode(await get(`${base()}/v2/activity?user=${user}&offset=5`), 'invalid_request');
    expectCode(await get(`${base()}/v2/activity?user=${user}&limit=1001`), 'invalid_request');
    const tooBig = await post(`${base()}/v2/activity`, 'x'.repeat(ONE_MIB + 1));
    expectCode(tooBig, 'invalid_request');
    expect(tooBig.status).not.toBe(413);
  });

  it('invalid_request 400 for a request the HTTP parser refuses, still with the error body and trace id', async () => {
    const answer = parseRaw(await raw(base(), 'GARBAGE\r\n\r\n'));
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'invalid_request', retryable: false });
    expect(answer.headers).toContain(`x-trace-id: ${String(answer.body.trace_id)}`);
  });

  it('not_found 404 and method_not_allowed 405', async () => {
    expectCode(await get(`${base()}/v2/nope`), 'not_found');
    const wrong = await post(`${base()}/v2/activity`, '{}');
    expectCode(wrong, 'method_not_allowed');
    expect(wrong.headers.get('allow')).toBe('GET');
  });

  it('rate_limited 429 with Retry-After: the edge past its bound and a heavy query whose slot wait ended', async () => {
    const [, refused] = await Promise.all([get(`${base()}/v2/trades?user=${user}`), get(`${base()}/v2/trades?user=${user}`)]);
    expectCode(refused!, 'rate_limited');
    expect(Number(refused!.headers.get('retry-after'))).toBeGreaterThanOrEqual(9);
    const busy = await Promise.all([get(`${base()}/v2/positions?user=${user}`), get(`${base()}/v2/positions?user=${user}`)]);
    const slotRefusal = busy.find((r) => r.status !== 200)!;
    expectCode(slotRefusal, 'rate_limited');
    expect(Number(slotRefusal.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  });

  it('injected faults answer in the table too: internal 500, request_timeout and dependency_unavailable 503, a restart as 503', async () => {
    const faulted = async (rule: Record<string, unknown>) => {
      await addFaultRule(sandbox, { service: 'analytics', pathPattern: '/v2/approvals', count: 1, retryAfterSeconds: 3, ...rule });
      return get(`${base()}/v2/approvals?user=${user}`);
    };
    try {
      expectCode(await faulted({ kind: 'internal' }), 'internal');
      expectCode(await faulted({ kind: 'rate-limited' }), 'rate_limited');
      const timeout = await faulted({ kind: 'unavailable', variant: 'request_timeout' });
      expectCode(timeout, 'request_timeout');
      expect(timeout.headers.get('retry-after')).toBe('3');
      expectCode(await faulted({ kind: 'unavailable', variant: 'dependency_unavailable' }), 'dependency_unavailable');
      // The analytics table has no 425: a restart there is a dependency unavailable.
      const restart = await faulted({ kind: 'restarting' });
      expectCode(restart, 'dependency_unavailable');
      expect(restart.headers.get('retry-after')).toBe('3');
    } finally {
      await clearFaultRules(sandbox);
    }
  });
});

describe('order book and catalog: the order-book table\'s messages and statuses', () => {
  const clob = () => sandbox.urls.clob;
  const expectRefusal = (res: JsonResponse<unknown>, status: number, error: string | RegExp) => {
    expect(res.status, res.text).toBe(status);
    expect(res.headers.get('content-type')).toBe('application/json');
    const message = (res.body as { error: string }).error;
    if (typeof error === 'string') expect(message).toBe(error);
    else expect(message).toMatch(error);
  };

  it('reads: 400 invalid token id and side, 404 no order book and market not found, 400 limits', async () => {
    expectRefusal(await get(`${clob()}/book?token_id=abc`), 400, 'Invalid token id');
    expectRefusal(await get(`${clob()}/book?token_id=123`), 404, 'No orderbook exists for the requested token id');
    expectRefusal(await get(`${clob()}/price?token_id=${token}&side=UP`), 400, 'Invalid side');
    expectRefusal(await get(`${clob()}/markets/0x${'0'.repeat(64)}`), 404, 'market not found');
    expectRefusal(await get(`${clob()}/ohlc?asset_id=${token}&startTs=1&limit=1001`), 400, 'limit cannot exceed 1000');
    expectRefusal(await get(`${clob()}/orderbook-history?asset_id=${token}`), 400, 'startTs is required');
    expectRefusal(await post(`${clob()}/books`, 'not json'), 400, 'Invalid payload');
    expectRefusal(await post(`${clob()}/books`, Array.from({ length: 501 }, () => ({ token_id: token }))), 400, 'Payload exceeds the limit');
  });

  it('a body over the size limit is the table\'s 400 `Payload exceeds the limit`, on the catalog too', async () => {
    expectRefusal(await post(`${clob()}/books`, 'x'.repeat(ONE_MIB + 1)), 400, 'Payload exceeds the limit');
    expectRefusal(await post(`${sandbox.urls.catalog}/events`, 'x'.repeat(ONE_MIB + 1)), 400, 'Payload exceeds the limit');
  });

  it('a request the HTTP parser refuses is a 400 with the `{error}` body', async () => {
    const answer = parseRaw(await raw(clob(), 'GARBAGE\r\n\r\n'));
    expect(answer).toMatchObject({ status: 400, body: { error: 'malformed HTTP request' } });
  });

  it('auth: 401 for bad L1 and L2 headers; "not found" in a message is a 404', async () => {
    expectRefusal(await get(`${clob()}/auth/derive-api-key`), 401, 'Invalid L1 Request headers');
    expectRefusal(await get(`${clob()}/data/orders`), 401, 'Unauthorized/Invalid api key');
    const trader = await Trader.open(clob(), KEYS[4]);
    expectRefusal(await trader.call('GET', `/data/order/0x${'cd'.repeat(32)}`), 404, 'order not found');
    expectRefusal(await trader.call('GET', '/balance-allowance?asset_type=GOLD'), 400, 'Invalid asset type');
  });

  it('limits: 429 `Too Many Requests` with the real Retry-After, from the edge and from the signer\'s bucket', async () => {
    const [, edge] = await Promise.all([get(`${clob()}/tick-size?token_id=${token}`), get(`${clob()}/tick-size?token_id=${token}`)]);
    expectRefusal(edge!, 429, 'Too Many Requests');
    expect(Number(edge!.headers.get('retry-after'))).toBe(10);
    const [, catalogEdge] = await Promise.all([get(`${sandbox.urls.catalog}/tags`), get(`${sandbox.urls.catalog}/tags`)]);
    expectRefusal(catalogEdge!, 429, 'Too Many Requests');
    const trader = await Trader.open(clob(), KEYS[1]);
    await admin(clob(), '/sandbox/faucet', { address: trader.address, amount: 1000 });
    const order = { tokenId: token, side: 'BUY' as const, pips: 100, cents: 500 };
    const placed = await trader.order(order);
    expect(placed.status, placed.text).toBe(200);
    const bucket = await trader.order(order);
    expectRefusal(bucket, 429, 'Too Many Requests');
    // One token back at 0.5 per second: two seconds.
    expect(bucket.headers.get('retry-after')).toBe('2');
    await trader.call('DELETE', '/cancel-all');
  });

  it('injected faults: 500, 429 and 503 in the `{error}` body', async () => {
    try {
      await addFaultRule(sandbox, { service: 'clob', pathPattern: '/time', kind: 'internal', count: 1 });
      expectRefusal(await get(`${clob()}/time`), 500, 'Internal server error');
      await addFaultRule(sandbox, { service: 'catalog', pathPattern: '/events', kind: 'rate-limited', retryAfterSeconds: 4, count: 1 });
      const limited = await get(`${sandbox.urls.catalog}/events`);
      expectRefusal(limited, 429, 'Too Many Requests');
      expect(limited.headers.get('retry-after')).toBe('4');
      await addFaultRule(sandbox, { service: 'clob', pathPattern: '/time', kind: 'unavailable', count: 1 });
      expectRefusal(await get(`${clob()}/time`), 503, /^Trading is currently disabled/);
    } finally {
      await clearFaultRules(sandbox);
    }
  });
});

describe('perps: every refusal with the status of the sandbox\'s table for its identifier', () => {
  const perps = () => sandbox.urls.perps;
  const expectId = (res: JsonResponse<unknown>, id: PerpsErrorId | PerpsFaultId) => {
    const body = res.body as { status: string; error: string };
    expect(body.status).toBe('err');
    expect(body.error.split(':')[0]).toBe(id);
    expect(res.status, res.text).toBe(PERPS_ERROR_STATUS[id]);
  };

  it('answers each refusal with its identifier\'s status', async () => {
    expectId(await get(`${perps()}/v1/nope`), 'not_found');
    expectId(await request(`${perps()}/v1/info/assets`, { method: 'DELETE' }), 'method_not_allowed');
    expectId(await post(`${perps()}/v1/account/proxy`, 'x'.repeat(ONE_MIB + 1)), 'payload_too_large');
    expectId(await post(`${perps()}/v1/account/proxy`, 'not json'), 'invalid_request');
    expectId(await get(`${perps()}/v1/account/referral`), 'unauthorized');
    expectId(await get(`${perps()}/v1/info/trades?instrument_id=999`), 'unknown_instrument');
    expectId(await get(`${perps()}/v1/info/trades?instrument_id=1&limit=-1`), 'invalid_request');
    const parsed = parseRaw(await raw(perps(), 'GARBAGE\r\n\r\n'));
    expect(parsed).toMatchObject({ status: 400, body: { status: 'err', error: 'invalid_request: malformed HTTP request' } });
  });

  it('answers injected faults and the weight budget the same way', async () => {
    try {
      for (const [kind, id] of [['internal', 'internal_error'], ['unavailable', 'service_unavailable'], ['restarting', 'restarting'], ['rate-limited', 'rate_limited']] as const) {
        await addFaultRule(sandbox, { service: 'perps', pathPattern: '/v1/info/exchange', kind, count: 1 });
        expectId(await get(`${perps()}/v1/info/exchange`), id);
      }
    } finally {
      await clearFaultRules(sandbox);
    }
    // Weight 10 each against 100 per minute: refused once the minute's weight is spent, with when it frees.
    let refused: JsonResponse<unknown> | undefined;
    for (let i = 0; i < 12 && !refused; i += 1) {
      const res = await get(`${perps()}/v1/info/trades?instrument_id=1`);
      if (res.status !== 200) refused = res;
    }
    expectId(refused!, 'rate_limited');
    expect(Number(refused!.headers.get('retry-after'))).toBeGreaterThan(50);
  });
});
