/** The contract's handlers, each a thin call into the service that owns the work. */
import type { AppStatus, BudgetStateView } from '../../../shared/viewModels';
import type { BookWatcher } from '../books/bookWatcher';
import type { CatalogService } from '../catalog/catalogService';
import type { Watchlist } from '../catalog/watchlist';
import type { PerpsDesk } from '../perps/perpsDesk';
import type { PortfolioDesk } from '../portfolio/portfolioDesk';
import type { TradingDesk } from '../trading/tradingDesk';
import { createCustodyHandlers, type CustodyServices } from './custodyHandlers';
import { createPerpsHandlers } from './perpsHandlers';
import { createPortfolioHandlers } from './portfolioHandlers';
import { createPrefsHandlers, type PrefsServices } from './prefsHandlers';
import { createTradingHandlers } from './tradingHandlers';
import type { BridgeHandlers } from './handlerTypes';
import type { UpdateService } from '../updates/updateService';
import { createUpdateHandlers } from './updateHandlers';

export interface HandlerServices extends CustodyServices {
  appStatus: () => AppStatus;
  /** Every scope of the rate budget, for the budget panel. */
  budgetState: () => BudgetStateView;
  catalog: CatalogService;
  watchlist: Watchlist;
  books: BookWatcher;
  trading: TradingDesk;
  portfolio: PortfolioDesk;
  perps: PerpsDesk;
  prefs: PrefsServices;
  updates: UpdateService;
}

export function createHandlers({ appStatus, budgetState, catalog, watchlist, books, trading, portfolio, perps, prefs, updates, ...custody }: HandlerServices): BridgeHandlers {
  return {
    ...createCustodyHandlers(custody),
    ...createTradingHandlers(trading),
    ...createPortfolioHandlers(portfolio),
    ...createPerpsHandlers(perps),
    ...createPrefsHandlers(prefs),
    ...createUpdateHandlers(updates),
    getAppStatus: async () => appStatus(),
    getBudgetState: async () => budgetState(),
    listCatalogTags: async () => catalog.listTags(),
    searchCatalogEvents: async ({ watchlistOnly, ...search }) =>
      catalog.searchEvents({ ...search, ...(watchlistOnly ? { onlyIds: new Set(watchlist.ids()) } : {}) }),
    getCatalogEvent: async ({ eventId }) => catalog.getEvent(eventId),
    // markets: the watchlist
    getWatchlist: async () => watchlist.ids(),
    setWatchlisted: async ({ eventId, watched }) => watchlist.set(eventId, watched),
    watchOrderBooks: async ({ tokenIds }, caller) => {
      const watching = [...new Set(tokenIds)];
      return { watching, books: await books.watch(caller.clientId, watching) };
    },
  };
}
