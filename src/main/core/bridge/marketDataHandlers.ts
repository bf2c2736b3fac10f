/**
 * Handlers of the analytics routes added beside the older views: a market's open interest,
 * holders and trades (Markets), the traders' board and the board categories (Boards), and
 * combo positions (Portfolio). Each a thin call into the analytics client.
 */
import type { BoardPeriod } from '../../../shared/protocol/analytics';
import type { CatalogService } from '../catalog/catalogService';
import { boardCategories } from '../portfolio/boardCategories';
import { comboPositionsOf } from '../portfolio/comboPositions';
import { toHolderView, toMarketTradeView, toOpenInterestView, toTraderRankView } from '../portfolio/marketViews';
import type { PortfolioDesk } from '../portfolio/portfolioDesk';
import type { BridgeHandlers } from './handlerTypes';

type MarketDataChannels =
  | 'getMarketOpenInterest' | 'listOutcomeHolders' | 'listMarketTrades' | 'listTraderLeaderboard' | 'listBoardCategories' | 'listComboPositions';

export function createMarketDataHandlers(desk: PortfolioDesk, catalog: CatalogService): Pick<BridgeHandlers, MarketDataChannels> {
  const { client } = desk;
  return {
    getMarketOpenInterest: async ({ conditionId }) => {
      const rows = await client.openInterest([conditionId]);
      const row = rows.find((r) => r.condition_id.toLowerCase() === conditionId.toLowerCase());
      return row ? toOpenInterestView(row, Date.now()) : null;
    },
    listOutcomeHolders: async ({ tokenId, limit }) => {
      const page = await client.holders(tokenId, { limit });
      return { tokenId, holders: page.rows.map(toHolderView), more: page.pagination.has_more, readAt: Date.now() };
    },
    listMarketTrades: async ({ conditionId, cursor, limit }) => {
      const page = await client.trades({ conditions: [conditionId] }, { ...(cursor ? { cursor } : {}), limit });
      return { rows: page.rows.map(toMarketTradeView), nextCursor: page.pagination.next_cursor };
    },
    listTraderLeaderboard: async ({ period, orderBy, cursor, limit }) => {
      const page = await client.leaderboard(period as BoardPeriod, orderBy === 'volume' ? 'VOL' : 'PNL', { ...(cursor ? { cursor } : {}), limit });
      return { rows: page.rows.map(toTraderRankView), nextCursor: page.pagination.next_cursor };
    },
    listBoardCategories: async () => boardCategories(await catalog.categories()),
    listComboPositions: ({ target, status }) => comboPositionsOf(client, desk.walletsOf(target), status),
  };
}
