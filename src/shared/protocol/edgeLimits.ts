/**
 * The documented edge rate limits of the order-book, catalog and analytics services (sliding
 * windows, requests per 10 s, per client IP). One table serves both sides: the client's budget gate
 * throttles itself by it and the sandbox enforces and counts by it.
 */

export type EdgeService = 'clob' | 'catalog' | 'analytics';

/** The sandbox's counters of one window, as `GET /sandbox/edge-stats` and `edgeStats()` report them. */
export interface EdgeScopeStats {
  scope: string;
  label: string;
  limit: number;
  windowMs: number;
  /** Requests that arrived since start or the last reset. */
  total: number;
  /** Arrivals in the trailing window now. */
  inWindow: number;
  /** Most arrivals seen in any sliding window; above `limit` means the client broke the limit. */
  maxInWindow: number;
  /** Arrivals that found their window already full. */
  overLimit: number;
  /** Requests the sandbox held back (throttled) for this scope and then served. */
  delayed: number;
  /** Milliseconds those requests waited, summed (`delayedMs / delayed` is the mean wait). */
  delayedMs: number;
  /** The longest any of them waited, in ms. */
  maxDelayMs: number;
  /** Requests waiting for this window now. */
  waiting: number;
  /** Requests refused with 429 because their wait would pass the bound (or the queue was full). */
  rejected: number;
  /** Requests whose client went away while they waited (never served, never counted as admitted). */
  abandoned: number;
}

export interface EdgeWindow {
  scope: string;
  label: string;
  limit: number;
  windowMs: number;
}

const TEN_SECONDS = 10_000;
const TEN_MINUTES = 600_000;

const window = (scope: string, label: string, limit: number, windowMs = TEN_SECONDS): EdgeWindow => ({
  scope,
  label,
  limit,
  windowMs,
});

/** Trading endpoints have a burst limit per 10 s and a sustained limit per 10 minutes. */
const trading = (route: string, burst: number, sustained: number): [EdgeWindow, EdgeWindow] => [
  window(`clob:${route}`, `${route} burst`, burst),
  window(`clob:${route}:sustained`, `${route} sustained (10 min)`, sustained, TEN_MINUTES),
];

export const TRADING_WINDOWS: Record<string, [EdgeWindow, EdgeWindow]> = {
  'POST /order': trading('POST /order', 5_000, 120_000),
  'DELETE /order': trading('DELETE /order', 5_000, 120_000),
  'POST /orders': trading('POST /orders', 2_000, 21_000),
  'DELETE /orders': trading('DELETE /orders', 2_000, 15_000),
  'DELETE /cancel-all': trading('DELETE /cancel-all', 250, 6_000),
  'DELETE /cancel-market-orders': trading('DELETE /cancel-market-orders', 1_500, 21_000),
};

export const EDGE_WINDOWS = {
  all: window('edge:all', 'All endpoints', 15_000),
  catalog: window('catalog', 'Catalog general', 4_000),
  catalogEvents: window('catalog:/events', 'Catalog /events', 500),
  catalogMarkets: window('catalog:/markets', 'Catalog /markets', 300),
  catalogListings: window('catalog:listings', 'Catalog /markets + /events listing', 900),
  catalogTags: window('catalog:/tags', 'Catalog /tags', 200),
  catalogComments: window('catalog:/comments', 'Catalog /comments', 200),
  catalogPublicSearch: window('catalog:/public-search', 'Catalog /public-search', 350),
  clob: window('clob', 'Order-book general', 9_000),
  clobOk: window('clob:/ok', 'Health check /ok', 100),
  clobBook: window('clob:/book', 'Order-book /book', 1_500),
  clobPrice: window('clob:/price', 'Order-book /price', 1_500),
  clobMidpoint: window('clob:/midpoint', 'Order-book /midpoint', 1_500),
  clobBooks: window('clob:/books', 'Order-book /books', 500),
  clobPrices: window('clob:/prices', 'Order-book /prices', 500),
  clobMidpoints: window('clob:/midpoints', 'Order-book /midpoints', 500),
  clobTickSize: window('clob:/tick-size', 'Market tick size', 200),
  clobApiKeys: window('clob:auth', 'API key endpoints', 100),
  clobBalance: window('clob:/balance-allowance', 'Balance allowance read', 200),
  clobBalanceUpdate: window('clob:/balance-allowance/update', 'Balance allowance update', 50),
  clobDataOrders: window('clob:/data/orders', 'Order-book /data/orders', 500),
  clobDataTrades: window('clob:/data/trades', 'Order-book /data/trades', 500),
  clobNotifications: window('clob:/notifications', 'Order-book /notifications', 125),
  clobPricesHistory: window('clob:/prices-history', 'Order-book /prices-history', 1_000),
  // The spec's "ledger" line (`/trades`, `/orders`, `/notifications`, `/order`): the reads of a
  // user's own orders, trades and notifications, whatever their path prefix (see isLedgerRead).
  clobLedger: window('clob:ledger', 'Order-book ledger reads (orders, trades, notifications)', 900),
  // The analytics service's own edge: its "all routes" window is not the order-book edge's.
  analytics: window('analytics', 'Analytics all routes', 1_000),
  analyticsTrades: window('analytics:/trades', 'Analytics /trades', 200),
  analyticsPositions: window('analytics:/positions', 'Analytics /positions', 150),
  analyticsClosedPositions: window('analytics:/closed-positions', 'Analytics /closed-positions', 150),
  analyticsOk: window('analytics:/ok', 'Analytics health check /ok', 100),
} as const satisfies Record<string, EdgeWindow>;

const clobExactRoutes: Record<string, EdgeWindow> = {
  '/ok': EDGE_WINDOWS.clobOk,
  '/book': EDGE_WINDOWS.clobBook,
  '/price': EDGE_WINDOWS.clobPrice,
  '/midpoint': EDGE_WINDOWS.clobMidpoint,
  '/books': EDGE_WINDOWS.clobBooks,
  '/prices': EDGE_WINDOWS.clobPrices,
  '/midpoints': EDGE_WINDOWS.clobMidpoints,
  '/tick-size': EDGE_WINDOWS.clobTickSize,
  '/balance-allowance': EDGE_WINDOWS.clobBalance,
  '/balance-allowance/update': EDGE_WINDOWS.clobBalanceUpdate,
  '/data/orders': EDGE_WINDOWS.clobDataOrders,
  '/data/trades': EDGE_WINDOWS.clobDataTrades,
  '/notifications': EDGE_WINDOWS.clobNotifications,
  '/prices-history': EDGE_WINDOWS.clobPricesHistory,
};

/**
 * Documented limits of services Marketdesk does not call (the spec's bridge, relayer and user
 * PNL services): kept as data so the table here is the whole spec table, but no route maps to
 * them and neither the budget nor the sandbox counts them.
 */
export const UNCALLED_SERVICE_WINDOWS: EdgeWindow[] = [
  window('bridge', 'Bridge service general', 50),
  window('relayer:/submit', 'Relayer /submit', 25, 60_000),
  window('pnl', 'User PNL service', 200),
];

/** A GET of the user's ledger: orders, trades and notifications, one by one or listed. */
function isLedgerRead(method: string, path: string): boolean {
  if (method.toUpperCase() !== 'GET') return false;
  // `/trades/recent` is the public tape of a market, not the user's ledger: exact paths here.
  if (['/trades', '/orders', '/order', '/notifications', '/data/orders', '/data/trades'].includes(path)) return true;
  return path.startsWith('/order/') || path.startsWith('/data/order/');
}

/** Every window the edge knows, for the sandbox's counters. */
export const ALL_EDGE_WINDOWS: EdgeWindow[] = [...Object.values(EDGE_WINDOWS), ...Object.values(TRADING_WINDOWS).flat()];

const analyticsExactRoutes: Record<string, EdgeWindow> = {
  '/v2/trades': EDGE_WINDOWS.analyticsTrades,
  '/v2/positions': EDGE_WINDOWS.analyticsPositions,
  '/v2/closed-positions': EDGE_WINDOWS.analyticsClosedPositions,
  '/v2/ok': EDGE_WINDOWS.analyticsOk,
  '/ok': EDGE_WINDOWS.analyticsOk,
};

/**
 * The spec names combo positions among the position routes: `/v2/positions/combos` (and any
 * other `/v2/positions/…`) counts against the `/positions` window too. The others it lists only
 * by name (`/v2/holders`, `/v2/oi`, `/v2/leaderboard`, …) have no window of their own: the
 * all-routes window alone.
 */
const analyticsRouteOf = (path: string): EdgeWindow | undefined =>
  analyticsExactRoutes[path] ?? (path.startsWith('/v2/positions/') ? EDGE_WINDOWS.analyticsPositions : undefined);

/** Every window a request to `path` (no query string) on `service` counts against. */
export function edgeWindowsFor(service: EdgeService, method: string, path: string): EdgeWindow[] {
  if (service === 'analytics') {
    const route = analyticsRouteOf(path);
    return route ? [EDGE_WINDOWS.analytics, route] : [EDGE_WINDOWS.analytics];
  }
  const windows: EdgeWindow[] = [EDGE_WINDOWS.all];
  if (service === 'clob') {
    windows.push(EDGE_WINDOWS.clob);
    const route = clobExactRoutes[path];
    if (route) windows.push(route);
    if (path.startsWith('/auth/')) windows.push(EDGE_WINDOWS.clobApiKeys);
    if (isLedgerRead(method, path)) windows.push(EDGE_WINDOWS.clobLedger);
    const tradingRoute = TRADING_WINDOWS[`${method.toUpperCase()} ${path}`];
    if (tradingRoute) windows.push(...tradingRoute);
    return windows;
  }
  windows.push(EDGE_WINDOWS.catalog);
  const isGet = method.toUpperCase() === 'GET';
  if (path === '/events' || path.startsWith('/events/')) {
    windows.push(EDGE_WINDOWS.catalogEvents);
    if (path === '/events' && isGet) windows.push(EDGE_WINDOWS.catalogListings);
  } else if (path === '/markets' || path.startsWith('/markets/')) {
    windows.push(EDGE_WINDOWS.catalogMarkets);
    if (path === '/markets' && isGet) windows.push(EDGE_WINDOWS.catalogListings);
  } else if (path === '/tags' || path.startsWith('/tags/')) {
    windows.push(EDGE_WINDOWS.catalogTags);
  } else if (path === '/comments' || path.startsWith('/comments/')) {
    windows.push(EDGE_WINDOWS.catalogComments);
  } else if (path === '/public-search') {
    windows.push(EDGE_WINDOWS.catalogPublicSearch);
  }
  return windows;
}
