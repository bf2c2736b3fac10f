/**
 * The core's side of the views added for every analytics route: the board's categories (the
 * service's own three, then the catalog's market categories, never twice), rows onto views (an
 * unavailable amount stays null, never "0"), and the documented edge window of each new route.
 */
import { describe, expect, it } from 'vitest';
import { boardCategories } from '../../../src/main/core/portfolio/boardCategories';
import { toComboPositionView, toMarketTradeView, toOpenInterestView, toTraderRankView } from '../../../src/main/core/portfolio/marketViews';
import { EDGE_WINDOWS, edgeWindowsFor } from '../../../src/shared/protocol/edgeLimits';
import type { TradeRow } from '../../../src/shared/protocol/analytics';

describe('board categories', () => {
  it('offer the service’s own three first, then each catalog category once, and nothing the schema would refuse', () => {
    const list = boardCategories([
      { slug: 'politics', label: 'Politics' },
      { slug: 'esports', label: 'Esports' },
      { slug: 'pop culture', label: 'Pop Culture' },
      { slug: 'Bad_Slug!', label: 'Bad' },
    ]);
    expect(list.map((c) => c.slug)).toEqual(['overall', 'combos', 'esports', 'politics', 'pop culture']);
    expect(list.map((c) => c.source)).toEqual(['service', 'service', 'service', 'catalog', 'catalog']);
  });
});

describe('rows onto views', () => {
  const trade: TradeRow = {
    proxy_wallet: '0xw', side: 'SELL', role: 'maker', condition_id: '0xc', token_id: '7', market_id: '1', event_slug: 'e', title: 't',
    outcome: null, outcome_index: 999, size: 0.1 + 0.2, price: null, size_usdc: null, block_timestamp: 5, sequence_id: 9, transaction_hash: '0xt',
  };

  it('keep unavailable amounts null and exact amounts exact', () => {
    expect(toMarketTradeView(trade)).toMatchObject({ size: '0.3', price: null, usdcSize: null, outcome: null, outcomeIndex: 999, key: '0xt:0xw:9:SELL' });
    expect(toOpenInterestView({ condition_id: '0xc', value: 1234.5, value_usdc: null }, 42)).toEqual({ conditionId: '0xc', shares: '1234.5', usd: null, readAt: 42 });
    expect(toTraderRankView({ rank: 3, proxy_wallet: '0xw', user_name: null, volume_usdc: 10, pnl_usdc: -2.25 })).toEqual({ rank: 3, wallet: '0xw', userName: null, volume: '10', pnl: '-2.25' });
    const combo = toComboPositionView({
      proxy_wallet: '0xw', combo_condition_id: '0xcc', title: 'A / B', legs: [{ condition_id: '0xa', title: 'A', outcome: 'Yes', outcome_index: 0 }],
      status: 'redeemed', size: null, cost_usdc: null, opened_at: 1, updated_at: 2,
    });
    expect(combo).toMatchObject({ size: null, cost: null, legs: [{ conditionId: '0xa', title: 'A', outcome: 'Yes' }] });
  });
});

describe('edge windows of the routes the app now calls', () => {
  const scopes = (path: string) => edgeWindowsFor('analytics', 'GET', path).map((w) => w.scope);

  it('holders, open interest and the leaderboard count in the all-routes window only', () => {
    for (const path of ['/v2/holders', '/v2/oi', '/v2/leaderboard', '/v2/activity/combos']) expect(scopes(path)).toEqual([EDGE_WINDOWS.analytics.scope]);
  });

  it('combo positions count in the /positions window too; a market\'s trades in /trades', () => {
    expect(scopes('/v2/positions/combos')).toEqual(['analytics', 'analytics:/positions']);
    expect(scopes('/v2/trades')).toEqual(['analytics', 'analytics:/trades']);
    expect(EDGE_WINDOWS.analyticsPositions.limit).toBe(150);
    expect(EDGE_WINDOWS.analyticsTrades.limit).toBe(200);
  });
});
