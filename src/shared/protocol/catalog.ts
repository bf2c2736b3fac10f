/**
 * Catalog service wire shapes. The spec lists many more fields (the sandbox fills them all);
 * these are the ones Marketdesk reads. `outcomes`, `outcomePrices` and `clobTokenIds` are
 * JSON-encoded arrays inside strings, as the public catalog serves them.
 */

export interface CatalogTagWire {
  id: string;
  label: string;
  slug: string;
  publishedAt?: string;
  forceShow?: boolean;
  forceHide?: boolean;
  isCarousel?: boolean;
  createdBy?: number;
  updatedBy?: number;
  createdAt?: string;
  updatedAt?: string;
}

export interface CatalogMarketWire {
  id: string;
  question: string;
  conditionId: string;
  slug: string;
  groupItemTitle?: string;
  outcomes: string;
  outcomePrices: string;
  clobTokenIds: string;
  active: boolean;
  closed: boolean;
  acceptingOrders: boolean;
  enableOrderBook: boolean;
  negRisk?: boolean;
  orderPriceMinTickSize: number;
  orderMinSize: number;
  volume24hr: number;
  liquidityNum: number;
  [field: string]: unknown;
}

export interface CatalogEventWire {
  id: string;
  ticker: string;
  slug: string;
  title: string;
  description: string;
  resolutionSource: string;
  category: string;
  endDate: string;
  active: boolean;
  closed: boolean;
  negRisk: boolean;
  volume24hr: number;
  liquidity: number;
  markets: CatalogMarketWire[];
  tags: CatalogTagWire[];
  [field: string]: unknown;
}

/**
 * `GET /events` listing (the spec names only `/events/{id}`; see docs/decisions/):
 * query `limit` (1..500, default 100), `offset`, `tag_slug`, `active`, `closed`;
 * response: a bare JSON array of events ordered by 24 h volume, then id.
 */
export const CATALOG_EVENTS_PAGE_MAX = 500;
