/**
 * /v2/positions and /v2/closed-positions (our payloads): derived from the wallet's fills, priced
 * from the live books, offset-behind-token pages whose cursor pins the cohort. One world: a
 * sandbox user who buys on the order book sees the position here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClosedPositionRow, ComboActivityRow, ComboPositionRow, PositionRow } from '../../../src/shared/protocol/analytics';
import { SANDBOX_HISTORY_WALLETS, startSandbox, type RunningSandbox } from '../../../src/sandbox/start';
import { bookTop, faucet, KEYS, liveMarket, Trader } from '../sandbox/tradingClient';
import { expectError, v2, walk, type Page } from './v2Client';

let sandbox: RunningSandbox;
let base: string;
const medium = SANDBOX_HISTORY_WALLETS.medium.address;
const positions = (query: Record<string, string | number | boolean>) => v2<Page<PositionRow>>(base, 'positions', query);

beforeAll(async () => {
  sandbox = await startSandbox({ simulate: false });
  base = sandbox.urls.analytics;
});
afterAll(async () => {
  await sandbox?.stop();
});

describe('GET /v2/positions', () => {
  it('a sandbox user who buys sees the position with size, average price, value and P&L', async () => {
    const trader = await Trader.open(sandbox.urls.clob, KEYS[3]);
    await faucet(sandbox.urls.clob, trader.address, '1000');
    const market = liveMarket(7, (e) => e.market.tickSize === '0.01' && !e.market.negRisk && e.market.minOrderSize === 5, 5);
    const [yes] = market.market.tokenIds;
    const top = await bookTop(sandbox.urls.clob, yes);
    expect((await trader.order({ tokenId: yes, side: 'BUY', pips: top.ask, cents: 1000 }, 'FOK')).status).toBe(200);
    const res = await positions({ user: trader.address });
    expect(res.body.data).toHaveLength(1);
    const row = res.body.data[0]!;
    const after = await bookTop(sandbox.urls.clob, yes);
    expect(row).toMatchObject({
      proxy_wallet: trader.address.toLowerCase(), condition_id: market.market.conditionId, token_id: yes, outcome: 'Yes', outcome_index: 0,
      size: 10, avg_price: top.ask / 10_000, initial_value: (10 * top.ask) / 10_000, redeemable: false, tradable: true,
      cur_price: (after.bid + after.ask) / 20_000, title: market.market.question,
    });
    expect(row.current_value).toBeCloseTo(10 * row.cur_price!, 4);
    expect(row.cash_pnl).toBeCloseTo(row.current_value! - row.initial_value!, 4);
    expect(row.percent_pnl).toBeCloseTo((row.cash_pnl! / row.initial_value!) * 100, 1);
    expect(row.event_slug.length).toBeGreaterThan(0);
  });

  it('flags positions in resolved markets as redeemable, priced at their payout', async () => {
    const rows = (await walk<PositionRow>(base, 'positions', { user: medium, limit: 100 })).rows;
    const resolved = rows.filter((r) => r.redeemable);
    expect(resolved.length).toBeGreaterThan(0);
    expect(resolved.every((r) => r.cur_price === 0 || r.cur_price === 1)).toBe(true);
    expect(resolved.every((r) => r.tradable === false)).toBe(true);
    const onlyRedeemable = (await walk<PositionRow>(base, 'positions', { user: medium, redeemable: true, limit: 100 })).rows;
    expect(onlyRedeemable.map((r) => r.token_id).sort()).toEqual(resolved.map((r) => r.token_id).sort());
  });

  it('sorts by current value descending by default and by sort_by/sort_direction on request', async () => {
    const rows = (await positions({ user: medium, limit: 50 })).body.data;
    for (let i = 1; i < rows.length; i += 1) expect((rows[i - 1]!.current_value ?? -1) >= (rows[i]!.current_value ?? -1)).toBe(true);
    const bySize = (await positions({ user: medium, limit: 50, sortBy: 'TOKENS', sortDirection: 'ASC' })).body.data;
    for (let i = 1; i < bySize.length; i += 1) expect(bySize[i - 1]!.size <= bySize[i]!.size).toBe(true);
    expectError(await positions({ user: medium, sort_by: 'VIBES' }), 400, 'invalid_request', 'sort_by');
  });

  it('the cursor pins the cohort: bare resume and restating are fine, contradicting is a 400', async () => {
    const first = await positions({ user: medium, limit: 5, sort_by: 'TOKENS' });
    const cursor = first.body.pagination.next_cursor!;
    const bare = await positions({ cursor });
    const restated = await positions({ cursor, user: medium, sort_by: 'TOKENS' });
    expect(bare.status).toBe(200);
    expect(bare.body.data).toEqual(restated.body.data);
    expect(bare.body.data).toEqual((await positions({ user: medium, limit: 10, sort_by: 'TOKENS' })).body.data.slice(5));
    expectError(await positions({ cursor, sort_by: 'CURRENT' }), 400, 'invalid_request', 'sort_by');
    expectError(await positions({ cursor, user: SANDBOX_HISTORY_WALLETS.small.address }), 400, 'invalid_request', 'user');
  });

  it('user is required; condition filters; a well-formed unmatched condition is an empty list', async () => {
    expectError(await positions({}), 400, 'invalid_request', 'user');
    const some = (await positions({ user: medium, limit: 3 })).body.data;
    const filtered = await positions({ user: medium, conditionId: some[0]!.condition_id });
    expect(filtered.body.data.every((r) => r.condition_id === some[0]!.condition_id)).toBe(true);
    const none = await positions({ user: medium, condition: `0x${'ab'.repeat(32)}` });
    expect(none.body).toEqual({ data: [], pagination: { next_cursor: null, has_more: false } });
  });
});

describe('GET /v2/closed-positions', () => {
  it('lists sold-out and redeemed positions newest first with realized P&L', async () => {
    const res = await v2<Page<ClosedPositionRow>>(base, 'closed-positions', { user: medium, limit: 50 });
    expect(res.body.data.length).toBeGreaterThan(0);
    for (let i = 1; i < res.body.data.length; i += 1) expect(res.body.data[i - 1]!.closed_at >= res.body.data[i]!.closed_at).toBe(true);
    for (const row of res.body.data) {
      expect(row.total_bought).toBeGreaterThan(0);
      expect(typeof row.realized_pnl).toBe('number');
      expect(row.avg_price).toBeGreaterThan(0);
    }
    expectError(await v2(base, 'closed-positions', { user: medium, offset: 5 }), 400, 'invalid_request', 'offset');
  });
});

describe('GET /v2/positions/combos', () => {
  it('folds each combo\'s lifecycle rows into one position with its status, size and legs', async () => {
    const { rows } = await walk<ComboPositionRow>(base, 'positions/combos', { user: medium, limit: 100 });
    expect(rows).toHaveLength(SANDBOX_HISTORY_WALLETS.medium.comboRows / 4);
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(['open', 'closed', 'redeemed']));
    const one = rows.find((r) => r.status === 'open' && r.size !== null)!;
    const steps = (await walk<ComboActivityRow>(base, 'activity/combos', { user: medium, condition: one.combo_condition_id })).rows;
    const net = steps.reduce((s, r) => s + (r.type === 'COMBO_REDUCE' ? -r.size! : r.size!), 0);
    expect(one.size).toBeCloseTo(Math.max(0, net), 2);
    expect(one.title).toBe(one.legs.map((l) => l.title).join(' / '));
  });

  it('filters by status, and the cursor pins it', async () => {
    const open = await v2<Page<ComboPositionRow>>(base, 'positions/combos', { user: medium, status: 'open', limit: 2 });
    expect(open.body.data.every((r) => r.status === 'open')).toBe(true);
    const cursor = open.body.pagination.next_cursor!;
    expect((await v2<Page<ComboPositionRow>>(base, 'positions/combos', { cursor })).body.data.every((r) => r.status === 'open')).toBe(true);
    expectError(await v2(base, 'positions/combos', { cursor, status: 'closed' }), 400, 'invalid_request', 'status');
    expectError(await v2(base, 'positions/combos', { user: medium, status: 'pending' }), 400, 'invalid_request', 'status');
  });
});
