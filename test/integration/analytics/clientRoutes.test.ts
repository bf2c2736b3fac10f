/**
 * The typed client's calls behind the views added for every route, against the real sandbox and
 * through the rate budget: a market's open interest, holders and trades; the traders
 * leaderboard by P&L and by volume; combo positions by status; combo activity by combo id; a
 * refused board category. Each request counts in its documented edge windows on both sides.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnalyticsClient } from '../../../src/main/core/analytics/analyticsClient';
import { CoreError } from '../../../src/main/core/coreError';
import { HttpClient } from '../../../src/main/core/net/httpClient';
import { RateBudget } from '../../../src/main/core/net/rateBudget';
import { SANDBOX_HISTORY_WALLETS, startSandbox, type RunningSandbox } from '../../../src/sandbox/start';
import { EDGE_WINDOWS, edgeWindowsFor, type EdgeService } from '../../../src/shared/protocol/edgeLimits';
import { worldMarkets } from '../sandbox/tradingClient';

let sandbox: RunningSandbox;
let budget: RateBudget;
let client: AnalyticsClient;
const small = SANDBOX_HISTORY_WALLETS.small.address;

/** A market the sandbox's tracked wallets hold and trade: the first the small wallet holds. */
async function heldMarket(): Promise<{ conditionId: string; tokenIds: string[] }> {
  const position = (await client.positions(small, { limit: 1 })).rows[0]!;
  const { market } = worldMarkets(sandbox.seed).find((entry) => entry.market.conditionId === position.condition_id)!;
  return { conditionId: market.conditionId, tokenIds: [...market.tokenIds] };
}

beforeAll(async () => {
  sandbox = await startSandbox({ simulate: false });
  budget = new RateBudget();
  const http = new HttpClient({ urls: () => sandbox.urls, budget, windowsFor: (service, method, path) => edgeWindowsFor(service as EdgeService, method, path) });
  client = new AnalyticsClient(http);
});
afterAll(async () => {
  await sandbox?.stop();
});

describe('a market: open interest, holders and trades', () => {
  it('open interest is the larger side of what the holders hold (complete sets), in shares and USD', async () => {
    const market = await heldMarket();
    const [oi] = await client.openInterest([market.conditionId]);
    expect(oi!.condition_id).toBe(market.conditionId);
    const sides = [];
    for (const tokenId of market.tokenIds) {
      const page = await client.holders(tokenId, { limit: 1000 });
      expect(page.pagination).toEqual({ next_cursor: null, has_more: false });
      expect(page.rows.every((r) => r.token_id === tokenId)).toBe(true);
      for (let i = 1; i < page.rows.length; i += 1) expect(page.rows[i - 1]!.amount).toBeGreaterThanOrEqual(page.rows[i]!.amount);
      sides.push(page.rows.reduce((sum, r) => sum + r.amount, 0));
    }
    expect(oi!.value).toBeCloseTo(Math.max(...sides), 2);
    expect(oi!.value_usdc).toBeCloseTo(oi!.value, 2);
    expect(oi!.value).toBeGreaterThan(0);
  });

  it('holders page behind the token: the top N, then the rest by the cursor', async () => {
    const market = await heldMarket();
    const all = (await client.holders(market.tokenIds[0]!, { limit: 1000 })).rows;
    const first = await client.holders(market.tokenIds[0]!, { limit: 1 });
    expect(first.rows).toEqual(all.slice(0, 1));
    if (all.length > 1) {
      expect(first.pagination.has_more).toBe(true);
      expect((await client.holders(market.tokenIds[0]!, { cursor: first.pagination.next_cursor, limit: 1 })).rows).toEqual(all.slice(1, 2));
    }
  });

  it("a market's trades: that market only, newest first, and the next page strictly older", async () => {
    const market = await heldMarket();
    const first = await client.trades({ conditions: [market.conditionId] }, { limit: 50 });
    expect(first.rows.length).toBe(50);
    expect(first.rows.every((r) => r.condition_id === market.conditionId && market.tokenIds.includes(r.token_id))).toBe(true);
    const order = (r: { block_timestamp: number; sequence_id: number }) => [r.block_timestamp, r.sequence_id] as const;
    const older = (a: readonly [number, number], b: readonly [number, number]) => a[0] < b[0] || (a[0] === b[0] && a[1] < b[1]);
    for (let i = 1; i < first.rows.length; i += 1) expect(older(order(first.rows[i]!), order(first.rows[i - 1]!))).toBe(true);
    const next = await client.trades({ conditions: [market.conditionId] }, { cursor: first.pagination.next_cursor, limit: 50 });
    expect(older(order(next.rows[0]!), order(first.rows.at(-1)!))).toBe(true);
    const keys = new Set(first.rows.map((r) => `${r.transaction_hash}:${r.proxy_wallet}:${r.sequence_id}:${r.side}`));
    expect(keys.size).toBe(first.rows.length);
  });
});

describe('the traders leaderboard', () => {
  it('ranks by P&L or by volume in a period, and the cursor keeps the order it was issued under', async () => {
    const pnl = await client.leaderboard('month', 'PNL', { limit: 20 });
    for (let i = 1; i < pnl.rows.length; i += 1) expect(pnl.rows[i - 1]!.pnl_usdc).toBeGreaterThanOrEqual(pnl.rows[i]!.pnl_usdc);
    const volume = await client.leaderboard('month', 'VOL', { limit: 20 });
    for (let i = 1; i < volume.rows.length; i += 1) expect(volume.rows[i - 1]!.volume_usdc).toBeGreaterThanOrEqual(volume.rows[i]!.volume_usdc);
    expect(volume.rows.map((r) => r.rank)).toEqual(volume.rows.map((_, i) => i + 1));
    const second = await client.leaderboard('month', 'VOL', { cursor: volume.pagination.next_cursor, limit: 20 });
    expect(second.rows[0]!.rank).toBe(21);
    expect(second.rows[0]!.volume_usdc).toBeLessThanOrEqual(volume.rows.at(-1)!.volume_usdc);
  });
});

describe('combos', () => {
  it('combo positions: the statuses split the whole list', async () => {
    const all = (await client.comboPositions(small, 'all', { limit: 1000 })).rows;
    expect(all.length).toBe(SANDBOX_HISTORY_WALLETS.small.comboRows / 4);
    let parts = 0;
    for (const status of ['open', 'closed', 'redeemed'] as const) {
      const rows = (await client.comboPositions(small, status, { limit: 1000 })).rows;
      expect(rows.every((r) => r.status === status && r.proxy_wallet === small)).toBe(true);
      parts += rows.length;
    }
    expect(parts).toBe(all.length);
  });

  it('combo activity by combo id: those combos only; an unknown id is an empty list; 21 ids are refused', async () => {
    const [a, b] = (await client.comboPositions(small, 'all', { limit: 2 })).rows.map((r) => r.combo_condition_id) as [string, string];
    const steps = (await client.comboActivity(small, [a, b], { limit: 1000 })).rows;
    expect(new Set(steps.map((r) => r.combo_condition_id))).toEqual(new Set([a, b]));
    expect((await client.comboActivity(small, [`0x${'0'.repeat(64)}`], { limit: 10 })).rows).toEqual([]);
    const many = Array.from({ length: 21 }, (_, i) => `0x${(i + 1).toString(16).padStart(64, '0')}`);
    const refused = await client.comboActivity(small, many, { limit: 10 }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(CoreError);
    expect((refused as CoreError).code).toBe('invalid_input');
  });
});

describe('a board category the service does not rank', () => {
  it('is a 400 the client maps to invalid_input, naming the category parameter', async () => {
    const refused = await client.biggestWinners('week', 'bitcoin', { limit: 10 }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(CoreError);
    expect((refused as CoreError).code).toBe('invalid_input');
    expect((refused as CoreError).service.parameter).toBe('category');
    expect((refused as CoreError).traceId).toMatch(/^[0-9a-f]{16}$/);
  });
});

describe('edge windows', () => {
  it('each new route counts in its documented windows, in the sandbox and in the local budget', async () => {
    const held = await heldMarket();
    sandbox.resetEdgeStats();
    const positionsBefore = budget.usedIn(EDGE_WINDOWS.analyticsPositions);
    const market = (await client.openInterest([held.conditionId])).slice(0, 1);
    expect(market).toHaveLength(1);
    await client.holders(held.tokenIds[0]!, { limit: 5 });
    await client.leaderboard('day', 'PNL', { limit: 5 });
    await client.comboPositions(small, 'all', { limit: 5 });
    await client.trades({ conditions: [market[0]!.condition_id] }, { limit: 5 });
    const stats = Object.fromEntries(sandbox.edgeStats().map((s) => [s.scope, s.total]));
    expect(stats['analytics']).toBe(5);
    expect(stats['analytics:/positions']).toBe(1);
    expect(stats['analytics:/trades']).toBe(1);
    expect(budget.usedIn(EDGE_WINDOWS.analyticsPositions) - positionsBefore).toBe(1);
  });
});
