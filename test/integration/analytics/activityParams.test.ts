/**
 * /v2/activity conformance, parameter rules: one test per rule of the spec's parameter table,
 * over HTTP against a real sandbox (no simulation, so the books stay put).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityRow } from '../../../src/shared/protocol/analytics';
import { SANDBOX_HISTORY_WALLETS, startSandbox, type RunningSandbox } from '../../../src/sandbox/start';
import { DEFAULT_PROTOCOL_CONTRACTS } from '../../../src/sandbox/analytics/contracts';
import { expectError, v2, type Page } from './v2Client';

let sandbox: RunningSandbox;
let base: string;
const small = SANDBOX_HISTORY_WALLETS.small.address;
const nowS = () => Math.floor(Date.now() / 1000);
const activity = (query: Record<string, string | number | boolean>) => v2<Page<ActivityRow>>(base, 'activity', query);

beforeAll(async () => {
  sandbox = await startSandbox({ simulate: false });
  base = sandbox.urls.analytics;
});
afterAll(async () => {
  await sandbox?.stop();
});

describe('GET /v2/activity parameters', () => {
  it('user is required: missing is a 400 naming user', async () => {
    expectError(await activity({ limit: 5 }), 400, 'invalid_request', 'user');
  });

  it('user that is not an address is a 400', async () => {
    expectError(await activity({ user: '0x1234' }), 400, 'invalid_request', 'user');
  });

  it('user that is a known protocol contract address is a 400 (any letter case)', async () => {
    for (const contract of DEFAULT_PROTOCOL_CONTRACTS) {
      const body = expectError(await activity({ user: contract.toLowerCase() }), 400, 'invalid_request', 'user');
      expect(body.error).toMatch(/contract/);
    }
  });

  it('limit defaults to 100', async () => {
    const res = await activity({ user: small });
    expect(res.body.data).toHaveLength(100);
  });

  it('limit accepts 0..1000 and rejects a value above the cap (never clamps)', async () => {
    expect((await activity({ user: SANDBOX_HISTORY_WALLETS.large.address, limit: 1000 })).body.data).toHaveLength(1000);
    const zero = await activity({ user: small, limit: 0 });
    expect(zero.body.data).toEqual([]);
    expect(zero.body.pagination.has_more).toBe(true);
    expectError(await activity({ user: small, limit: 1001 }), 400, 'invalid_request', 'limit');
    expectError(await activity({ user: small, limit: -1 }), 400, 'invalid_request', 'limit');
    expectError(await activity({ user: small, limit: 'ten' }), 400, 'invalid_request', 'limit');
  });

  it('type filters to the named types and refuses an unknown one', async () => {
    const res = await activity({ user: small, type: 'SPLIT,MERGE', limit: 200 });
    expect(res.body.data.length).toBeGreaterThan(0);
    expect(new Set(res.body.data.map((r) => r.type))).toEqual(new Set(['SPLIT', 'MERGE']));
    expectError(await activity({ user: small, type: 'TRADE,BOGUS' }), 400, 'invalid_request', 'type');
  });

  it('TIP is opt-in: never in the default set, returned only when named, with IN/OUT and a counterparty', async () => {
    const dflt = await activity({ user: small, limit: 1000, start: 1 });
    expect(dflt.body.data.some((r) => r.type === 'TIP')).toBe(false);
    const tips = await activity({ user: small, type: 'TIP', limit: 1000, start: 1 });
    expect(tips.body.data.length).toBeGreaterThan(0);
    for (const tip of tips.body.data) {
      expect(tip.type).toBe('TIP');
      expect(['IN', 'OUT']).toContain(tip.side);
      expect(tip.size).toBeGreaterThan(0);
      expect(tip.counterparty).toMatch(/^0x[0-9a-f]{40}$/);
    }
    expect(new Set(tips.body.data.map((t) => t.side))).toEqual(new Set(['IN', 'OUT']));
  });

  it('exclude_deposits_withdrawals defaults to true; false brings them in', async () => {
    const dflt = await activity({ user: small, limit: 1000, start: 1 });
    expect(dflt.body.data.some((r) => r.type === 'DEPOSIT' || r.type === 'WITHDRAWAL')).toBe(false);
    const all = await activity({ user: small, limit: 1000, start: 1, exclude_deposits_withdrawals: false });
    expect(all.body.data.some((r) => r.type === 'DEPOSIT')).toBe(true);
    expect(all.body.data.some((r) => r.type === 'WITHDRAWAL')).toBe(true);
    expectError(await activity({ user: small, exclude_deposits_withdrawals: 'maybe' }), 400, 'invalid_request', 'exclude_deposits_withdrawals');
  });

  it('side filters trades to BUY or SELL and refuses anything else', async () => {
    const sells = await activity({ user: small, side: 'SELL', limit: 300 });
    expect(sells.body.data.length).toBeGreaterThan(0);
    expect(sells.body.data.every((r) => r.type === 'TRADE' && r.side === 'SELL')).toBe(true);
    expectError(await activity({ user: small, side: 'HOLD' }), 400, 'invalid_request', 'side');
  });

  it('start omitted or 0 floors to three years back; 1 asks for the full history', async () => {
    const floor = nowS() - 3 * 365 * 86_400;
    for (const query of [{}, { start: 0 }] as Array<Record<string, number>>) {
      const asc = await activity({ user: small, sort_direction: 'ASC', limit: 5, ...query });
      expect(asc.body.data[0]!.block_timestamp).toBeGreaterThanOrEqual(floor - 5);
    }
    const full = await activity({ user: small, sort_direction: 'ASC', limit: 5, start: 1 });
    expect(full.body.data[0]!.block_timestamp).toBeLessThan(floor);
  });

  it('start and end are inclusive bounds on block_timestamp', async () => {
    const some = (await activity({ user: small, limit: 50, start: 1 })).body.data;
    const t = some[20]!.block_timestamp;
    const exact = await activity({ user: small, start: t, end: t, limit: 100 });
    expect(exact.body.data.length).toBeGreaterThan(0);
    expect(exact.body.data.every((r) => r.block_timestamp === t)).toBe(true);
    expectError(await activity({ user: small, start: 'yesterday' }), 400, 'invalid_request', 'start');
    expectError(await activity({ user: small, start: 20, end: 10 }), 400, 'invalid_request', 'start');
  });

  it('end omitted or 0 means now plus one day (no row is newer than that)', async () => {
    for (const query of [{}, { end: 0 }] as Array<Record<string, number>>) {
      const newest = await activity({ user: small, limit: 1, ...query });
      expect(newest.body.data[0]!.block_timestamp).toBeLessThanOrEqual(nowS() + 86_400);
    }
    const older = (await activity({ user: small, limit: 1, start: 1, sort_direction: 'ASC' })).body.data[0]!;
    const capped = await activity({ user: small, limit: 3, start: 1, end: older.block_timestamp });
    expect(capped.body.data.every((r) => r.block_timestamp <= older.block_timestamp)).toBe(true);
  });

  it('sort_by accepts only TIMESTAMP: CASH and TOKENS are a 400', async () => {
    expect((await activity({ user: small, sort_by: 'TIMESTAMP', limit: 1 })).status).toBe(200);
    expectError(await activity({ user: small, sort_by: 'CASH' }), 400, 'invalid_request', 'sort_by');
    expectError(await activity({ user: small, sort_by: 'TOKENS' }), 400, 'invalid_request', 'sort_by');
  });

  it('sort_direction is DESC by default and ASC on request, by (block_timestamp, sequence_id)', async () => {
    const key = (r: ActivityRow) => [r.block_timestamp, r.sequence_id] as const;
    const less = (a: readonly [number, number], b: readonly [number, number]) => a[0] < b[0] || (a[0] === b[0] && a[1] < b[1]);
    const desc = (await activity({ user: small, limit: 50 })).body.data.map(key);
    const asc = (await activity({ user: small, limit: 50, sort_direction: 'ASC' })).body.data.map(key);
    for (let i = 1; i < 50; i += 1) {
      expect(less(desc[i]!, desc[i - 1]!)).toBe(true);
      expect(less(asc[i - 1]!, asc[i]!)).toBe(true);
    }
    expectError(await activity({ user: small, sort_direction: 'UP' }), 400, 'invalid_request', 'sort_direction');
  });

  it('every parameter also answers to its camelCase spelling', async () => {
    const snake = await activity({ user: small, limit: 30, sort_direction: 'ASC', sort_by: 'TIMESTAMP', exclude_deposits_withdrawals: false, start: 1 });
    const camel = await activity({ user: small, limit: 30, sortDirection: 'ASC', sortBy: 'TIMESTAMP', excludeDepositsWithdrawals: false, start: 1 });
    expect(camel.body.data).toEqual(snake.body.data);
    expectError(await activity({ user: small, sortBy: 'CASH' }), 400, 'invalid_request', 'sort_by');
    expectError(await activity({ user: small, sort_direction: 'ASC', sortDirection: 'DESC' }), 400, 'invalid_request', 'sort_direction');
  });
});
