/**
 * Shapes that cross the bridge. They carry what the renderer shows: public market data,
 * addresses, labels and masked suffixes, never a secret.
 */

export interface NetworkInfo {
  id: string;
  label: string;
  isSandbox: boolean;
}

export type ConnectionState = 'connecting' | 'online' | 'degraded' | 'offline';

export interface BudgetScopeUsage {
  scope: string;
  label: string;
  used: number;
  limit: number;
}

/** Requests the local rate-budget gate let through in the trailing window. */
export interface BudgetUsage {
  windowMs: number;
  used: number;
  /** The busiest scope, as a fraction of its own limit (0..1). */
  peakFraction: number;
  scopes: BudgetScopeUsage[];
}

/** What a request waits for in the budget's fair queue: cancels first, background walks last. */
export type BudgetPriority = 'cancel' | 'order' | 'interactive' | 'background';

/** One scope of the local rate budget, as the budget panel lists it. */
export interface BudgetScopeView {
  scope: string;
  label: string;
  /** The service the scope belongs to: clob, catalog, analytics or perps. */
  service: string;
  /** Requests (or weight units) counted in the trailing window now, in flight included. */
  used: number;
  /** What the client allows itself (the documented limit times the safety factor). */
  limit: number;
  /** The documented limit. */
  documentedLimit: number;
  windowMs: number;
  /** Requests waiting for room in this scope now, by priority. */
  queued: Record<BudgetPriority, number>;
  /** The longest current wait in this scope, ms (0 when nothing waits). */
  longestWaitMs: number;
  /** Since start: requests that had to wait here, the time they waited, and those that gave up at their deadline. */
  waits: number;
  waitedMs: number;
  deadlineFailures: number;
  /** How long the service asked this scope to wait still (Retry-After), ms; 0 when it did not. */
  pausedForMs: number;
  /** Since start: times the service paused this scope. */
  pauses: number;
}

export interface BudgetStateView {
  scopes: BudgetScopeView[];
  asOf: number;
}

/** A service the core cannot reach: polling backs off with jitter and probes for recovery. */
export interface ServiceOutage {
  service: string;
  /** Unreachable: no usable answer. Degraded: it answers, but with errors (5xx, 429) or malformed, cut-off bodies. */
  kind: 'unreachable' | 'degraded';
  since: number;
  /** The next probe, unix ms. */
  nextRetryAt: number | null;
  attempts: number;
  problem: string;
}

/** The data folder refused a write (a full disk, a read-only folder); shown until a write goes through. */
export interface StorageProblem {
  kind: 'full' | 'read_only';
  folder: string;
  /** The sentence of the last refused write ("The disk is full: … was not saved in the data folder …"). */
  message: string;
  /** Unix ms of the first refused write of this spell. */
  since: number;
}

export interface AppStatus {
  version: string;
  network: NetworkInfo;
  connection: ConnectionState;
  /** A one-line description of the last connection problem, when there is one. */
  connectionProblem: string | null;
  budget: BudgetUsage;
  /** Services unreachable or degraded now, with the next retry (empty when all answer normally). */
  outages: ServiceOutage[];
  /** The data folder's last refused write, until a write goes through again. */
  storage: StorageProblem | null;
}

export interface CatalogTag {
  id: string;
  label: string;
  slug: string;
}

export interface EventSummary {
  id: string;
  title: string;
  slug: string;
  category: string;
  tags: CatalogTag[];
  marketCount: number;
  volume24hr: number;
  liquidity: number;
  endDate: string | null;
  negRisk: boolean;
  active: boolean;
  closed: boolean;
  /** Total volume since the event opened, USD. */
  volume: number;
  /** When the event was created (ISO), for "newest first". */
  createdAt: string | null;
  /** The end date has passed (or the catalog says so) and the event is not resolved yet. */
  ended: boolean;
  /** The outcome most likely to win: the highest-priced open market (its Yes price). */
  leading: LeadingOutcome | null;
}

export interface LeadingOutcome {
  /** The market's group title in multi-market events ("Trump"), else the first outcome ("Yes"). */
  name: string;
  /** Probability as a price, 0..1. */
  price: number;
  /** Change of that price over the last 24 hours, in price units (0.05 = five points). */
  change24h: number;
}

/** Orders of the Markets list; the catalog itself serves by 24 h volume. */
export const EVENT_SORTS = ['volume24hr', 'volume', 'liquidity', 'newest', 'endingSoon', 'change'] as const;
export type EventSort = (typeof EVENT_SORTS)[number];

export interface EventsPage {
  events: EventSummary[];
  /** How many events match the filter, before limit and offset. */
  total: number;
}

export interface MarketOutcome {
  name: string;
  tokenId: string;
  /** Last known price from the catalog, as a decimal string. */
  price: string | null;
}

export interface MarketSummary {
  id: string;
  conditionId: string;
  question: string;
  slug: string;
  groupItemTitle: string;
  outcomes: MarketOutcome[];
  tickSize: string;
  minOrderSize: number;
  negRisk: boolean;
  active: boolean;
  closed: boolean;
  acceptingOrders: boolean;
  volume24hr: number;
  liquidity: number;
  /** Total volume, USD. */
  volume: number;
  /** Change of the first outcome's price over 24 hours, in price units. */
  oneDayPriceChange: number;
  endDate: string | null;
  /** The market's rules as the catalog states them. */
  description: string;
  resolutionSource: string;
  /** Past its end date and not resolved yet. */
  ended: boolean;
  /** The winning outcome's name once resolved; null while open or when the catalog does not say. */
  winner: string | null;
}

export interface EventDetail extends EventSummary {
  description: string;
  resolutionSource: string;
  markets: MarketSummary[];
}

export interface BookLevel {
  price: string;
  size: string;
}

export interface OrderBookView {
  tokenId: string;
  market: string;
  /** Server timestamp of the book, unix milliseconds. */
  timestamp: number;
  hash: string;
  /** Best first: bids descending, asks ascending. */
  bids: BookLevel[];
  asks: BookLevel[];
  bestBid: string | null;
  bestAsk: string | null;
  spread: string | null;
  midpoint: string | null;
  lastTradePrice: string | null;
  tickSize: string;
  minOrderSize: string;
  negRisk: boolean;
}
