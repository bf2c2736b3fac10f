/**
 * Perps spec conformance against a running sandbox over loopback HTTP: each route with its auth
 * kind, list shapes, caps, default end, parameter errors, kline intervals and error shapes.
 * Weights and the budget are in weights.test.ts; signed transfers in transfers.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PERPS_EQUITY_INTERVALS, PERPS_INTERVAL_MS, PERPS_LIST_CAPS, PERPS_ROUTES, type PerpsEquityPoint, type PerpsList, type PerpsPublicTrade,
} from '../../../src/shared/protocol/perps';
import { SANDBOX_PERPS_INSTRUMENTS } from '../../../src/sandbox/start';
import { DAY_MS, ERR, HOUR_MS, PerpsHarness, type ProxyCredentials } from './perpsHarness';

let h: PerpsHarness;
let alice: ProxyCredentials;
let bob: ProxyCredentials;
beforeAll(async () => {
  h = await PerpsHarness.start();
  alice = await h.account();
  bob = await h.account();
  await h.faucet(alice.owner.address, 'USDC', '1000');
});
afterAll(async () => {
  await h?.stop();
});

const HASH = /^0x[0-9a-f]{64}$/;

describe('public routes (no authentication)', () => {
  it('GET /v1/info/exchange answers the EIP-712 domain', async () => {
    const res = await h.get(PERPS_ROUTES.exchange.path);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['chain_id', 'contract', 'name', 'version']);
    expect(res.body).toMatchObject({ name: 'Marketdesk Sandbox Perps', version: '1', chain_id: 137 });
  });

  it('GET /v1/info/assets lists at least three collateral assets with the five fields and different decimals', async () => {
    const res = await h.get<Array<Record<string, unknown>>>(PERPS_ROUTES.assets.path);
    expect(res.status).toBe(200);
    expect(res.body.length).toBeGreaterThanOrEqual(3);
    for (const asset of res.body) {
      expect(Object.keys(asset).sort()).toEqual(['address', 'asset', 'collateral_ratio', 'decimals', 'withdrawal_fee']);
      expect(asset.address).toMatch(/^0x[0-9a-fA-F]{40}$/);
      expect(asset.collateral_ratio).toMatch(/^\d+(\.\d+)?$/);
      expect(asset.withdrawal_fee).toMatch(/^\d+(\.\d+)?$/);
    }
    expect(new Set(res.body.map((a) => a.decimals)).size).toBeGreaterThanOrEqual(2);
    expect(res.body.find((a) => a.asset === 'USDC')).toMatchObject({ decimals: 6, collateral_ratio: '1', withdrawal_fee: '1' });
  });

  it('GET /v1/info/trades lists an instrument\'s trades newest first, ending at now by default', async () => {
    const instrument = SANDBOX_PERPS_INSTRUMENTS[0]!;
    const res = await h.get<PerpsList<PerpsPublicTrade>>(`${PERPS_ROUTES.trades.path}?instrument_id=${instrument.id}&limit=20`);
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(20);
    expect(res.body.more).toBe(true);
    for (const trade of res.body.data) {
      expect(Object.keys(trade).sort()).toEqual(['hash', 'instrument_id', 'price', 'quantity', 'timestamp', 'trade_id']);
      expect(trade.instrument_id).toBe(instrument.id);
      expect(trade.hash).toMatch(HASH);
      expect(Number(trade.price)).toBeGreaterThan(0);
      expect(Number(trade.quantity)).toBeGreaterThan(0);
      expect(trade.timestamp).toBeLessThanOrEqual(h.clock);
    }
    const times = res.body.data.map((t) => t.timestamp);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(times[0]).toBeGreaterThan(h.clock - 60_000);
    // Stable: the same window answers the same trades.
    const again = await h.get<PerpsList<PerpsPublicTrade>>(`${PERPS_ROUTES.trades.path}?instrument_id=${instrument.id}&limit=20&end_time=${h.clock}`);
    expect(again.body).toEqual(res.body);
  });

  it('GET /v1/info/trades caps a page at 100 and walks back by end_time without gaps or repeats', async () => {
    const path = `${PERPS_ROUTES.trades.path}?instrument_id=2`;
    const first = await h.get<PerpsList<PerpsPublicTrade>>(`${path}&limit=5000`);
    expect(first.body.data).toHaveLength(PERPS_LIST_CAPS.trades);
    expect(first.body.more).toBe(true);
    const oldest = first.body.data.at(-1)!.timestamp;
    const second = await h.get<PerpsList<PerpsPublicTrade>>(`${path}&end_time=${oldest}&limit=100`);
    const seen = new Set(first.body.data.map((t) => t.trade_id));
    const fresh = second.body.data.filter((t) => !seen.has(t.trade_id));
    expect(fresh.length).toBeGreaterThan(90);
    expect(fresh[0]!.timestamp).toBeLessThanOrEqual(oldest);
    // A window ending before it starts is refused; one with no room answers an empty page.
    expect((await h.get(`${path}&start_time=10&end_time=5`)).status).toBe(400);
    const within = await h.get<PerpsList<PerpsPublicTrade>>(`${path}&start_time=${oldest}&end_time=${h.clock}`);
    expect(within.body.more).toBe(false);
    expect(within.body.data.every((t) => t.timestamp >= oldest)).toBe(true);
  });

  it('GET /v1/info/trades refuses an unknown instrument, a missing one and malformed parameters, naming them', async () => {
    expect(await h.get(`${PERPS_ROUTES.trades.path}?instrument_id=999`)).toMatchObject({ status: 400, body: ERR('unknown_instrument') });
    const missing = await h.get(PERPS_ROUTES.trades.path);
    expect(missing.status).toBe(400);
    expect(missing.body.error).toMatch(/^invalid_request: instrument_id/);
    for (const param of ['start_time', 'end_time', 'limit', 'instrument_id']) {
      const res = await h.get(`${PERPS_ROUTES.trades.path}?instrument_id=1&${param}=abc`.replace(`instrument_id=1&instrument_id`, 'instrument_id'));
      expect(res.status, param).toBe(400);
      expect(res.body.status).toBe('err');
      expect(res.body.error, param).toContain(param);
    }
  });
});

describe('key-header routes', () => {
  const keyRoutes = [
    ['GET', PERPS_ROUTES.readReferral.path], ['GET', PERPS_ROUTES.transfers.path], ['GET', PERPS_ROUTES.funding.path],
    ['GET', `${PERPS_ROUTES.equity.path}?interval=1h`], ['POST', PERPS_ROUTES.invite.path], ['POST', PERPS_ROUTES.applyReferral.path],
  ] as const;

  it.each(keyRoutes)('%s %s refuses a request without the key headers, or with a wrong secret (401 unauthorized)', async (method, path) => {
    const bare = method === 'GET' ? await h.get(path) : await h.send('POST', path, {});
    expect(bare).toMatchObject({ status: 401, body: ERR('unauthorized') });
    const wrong = { ...alice, secret: `${alice.secret.slice(0, -2)}xx` };
    const res = method === 'GET' ? await h.get(path, wrong) : await h.send('POST', path, {}, wrong);
    expect(res).toMatchObject({ status: 401, body: ERR('unauthorized') });
  });

  it('refuses an expired proxy with 401 proxy_expired', async () => {
    const shortLived = await h.account({ expiryMs: h.clock + 1_000 });
    expect((await h.get(PERPS_ROUTES.readReferral.path, shortLived)).status).toBe(200);
    h.clock += 2_000;
    try {
      expect(await h.get(PERPS_ROUTES.readReferral.path, shortLived)).toMatchObject({ status: 401, body: ERR('proxy_expired') });
    } finally {
      h.clock -= 2_000;
    }
  });

  it('POST /v1/account/invite answers the invite response and is idempotent', async () => {
    const first = await h.send('POST', PERPS_ROUTES.invite.path, {}, alice);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ status: 'ok', code: expect.stringMatching(/^MD[0-9A-F]{8}/), referrals_available: 10, cooldown_ms: 0 });
    const second = await h.send('POST', PERPS_ROUTES.invite.path, '', alice);
    expect(second.body).toEqual(first.body);
    const referral = await h.get(PERPS_ROUTES.readReferral.path, alice);
    expect(referral.body.code).toBe(first.body.code);
    expect((await h.send('POST', PERPS_ROUTES.invite.path, { extra: 1 }, alice)).status).toBe(400);
  });

  it('POST /v1/account/referral applies a code; GET /v1/account/referral shows the parent and the tree', async () => {
    const inviter = await h.account();
    const code = (await h.send<{ code: string }>('POST', PERPS_ROUTES.invite.path, {}, inviter)).body.code;
    const child = await h.account();
    expect(await h.send('POST', PERPS_ROUTES.applyReferral.path, { code: code.toLowerCase() }, child)).toMatchObject({ status: 200, body: { status: 'ok' } });
    expect((await h.get(PERPS_ROUTES.readReferral.path, child)).body).toMatchObject({ parent: code, children_count: 0, fee_share_rate: '0.2' });
    expect((await h.get(PERPS_ROUTES.readReferral.path, inviter)).body).toEqual({ code, children_count: 1, referrals_left: 9, fee_share_rate: '0.2' });
    expect(await h.send('POST', PERPS_ROUTES.applyReferral.path, { code: 'NOPE-NOT-A-CODE' }, inviter)).toMatchObject({ status: 400, body: ERR('invalid_referral_code') });
    expect(await h.send('POST', PERPS_ROUTES.applyReferral.path, { code }, inviter)).toMatchObject({ status: 400, body: ERR('invalid_referral_code') });
    expect((await h.send('POST', PERPS_ROUTES.applyReferral.path, { codes: code }, inviter)).body.error).toMatch(/^invalid_request: unexpected field codes/);
  });

  it('GET /v1/account/internal-transfers lists settled transfers inbound and outbound with the spec fields', async () => {
    const body = await h.transferBody(alice, bob.owner.address, 'USDC', '12.5', { label: 'rent' });
    const sent = await h.transfer(body);
    expect(sent.status, sent.text).toBe(200);
    const out = await h.get<PerpsList<Record<string, unknown>>>(PERPS_ROUTES.transfers.path, alice);
    expect(out.status).toBe(200);
    expect(out.body.more).toBe(false);
    expect(out.body.data[0]).toEqual({
      transfer_id: sent.body.transfer_id, asset: 'USDC', amount: '-12500000', counterparty: bob.owner.address, created_timestamp: h.clock, label: 'rent',
    });
    const inbound = await h.get<PerpsList<Record<string, unknown>>>(PERPS_ROUTES.transfers.path, bob);
    expect(inbound.body.data[0]).toEqual({ ...out.body.data[0], amount: '12500000', counterparty: alice.owner.address });
    // end_time before the transfer: not listed.
    expect((await h.get<PerpsList<unknown>>(`${PERPS_ROUTES.transfers.path}?end_time=${h.clock - 1}`, alice)).body).toEqual({ data: [], more: false });
  });

  it('GET /v1/account/funding answers {data, more} and refuses an unknown instrument', async () => {
    const res = await h.get<PerpsList<unknown>>(PERPS_ROUTES.funding.path, alice);
    expect(res).toMatchObject({ status: 200, body: { data: [], more: false } });
    expect(await h.get(`${PERPS_ROUTES.funding.path}?instrument_id=77`, alice)).toMatchObject({ status: 400, body: ERR('unknown_instrument') });
    expect((await h.get(`${PERPS_ROUTES.funding.path}?start_time=-1`, alice)).body.error).toMatch(/^invalid_request: start_time/);
  });

  it.each(PERPS_EQUITY_INTERVALS)('GET /v1/account/equity accepts the interval %s, one point per boundary up to now', async (interval) => {
    const step = PERPS_INTERVAL_MS[interval];
    const res = await h.get<PerpsList<PerpsEquityPoint>>(`${PERPS_ROUTES.equity.path}?interval=${interval}&start_time=${h.clock - 3 * DAY_MS}`, alice);
    expect(res.status, res.text).toBe(200);
    for (const [ts, equity] of res.body.data) {
      expect(ts % step).toBe(0);
      expect(ts).toBeLessThanOrEqual(h.clock);
      expect(equity).toMatch(/^-?\d+(\.\d+)?$/);
    }
    const times = res.body.data.map(([ts]) => ts);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it.each(['', 'interval=2m', 'interval=1H', 'interval=60s', 'interval=1s&interval=bad'])('GET /v1/account/equity refuses ?%s with 400 invalid_interval', async (query) => {
    const res = await h.get(`${PERPS_ROUTES.equity.path}?${query}`, alice);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/^invalid_interval: interval must be one of 1s, 1m/);
  });

  it('GET /v1/account/equity caps a page at 1000 points and says more', async () => {
    const owner = await h.account();
    await h.faucet(owner.owner.address, 'USDC', '50');
    h.clock += HOUR_MS;
    try {
      const res = await h.get<PerpsList<PerpsEquityPoint>>(`${PERPS_ROUTES.equity.path}?interval=1s&limit=5000`, owner);
      expect(res.body.data).toHaveLength(PERPS_LIST_CAPS.equity);
      expect(res.body.more).toBe(true);
      expect(res.body.data[0]![0]).toBe(h.clock);
      expect(res.body.data[0]![1]).toBe('50');
    } finally {
      h.clock -= HOUR_MS;
    }
  });
});

describe('signed routes need no headers', () => {
  it('POST and DELETE /v1/account/proxy are signed by the owner', async () => {
    const owner = await h.account();
    const del = await h.signedOp(owner.owner, 'deleteProxy', { proxy: owner.proxy });
    expect(await h.send('DELETE', PERPS_ROUTES.deleteProxy.path, del)).toMatchObject({ status: 200, body: { status: 'ok' } });
    expect(await h.get(PERPS_ROUTES.readReferral.path, owner)).toMatchObject({ status: 401, body: ERR('unauthorized') });
  });
});

describe('error shape of the server itself', () => {
  it('404 not_found for an unknown route', async () => {
    expect(await h.get('/v1/nothing/here')).toMatchObject({ status: 404, body: ERR('not_found') });
  });

  it('405 method_not_allowed with Allow for a wrong method', async () => {
    const res = await h.send('POST', PERPS_ROUTES.assets.path, {});
    expect(res).toMatchObject({ status: 405, body: ERR('method_not_allowed') });
    expect(res.headers.get('allow')).toBe('GET');
  });

  it('413 payload_too_large for a body over 1 MiB', async () => {
    const res = await h.send('POST', PERPS_ROUTES.internalTransfer.path, 'x'.repeat(1024 * 1024 + 1));
    expect(res).toMatchObject({ status: 413, body: ERR('payload_too_large') });
  });

  it('400 invalid_request for a body that is not JSON', async () => {
    const res = await h.send('POST', PERPS_ROUTES.internalTransfer.path, 'not json');
    expect(res.status).toBe(400);
    expect(res.body).toEqual(ERR('invalid_request: body must be a JSON object'));
  });
});
