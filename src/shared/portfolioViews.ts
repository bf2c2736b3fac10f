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
  initialValue: string | null;
  currentValue: string | null;
  cashPnl: string | null;
  percentPnl: string | null;
  curPrice: string | null;
  /** `book`: the live order-book midpoint replaced the analytics price. */
  priceSource: 'book' | 'analytics' | null;
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

export interface PortfolioTotals {
  positions: number;
  value: string;
  initialValue: string;
  cashPnl: string;
  /** Null when no position has a cost basis. */
  percentPnl: string | null;
  redeemableValue: string;
  /**
   * Latest perps equity (USD) summed over the target's own accounts with an active perps proxy;
   * null when none has one or none could be read. Not included in `value`.
   */
  perpsEquity: string | null;
}

export interface PortfolioView {
  target: WalletTarget;
  wallets: WalletRef[];
  positions: PositionView[];
  closed: ClosedPositionView[];
  totals: PortfolioTotals;
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

export interface PortfolioHistoryView {
  points: ValuePoint[];
  /** How the series was obtained, shown under the chart. */
  method: string;
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
