/**
 * /v2/activity conformance, identifiers and pagination: condition and event filters, the signed
 * keyset cursor (direction binding, tampering), `offset`, sentinels, and the "one world" rule —
 * real fills on the order book land at the newest end of the wallet's feed without disturbing a
 * walk in progress.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityRow } from '../../../src/shared/protocol/analytics';
import { SANDBOX_HISTORY_WALLETS, startSandbox, type RunningSandbox } from '../../../src/sandbox/start';
import { bookTop, faucet, KEYS, liveMarket, Trader } from '../sandbox/tradingClient';
import { expectError, v2, walk, type Page } from './v2Client';

let sandbox: RunningSandbox;
let base: string;
const small = SANDBOX_HISTORY_WALLETS.small.address;
const tiny = SANDBOX_HISTORY_WALLETS.tiny.address;
const activity = (query: Record<string, string | number | boolean>) => v2<Page<ActivityRow>>(base, 'activity', query);
const hex64 = (n: number) => `0x${n.toString(16).padStart(64, '0')}`;

beforeAll(async () => {
  sandbox = await startSandbox({ simulate: false });
  base = sandbox.urls.analytics;
});
afterAll(async () => {
  await sandbox?.stop();
});

describe('GET /v2/activity identifiers', () => {
  it('condition, condition_id and conditionId are one parameter, filtering to those markets', async () => {
    const trades = (await activity({ user: small, type: 'TRADE', limit: 40 })).body.data;
    const ids = [...new Set(trades.map((r) => r.condition_id!))].slice(0, 3).join(',');
    const results = await Promise.all(['condition', 'condition_id', 'conditionId'].map((key) => activity({ user: small, start: 1, limit: 500, [key]: ids })));
    expect(results[0]!.body.data.length).toBeGreaterThan(0);
    expect(results[0]!.body.data.every((r) => ids.includes(r.condition_id!))).toBe(true);
    expect(results[1]!.body.data).toEqual(results[0]!.body.data);
    expect(results[2]!.body.data).toEqual(results[0]!.body.data);
  });

  it('at most 20 distinct condition ids (repeats do not count)', async () => {
    const twenty = Array.from({ length: 20 }, (_, i) => hex64(i + 1));
    expect((await activity({ user: small, condition: [...twenty, twenty[0]!].join(',') })).status).toBe(200);
    const body = expectError(await activity({ user: small, condition: [...twenty, hex64(99)].join(',') }), 400, 'invalid_request', 'condition');
    expect(body.error).toMatch(/20/);
  });

  it('a malformed condition id is a 400 naming the value', async () => {
    const body = expectError(await activity({ user: small, conditionId: `${hex64(1)},0xnothex` }), 400, 'invalid_request', 'condition');
    expect(body.error).toContain('0xnothex');
  });

  it('a well-formed condition id that matches nothing yields an empty data list', async () => {
    const res = await activity({ user: small, condition: hex64(12345) });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: [], pagination: { next_cursor: null, has_more: false } });
  });

  it('event_id resolves to the event\'s markets', async () => {
    const row = (await activity({ user: small, type: 'TRADE', limit: 1 })).body.data[0]!;
    const res = await activity({ user: small, event_id: row.event_id!, start: 1, limit: 500 });
    expect(res.body.data.length).toBeGreaterThan(0);
    expect(res.body.data.every((r) => r.event_id === row.event_id)).toBe(true);
    expect((await activity({ user: small, eventId: row.event_id!, start: 1, limit: 500 })).body.data).toEqual(res.body.data);
    expectError(await activity({ user: small, event_id: 'abc' }), 400, 'invalid_request', 'event_id');
  });

  it('event_id and condition are mutually exclusive (400)', async () => {
    expectError(await activity({ user: small, event_id: '21000', condition: hex64(1) }), 400, 'invalid_request', 'event_id');
  });

  it('unlabeled outcomes carry outcome_index 999 and unavailable numbers are null, never 0', async () => {
    const rows = (await activity({ user: SANDBOX_HISTORY_WALLETS.medium.address, limit: 1000, start: 1 })).body.data;
    const unlabeled = rows.filter((r) => r.outcome_index === 999);
    expect(unlabeled.length).toBeGreaterThan(0);
    expect(unlabeled.every((r) => r.outcome === null && r.condition_id !== null)).toBe(true);
    expect(rows.some((r) => r.type === 'TRADE' && r.price === null && r.size_usdc === null)).toBe(true);
  });
});

describe('GET /v2/activity pagination', () => {
  it('answers {data, pagination: {next_cursor, has_more}} with an x-trace-id header on success', async () => {
    const res = await activity({ user: small, limit: 2 });
    expect(Object.keys(res.body).sort()).toEqual(['data', 'pagination']);
    expect(res.body.pagination.has_more).toBe(true);
    expect(typeof res.body.pagination.next_cursor).toBe('string');
    expect(res.headers.get('x-trace-id')).toMatch(/^[0-9a-f]{16}$/);
  });

  it('a walk followed to next_cursor null gives each row once; DESC equals ASC reversed', async () => {
    const query = { user: tiny, start: 1, limit: 37, type: 'TRADE,SPLIT,MERGE,REDEEM,CONVERSION,REWARD,DEPOSIT,WITHDRAWAL,TIP' };
    const desc = await walk<ActivityRow>(base, 'activity', query);
    const asc = await walk<ActivityRow>(base, 'activity', { ...query, sort_direction: 'ASC' });
    expect(desc.rows).toHaveLength(SANDBOX_HISTORY_WALLETS.tiny.rows);
    expect(new Set(desc.rows.map((r) => r.sequence_id)).size).toBe(desc.rows.length);
    expect(asc.rows).toEqual([...desc.rows].reverse());
  });

  it('the cursor binds its direction: a resumed walk adopts it whatever sort_direction says', async () => {
    const first = await activity({ user: small, limit: 5, sort_direction: 'ASC' });
    const resumed = await activity({ user: small, cursor: first.body.pagination.next_cursor!, sort_direction: 'DESC' });
    const straight = await activity({ user: small, limit: 10, sort_direction: 'ASC' });
    expect(resumed.body.data).toEqual(straight.body.data.slice(5));
  });

  it('the cursor carries the page size', async () => {
    const first = await activity({ user: small, limit: 7 });
    const second = await activity({ user: small, cursor: first.body.pagination.next_cursor! });
    expect(second.body.data).toHaveLength(7);
  });

  it('a tampered or foreign cursor is a 400 naming cursor', async () => {
    const cursor = (await activity({ user: small, limit: 3 })).body.pagination.next_cursor!;
    const [body, tag] = cursor.split('.') as [string, string];
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(body, 'base64url').toString()), n: 1000 })).toString('base64url');
    expectError(await activity({ user: small, cursor: `${forged}.${tag}` }), 400, 'invalid_request', 'cursor');
    expectError(await activity({ user: small, cursor: 'garbage' }), 400, 'invalid_request', 'cursor');
    const other = await startSandbox({ simulate: false });
    try {
      const foreign = (await v2<Page<ActivityRow>>(other.urls.analytics, 'activity', { user: small, limit: 3 })).body.pagination.next_cursor!;
      expectError(await activity({ user: small, cursor: foreign }), 400, 'invalid_request', 'cursor');
    } finally {
      await other.stop();
    }
  });

  it('offset is rejected with 400', async () => {
    expectError(await activity({ user: small, offset: 10 }), 400, 'invalid_request', 'offset');
  });

  it('a new fill lands at the newest end: an ASC walk in progress picks it up, a DESC walk is undisturbed', async () => {
    const trader = await Trader.open(sandbox.urls.clob, KEYS[2]);
    const user = trader.address.toLowerCase();
    await faucet(sandbox.urls.clob, trader.address, '1000');
    const market = liveMarket(7, (e) => e.market.tickSize === '0.01' && !e.market.negRisk && e.market.minOrderSize === 5, 3);
    const buy = async () => {
      const top = await bookTop(sandbox.urls.clob, market.market.tokenIds[0]);
      const res = await trader.order({ tokenId: market.market.tokenIds[0], side: 'BUY', pips: top.ask, cents: 500 }, 'FOK');
      expect(res.status, res.text).toBe(200);
    };
    await buy();
    await buy();
    const ascFirst = await activity({ user, limit: 1, sort_direction: 'ASC' });
    const descFirst = await activity({ user, limit: 1 });
    expect(ascFirst.body.data[0]).toMatchObject({ type: 'TRADE', side: 'BUY', condition_id: market.market.conditionId, size: 5, outcome_index: 0 });
    await buy();
    const ascRest = await walk<ActivityRow>(base, 'activity', { user, cursor: ascFirst.body.pagination.next_cursor! });
    expect(ascRest.rows.map((r) => r.sequence_id)).toEqual([2, 3]);
    const descRest = await walk<ActivityRow>(base, 'activity', { user, cursor: descFirst.body.pagination.next_cursor! });
    expect(descRest.rows.map((r) => r.sequence_id)).toEqual([1]);
    expect((await activity({ user, limit: 1 })).body.data[0]!.sequence_id).toBe(3);
  });
});
