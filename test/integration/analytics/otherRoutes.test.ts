/**
 * The routes the spec names without detail, held to its conventions and window rules:
 * /v2/leaderboard, /v2/oi, /v2/prices-history (token_id key, a 0 bound is a 400), /v2/holders.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HolderRow, LeaderboardRow, OpenInterestRow, PositionRow, PricePointRow } from '../../../src/shared/protocol/analytics';
import { SANDBOX_HISTORY_WALLETS, startSandbox, type RunningSandbox } from '../../../src/sandbox/start';
import { liveMarket } from '../sandbox/tradingClient';
import { expectError, v2, walk, type Page } from './v2Client';

let sandbox: RunningSandbox;
let base: string;
const market = liveMarket(7, () => true, 2);
const [yes, no] = market.market.tokenIds;

beforeAll(async () => {
  sandbox = await startSandbox({ simulate: false });
  base = sandbox.urls.analytics;
});
afterAll(async () => {
  await sandbox?.stop();
});

describe('GET /v2/leaderboard', () => {
  it('ranks traders by pnl (default) or volume within time_period, paged behind the token', async () => {
    const pnl = (await walk<LeaderboardRow>(base, 'leaderboard', { time_period: 'week', limit: 50 })).rows;
    expect(pnl.length).toBeGreaterThan(5);
    pnl.forEach((r, i) => expect(r.rank).toBe(i + 1));
    for (let i = 1; i < pnl.length; i += 1) expect(pnl[i - 1]!.pnl_usdc >= pnl[i]!.pnl_usdc).toBe(true);
    const vol = (await v2<Page<LeaderboardRow>>(base, 'leaderboard', { time_period: 'week', orderBy: 'VOL', limit: 20 })).body.data;
    for (let i = 1; i < vol.length; i += 1) expect(vol[i - 1]!.volume_usdc >= vol[i]!.volume_usdc).toBe(true);
  });

  it('invalid time_period is a 400; the cursor pins period and order', async () => {
    expectError(await v2(base, 'leaderboard', { time_period: 'decade' }), 400, 'invalid_request', 'time_period');
    const first = await v2<Page<LeaderboardRow>>(base, 'leaderboard', { time_period: 'month', limit: 2 });
    const cursor = first.body.pagination.next_cursor!;
    expect((await v2<Page<LeaderboardRow>>(base, 'leaderboard', { cursor })).body.data[0]!.rank).toBe(3);
    expectError(await v2(base, 'leaderboard', { cursor, order_by: 'VOL' }), 400, 'invalid_request', 'order_by');
  });
});

describe('GET /v2/oi', () => {
  it('answers one row per market named by condition or event, every market when bare', async () => {
    const one = await v2<{ data: OpenInterestRow[] }>(base, 'oi', { condition: market.market.conditionId });
    expect(one.body.data).toHaveLength(1);
    expect(one.body.data[0]!.condition_id).toBe(market.market.conditionId);
    expect(one.body.data[0]!.value).toBeGreaterThanOrEqual(0);
    const all = await v2<{ data: OpenInterestRow[] }>(base, 'oi');
    expect(all.body.data.length).toBeGreaterThan(100);
    expectError(await v2(base, 'oi', { condition: '0x12' }), 400, 'invalid_request', 'condition');
  });
});

describe('GET /v2/prices-history', () => {
  it('is keyed by token_id (required); the No token mirrors the Yes token', async () => {
    expectError(await v2(base, 'prices-history'), 400, 'invalid_request', 'token_id');
    const y = (await v2<{ data: PricePointRow[] }>(base, 'prices-history', { token_id: yes, fidelity: 720 })).body.data;
    const n = (await v2<{ data: PricePointRow[] }>(base, 'prices-history', { tokenId: no, fidelity: 720 })).body.data;
    expect(y.length).toBeGreaterThan(20);
    expect(n.map((p) => p.t)).toEqual(y.map((p) => p.t));
    y.forEach((p, i) => expect(p.p + n[i]!.p).toBeCloseTo(1, 6));
  });

  it('a 0 bound is a 400; other bounds window the points inclusively', async () => {
    expectError(await v2(base, 'prices-history', { token_id: yes, start: 0 }), 400, 'invalid_request', 'start');
    expectError(await v2(base, 'prices-history', { token_id: yes, end: 0 }), 400, 'invalid_request', 'end');
    const end = Math.floor(Date.now() / 1000) - 3_600;
    const start = end - 6 * 3_600;
    const points = (await v2<{ data: PricePointRow[] }>(base, 'prices-history', { token_id: yes, start, end, fidelity: 60 })).body.data;
    expect(points.length).toBeGreaterThanOrEqual(6);
    expect(points.every((p) => p.t >= start - 60 && p.t <= end)).toBe(true);
  });
});

describe('GET /v2/holders', () => {
  it('lists the holders of a token largest first, offset-behind-token pages', async () => {
    const position = (await v2<Page<PositionRow>>(base, 'positions', { user: SANDBOX_HISTORY_WALLETS.large.address, limit: 1 })).body.data[0]!;
    const rows = (await walk<HolderRow>(base, 'holders', { token_id: position.token_id, limit: 1 })).rows;
    expect(rows.some((r) => r.proxy_wallet === SANDBOX_HISTORY_WALLETS.large.address && r.amount === position.size)).toBe(true);
    expect(rows.every((r) => r.token_id === position.token_id)).toBe(true);
    for (let i = 1; i < rows.length; i += 1) expect(rows[i - 1]!.amount >= rows[i]!.amount).toBe(true);
  });

  it('needs token_id or condition, and the cursor pins the token', async () => {
    expectError(await v2(base, 'holders'), 400, 'invalid_request', 'token_id');
    const position = (await v2<Page<PositionRow>>(base, 'positions', { user: SANDBOX_HISTORY_WALLETS.large.address, limit: 1 })).body.data[0]!;
    const first = await v2<Page<HolderRow>>(base, 'holders', { token_id: position.token_id, limit: 1 });
    const cursor = first.body.pagination.next_cursor!;
    expect(cursor).toEqual(expect.any(String));
    expect((await v2<Page<HolderRow>>(base, 'holders', { cursor })).body.data[0]!.token_id).toBe(position.token_id);
    expectError(await v2(base, 'holders', { cursor, token_id: yes }), 400, 'invalid_request', 'token_id');
    expectError(await v2(base, 'holders', { cursor, condition: market.market.conditionId }), 400, 'invalid_request', 'condition');
    expect(first.body.data).toHaveLength(1);
  });
});
