/** Portfolio, activity history and boards. WORK IN PROGRESS on the analytics-base branch: replaced by the real handlers. */
import { CoreError } from '../coreError';
import type { BridgeHandlers } from './handlerTypes';

type PortfolioChannels =
  | 'getPortfolio' | 'getPortfolioHistory' | 'syncActivityHistory' | 'getHistorySyncState' | 'queryActivity' | 'exportActivity'
  | 'listComboActivity' | 'listApprovals' | 'listBiggestWinners' | 'listBuildersLeaderboard' | 'getBuilderVolume';

const notYet = async (): Promise<never> => {
  throw new CoreError('unavailable', 'Not built yet.');
};

export function createPortfolioHandlers(): Pick<BridgeHandlers, PortfolioChannels> {
  return {
    getPortfolio: notYet, getPortfolioHistory: notYet, syncActivityHistory: notYet, getHistorySyncState: notYet,
    queryActivity: notYet, exportActivity: notYet, listComboActivity: notYet, listApprovals: notYet,
    listBiggestWinners: notYet, listBuildersLeaderboard: notYet, getBuilderVolume: notYet,
  };
}
