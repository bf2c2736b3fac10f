/** The contract's handlers, each a thin call into the service that owns the work. */
import { CoreError } from '../coreError';
import type { AppStatus } from '../../../shared/viewModels';
import type { BookWatcher } from '../books/bookWatcher';
import type { CatalogService } from '../catalog/catalogService';
import type { PerpsDesk } from '../perps/perpsDesk';
import type { PortfolioDesk } from '../portfolio/portfolioDesk';
import type { TradingDesk } from '../trading/tradingDesk';
import { createCustodyHandlers, type CustodyServices } from './custodyHandlers';
import { createPerpsHandlers } from './perpsHandlers';
import { createPortfolioHandlers } from './portfolioHandlers';
import { createTradingHandlers } from './tradingHandlers';
import type { BridgeHandlers } from './handlerTypes';

export interface HandlerServices extends CustodyServices {
  appStatus: () => AppStatus;
  catalog: CatalogService;
  books: BookWatcher;
  trading: TradingDesk;
  portfolio: PortfolioDesk;
  perps: PerpsDesk;
}

export function createHandlers({ appStatus, catalog, books, trading, portfolio, perps, ...custody }: HandlerServices): BridgeHandlers {
  return {
    ...createCustodyHandlers(custody),
    ...createTradingHandlers(trading),
    ...createPortfolioHandlers(portfolio),
    ...createPerpsHandlers(perps),
    getAppStatus: async () => appStatus(),
    // TEMPORARY (issue 10 base): the budget panel's data is not built yet.
    getBudgetState: async () => {
      throw new CoreError('unavailable', 'The budget panel is not built yet.');
    },
    listCatalogTags: async () => catalog.listTags(),
    searchCatalogEvents: async (input) => catalog.searchEvents(input),
    getCatalogEvent: async ({ eventId }) => catalog.getEvent(eventId),
    watchOrderBooks: async ({ tokenIds }, caller) => {
      const watching = [...new Set(tokenIds)];
      return { watching, books: await books.watch(caller.clientId, watching) };
    },
  };
}
