/**
 * What the renderer sees of portfolios, activity history and the boards. Money and share amounts
 * are exact decimal strings (as on the trading side); chart points are plain numbers.
 */
import type { ActivityType, BoardPeriod } from './protocol/analytics';

export type { ActivityType, BoardPeriod };

/** Whose data a view shows: one of the user's accounts, all of them, or any address read-only. */
export type WalletTarget =
  | { kind: 'account'; accountId: string }
  | { kind: 'all' }
  | { kind: 'address'; address: string };

export interface WalletRef {
  address: string;
  /** Null for a looked-up address that is none of the user's accounts. */
  accountId: string | null;
  label: string | null;
  watchOnly: boolean;
}

export interface PositionView {
  wallet: WalletRef;
  conditionId: string;
  tokenId: string;
  marketId: string;
  eventSlug: string;
  /** The catalog event id (the service's `event_id`), so a click opens the market in Trade. */
  eventId: string;
  title: string;
  outcome: string;
  /** 999 when the outcome could not be labeled. */
  outcomeIndex: number;
  size: string;
  /** Null where the service could not say (never shown as zero). */
  avgPrice: string | null;
  /** Cost basis, whole cents (docs/decisions/41-portfolio-numbers/); null: the service has none. */
  initialValue: string | null;
  /** Value at `curPrice`, whole cents; null when the position has no price (`unpricedReason` says why). */
  currentValue: string | null;
  /** Unrealised P&L, `currentValue − initialValue` exactly; null unless both are known. */
  cashPnl: string | null;
  percentPnl: string | null;
  curPrice: string | null;
  /** `book`: the live order-book midpoint replaced the analytics price. */
  priceSource: 'book' | 'analytics' | null;
  /** Why the position has no price, in plain words; null when it has one. */
  unpricedReason: string | null;
  redeemable: boolean;
  /** The market accepts orders: a click opens it in Trade. */
  tradable: boolean;
}

export interface ClosedPositionView {
  wallet: WalletRef;
  conditionId: string;
  tokenId: string;
  eventSlug: string;
  title: string;
  outcome: string;
  outcomeIndex: number;
  avgPrice: string | null;
  totalBought: string;
  realizedPnl: string | null;
  closedAt: number;
}

/**
 * The one definition of a portfolio's figures (docs/decisions/41-portfolio-numbers/), for one
 * wallet and, summed wallet by wallet, for a view. Amounts are whole cents as decimal strings
 * ("12.30"), so every total is exactly the sum of the figures it adds up.
 */
export interface PortfolioFigures {
  /** Open positions, all of them (priced, unpriced and without a cost basis). */
  positions: number;
  /** Positions with a price and a cost basis: `value`, `cost` and `unrealisedPnl` are over these. */
  priced: number;
  value: string;
  cost: string;
  /** `value − cost`, exactly. */
  unrealisedPnl: string;
  /** `unrealisedPnl / cost` in percent units (two decimals); null when `cost` is 0. */
  unrealisedPercent: string | null;
  /** Positions without a price: left out of value, cost and P&L; their known cost is shown apart. */
  unpriced: number;
  unpricedCost: string;
  /** Positions with a price but no cost basis: their value is in `total`, not in `value` or P&L. */
  noCostBasis: number;
  noCostBasisValue: string;
  /** The value of the priced positions whose market resolved (part of `value` or `noCostBasisValue`). */
  redeemableValue: string;
  /** Order-book USD (the whole balance: available plus held by open orders); null when it could not be read. */
  cash: string | null;
  /** Of `cash`, what open orders hold. */
  cashInOrders: string | null;
  /** Latest perps equity of the accounts with an active proxy; null when there is none or none could be read. */
  perpsEquity: string | null;
  /** Realised P&L of `realisedPeriod`, from the local history; null when it cannot be worked out (see `missing`). */
  realisedPnl: string | null;
  /** `cash + value + noCostBasisValue + perpsEquity`, over the parts that are known. */
  total: string;
  /** Parts that are not in these figures, and why (cash of a watch-only wallet, a locked vault…). */
  missing: MissingPart[];
}

export interface MissingPart {
  /** The wallet's label, or its address when it has none. */
  wallet: string;
  part: 'cash' | 'perps' | 'realised';
  reason: string;
}

/** One wallet's figures; a view's `totals` are the sum of these. */
export interface WalletFigures extends PortfolioFigures {
  wallet: WalletRef;
}

/** Rolling windows ending now, over which realised P&L is summed. */
export const REALISED_PERIODS = ['24h', '7d', '30d', 'all'] as const;
export type RealisedPeriod = (typeof REALISED_PERIODS)[number];

export interface PortfolioView {
  target: WalletTarget;
  wallets: WalletRef[];
  positions: PositionView[];
  closed: ClosedPositionView[];
  /** The sum of `byWallet`, figure by figure. */
  totals: PortfolioFigures;
  byWallet: WalletFigures[];
  realisedPeriod: RealisedPeriod;
  /** Unix ms when this data was read from the service. */
  asOf: number;
  /** Set when the service was unreachable and this is the last synced copy from the local store. */
  stale: { reason: string } | null;
}

/** One point of the value-over-time chart: unix seconds, USD. */
export interface ValuePoint {
  time: number;
  value: number;
}

/**
 * The positions' value at the end of each past day (UTC). The chart's last point is not here: it
 * is the header's `value` now (valueChart.ts in the renderer), so the two always agree.
 */
export interface PortfolioHistoryView {
  points: ValuePoint[];
  /** How the series was made, in plain words, shown under the chart. */
  method: string;
  /** Set while a wallet's history is synced first (no past points yet): how far it is. */
  syncing: HistorySyncState | null;
}

/** Filters of the Activity view, applied by the local store. */
export interface ActivityFilter {
  /** Empty or absent: every type except TIP. TIP only when listed. */
  types?: ActivityType[];
  conditionIds?: string[];
  eventSlug?: string;
  side?: 'BUY' | 'SELL' | 'IN' | 'OUT';
  /** Unix seconds, inclusive. */
  startTs?: number;
  endTs?: number;
  /** Substring of the title or outcome, case-insensitive. */
  text?: string;
}

export type ActivitySortKey = 'timestamp' | 'type' | 'title' | 'size' | 'price' | 'usdcSize';

export interface ActivityRowView {
  /** `<block_timestamp>:<sequence_id>`, unique per wallet. */
  key: string;
  wallet: string;
  type: ActivityType;
  timestamp: number;
  title: string | null;
  outcome: string | null;
  outcomeIndex: number | null;
  side: 'BUY' | 'SELL' | 'IN' | 'OUT' | null;
  size: string | null;
  price: string | null;
  usdcSize: string | null;
  conditionId: string | null;
  eventSlug: string | null;
  tokenId: string | null;
  transactionHash: string;
  counterparty: string | null;
}

/** What the local store holds for one wallet. */
export interface HistorySyncState {
  wallet: string;
  rows: number;
  /** The whole history down to the service's first row is in the store. */
  complete: boolean;
  newestTs: number | null;
  oldestTs: number | null;
  /** Unix ms of the last sync that reached the service. */
  lastSyncedAt: number | null;
  /** Id of the sync job running now, if any. */
  runningJobId: string | null;
  /** The last sync was refused by a full or read-only disk: it tries again by itself (null when it did not fail so). */
  storageRetry: HistoryStorageRetry | null;
}

/** A sync the disk refused, waiting to try again by itself with a growing wait. */
export interface HistoryStorageRetry {
  /** The refusal as the user reads it ("The disk is full: … could not be saved in the data folder …"). */
  problem: string;
  /** Tries so far (1 after the first refusal). */
  attempt: number;
  maxAttempts: number;
  /** Unix ms of the next try; null once the tries are used up (a sync started by hand tries again). */
  nextRetryAt: number | null;
}

export interface ActivityPageView {
  /** Rows matching the filter in the store (all of them, not just this window). */
  total: number;
  offset: number;
  rows: ActivityRowView[];
  sync: HistorySyncState;
}

export interface ComboActivityView {
  key: string;
  comboConditionId: string;
  type: string;
  timestamp: number;
  title: string;
  legs: Array<{ conditionId: string; title: string; outcome: string }>;
  size: string | null;
  usdcSize: string | null;
  transactionHash: string;
}

export interface ApprovalView {
  token: string;
  tokenSymbol: string;
  tokenStandard: 'ERC20' | 'ERC1155';
  operator: string;
  operatorName: string;
  approved: boolean;
  allowance: string | null;
  updatedAt: number | null;
}

export interface ExportResult {
  rows: number;
  bytes: number;
  /** Desktop: where the file was saved. Browser mode: null (the download carries it). */
  path: string | null;
  /** Browser mode: a one-use URL path on the web host that downloads the file. */
  downloadPath: string | null;
  fileName: string;
}

export interface WinnerView {
  kind: 'single' | 'combo';
  wallet: string;
  userName: string | null;
  conditionId: string;
  /** Null for combo rows: they have no event to link to. */
  eventSlug: string | null;
  /** The catalog event id; null for combo rows (the service's `event_id` 0). */
  eventId: string | null;
  title: string;
  outcome: string | null;
  category: string;
  initialValue: string;
  finalValue: string;
  pnl: string;
  resolvedAt: number;
}

export interface BuilderRankView {
  rank: number;
  builder: string;
  builderCode: string;
  volume: string;
  activeUsers: number;
}

export interface BuilderVolumeBucketView {
  bucketStart: number;
  rows: BuilderRankView[];
}

/** A page of a board; `nextCursor` is the service's opaque cursor, passed back as is. */
export interface BoardPage<T> {
  rows: T[];
  nextCursor: string | null;
}
