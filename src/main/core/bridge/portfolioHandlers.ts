/** Handlers of the portfolio, history and board channels: each a thin call into the portfolio desk. */
import type { BoardPeriod } from '../../../shared/protocol/analytics';
import type { PortfolioDesk } from '../portfolio/portfolioDesk';
import { toApprovalView, toBuilderRankView, toBuilderVolumeBuckets, toComboActivityView, toWinnerView } from '../portfolio/boardViews';
import { walletKey } from '../history/historyStore';
import type { BridgeHandlers } from './handlerTypes';
import { CoreError } from '../coreError';

type PortfolioChannels =
  | 'getPortfolio' | 'getKeptPortfolio' | 'getPortfolioHistory' | 'syncActivityHistory' | 'getHistorySyncState' | 'queryActivity' | 'exportActivity'
  | 'listComboActivity' | 'listApprovals' | 'listBiggestWinners' | 'listBuildersLeaderboard' | 'getBuilderVolume';

/** The service refused the board's category (a 400 naming `category`): say so in the board's words. */
function refusedCategory(error: unknown, category: string): unknown {
  if (!(error instanceof CoreError) || error.code !== 'invalid_input' || error.service.parameter !== 'category') return error;
  return new CoreError('invalid_input', `The analytics service does not rank winners in the category “${category}”. Choose another category.`, {
    status: error.status,
    service: error.service,
    cause: error,
    ...(error.traceId ? { traceId: error.traceId } : {}),
  });
}

export function createPortfolioHandlers(desk: PortfolioDesk): Pick<BridgeHandlers, PortfolioChannels> {
  return {
    getPortfolio: ({ target, period }) => desk.portfolios.getPortfolio(target, period),
    getKeptPortfolio: async ({ target, period }) => desk.portfolios.keptPortfolio(target, period),
    getPortfolioHistory: ({ target, range }) => desk.history.series(target, range),
    syncActivityHistory: ({ address, jobId, full }) => desk.sync.sync(address, { ...(jobId ? { jobId } : {}), full }),
    getHistorySyncState: async ({ address }) => desk.sync.state(address),
    queryActivity: async ({ address, filter, sort, offset, limit }) => {
      const { total, rows } = desk.store.activity.window(walletKey(address), filter, sort, offset, limit);
      return { total, offset, rows, sync: desk.sync.state(address) };
    },
    exportActivity: ({ address, filter, format, jobId }) => desk.exports.export(address, filter, format, jobId),
    listComboActivity: async ({ address, conditionIds, cursor, limit }) => {
      const page = await desk.client.comboActivity(address, conditionIds, { ...(cursor ? { cursor } : {}), limit });
      return { rows: page.rows.map(toComboActivityView), nextCursor: page.pagination.next_cursor };
    },
    listApprovals: async ({ address }) => (await desk.client.approvals(address)).map(toApprovalView),
    listBiggestWinners: async ({ period, category, cursor, limit }) => {
      const page = await desk.client.biggestWinners(period as BoardPeriod, category, { ...(cursor ? { cursor } : {}), limit }).catch((error: unknown) => {
        throw refusedCategory(error, category);
      });
      return { rows: page.rows.map(toWinnerView), nextCursor: page.pagination.next_cursor };
    },
    listBuildersLeaderboard: async ({ period, cursor, limit }) => {
      const page = await desk.client.buildersLeaderboard(period as BoardPeriod, { ...(cursor ? { cursor } : {}), limit });
      return { rows: page.rows.map(toBuilderRankView), nextCursor: page.pagination.next_cursor };
    },
    getBuilderVolume: async ({ interval, buckets }) => toBuilderVolumeBuckets(await desk.client.builderVolume(interval as BoardPeriod, buckets)),
  };
}
