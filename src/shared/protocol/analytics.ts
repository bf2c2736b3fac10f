/**
 * The analytics data service (`/v2`) on the wire: envelopes, errors and the row payloads. The
 * spec names a few fields per route and leaves the rest to us; everything not named there is our
 * decision (docs/decisions/, "Analytics"). The sandbox serves exactly these shapes and the
 * core's client parses them, so both sides import this one file.
 *
 * Units follow the spec: bare `size`/`volume` are shares, `*_usdc` fields are USD, numbers are
 * JSON numbers, and a `null` number means "unavailable", never zero. Timestamps are epoch seconds.
 */

export const ANALYTICS_ERROR_CODES = [
  'invalid_request',
  'unauthorized',
  'not_found',
  'method_not_allowed',
  'rate_limited',
  'internal',
  'request_timeout',
  'dependency_unavailable',
] as const;
export type AnalyticsErrorCode = (typeof ANALYTICS_ERROR_CODES)[number];

export interface AnalyticsErrorBody {
  error: string;
  code: AnalyticsErrorCode;
  retryable: boolean;
  trace_id: string;
  /** Names the offending query parameter on validation failures. */
  parameter?: string;
}

export interface AnalyticsPagination {
  /** Opaque signed cursor; null at the end of the walk. */
  next_cursor: string | null;
  has_more: boolean;
}

export interface AnalyticsPage<T> {
  data: T[];
  pagination: AnalyticsPagination;
}

/** Routes that are not paged (`/v2/approvals`, `/v2/builders/volume`) answer `{data}` only. */
export interface AnalyticsList<T> {
  data: T[];
}

/** `outcome_index` when the outcome could not be labeled. */
export const UNLABELED_OUTCOME_INDEX = 999;

/** At most this many distinct condition ids per request. */
export const MAX_CONDITION_IDS = 20;
export const MAX_PAGE_LIMIT = 1_000;
export const DEFAULT_ACTIVITY_LIMIT = 100;
export const BUILDER_VOLUME_DEFAULT_BUCKETS = 30;
export const BUILDER_VOLUME_MAX_BUCKETS = 90;

/** The default-on activity types; `TIP` is only ever returned when named. */
export const ACTIVITY_TYPES = [
  'TRADE',
  'SPLIT',
  'MERGE',
  'REDEEM',
  'CONVERSION',
  'REWARD',
  'DEPOSIT',
  'WITHDRAWAL',
  'TIP',
] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];
export const DEPOSIT_WITHDRAWAL_TYPES: readonly ActivityType[] = ['DEPOSIT', 'WITHDRAWAL'];

export type BoardPeriod = 'day' | 'week' | 'month' | 'all';
export const BOARD_PERIODS: readonly BoardPeriod[] = ['day', 'week', 'month', 'all'];

/** One row of `/v2/activity`. Ordered by `(block_timestamp, sequence_id)`. */
export interface ActivityRow {
  proxy_wallet: string;
  type: ActivityType;
  block_timestamp: number;
  /** Unique and increasing within one wallet's feed; the tie-breaker of the ordering. */
  sequence_id: number;
  block_number: number;
  log_index: number;
  transaction_hash: string;
  /** Market fields are null for rows without a market (deposits, withdrawals, tips, rewards). */
  condition_id: string | null;
  market_id: string | null;
  event_id: string | null;
  event_slug: string | null;
  title: string | null;
  outcome: string | null;
  outcome_index: number | null;
  token_id: string | null;
  /** BUY/SELL for trades; IN/OUT for tips (received/sent); null otherwise. */
  side: 'BUY' | 'SELL' | 'IN' | 'OUT' | null;
  /** Shares, or for a TIP (and deposits, withdrawals, rewards) the USD amount. */
  size: number | null;
  price: number | null;
  size_usdc: number | null;
  /** The other wallet of a tip; null otherwise. */
  counterparty: string | null;
}

export interface ComboLeg {
  condition_id: string;
  title: string;
  outcome: string;
  outcome_index: number;
}

/** One row of `/v2/activity/combos`: a combo's lifecycle step or redemption. */
export interface ComboActivityRow {
  proxy_wallet: string;
  combo_condition_id: string;
  type: 'COMBO_OPEN' | 'COMBO_ADD' | 'COMBO_REDUCE' | 'COMBO_CLOSE' | 'COMBO_REDEEM';
  block_number: number;
  log_index: number;
  block_timestamp: number;
  transaction_hash: string;
  /** The leg titles joined with ` / `. */
  title: string;
  legs: ComboLeg[];
  size: number | null;
  size_usdc: number | null;
}

/** `/v2/positions/combos` (our payload): one combo position of a wallet, from its lifecycle rows. */
export interface ComboPositionRow {
  proxy_wallet: string;
  combo_condition_id: string;
  /** The leg titles joined with ` / `. */
  title: string;
  legs: ComboLeg[];
  status: 'open' | 'closed' | 'redeemed';
  /** Net shares (opened + added - reduced); null when a step's size is unavailable. */
  size: number | null;
  /** USD paid in over the combo's life; null when a step's amount is unavailable. */
  cost_usdc: number | null;
  opened_at: number;
  updated_at: number;
}

/** One row of `/v2/approvals`: one (token, operator) pair of the served catalog. */
export interface ApprovalRow {
  token: string;
  token_symbol: string;
  token_standard: 'ERC20' | 'ERC1155';
  operator: string;
  operator_name: string;
  approved: boolean;
  /** ERC-20 allowance in USD; null for ERC-1155 operator approvals. */
  allowance_usdc: number | null;
  /** When the approval last changed; null when it never did. */
  updated_at: number | null;
}

export interface BiggestWinnerRow {
  kind: 'single' | 'combo';
  proxy_wallet: string;
  user_name: string | null;
  /** The market's condition id, or the combo's. */
  condition_id: string;
  /** Catalog event id; 0 for combo rows. */
  event_id: number;
  /** Empty for combo rows. */
  event_slug: string;
  /** For combo rows, the leg titles joined with ` / `. */
  title: string;
  outcome: string | null;
  category: string;
  initial_value: number;
  final_value: number;
  /** `final_value - initial_value`. */
  pnl: number;
  resolved_at: number;
}

export interface BuilderLeaderboardRow {
  rank: number;
  /** Display name, falling back to `builder_code`. */
  builder: string;
  builder_code: string;
  /** Shares. */
  volume: number;
  /** Distinct makers in the window. */
  active_users: number;
}

export interface BuilderVolumeRow {
  /** Start of the bucket, epoch seconds (UTC day, ISO week from Monday, month, or year). */
  bucket_start: number;
  /** Placing within its own bucket. */
  rank: number;
  builder: string;
  builder_code: string;
  volume: number;
  active_users: number;
}

/** The wallet and outcome token a position (open or closed) is held in. */
export interface PositionHolding {
  proxy_wallet: string;
  condition_id: string;
  token_id: string;
  market_id: string;
  event_id: string;
  event_slug: string;
  title: string;
  outcome: string;
  outcome_index: number;
}

/** `/v2/positions` (our payload): one open position of a wallet in one outcome token. */
export interface PositionRow extends PositionHolding {
  /** Shares held. */
  size: number;
  avg_price: number | null;
  initial_value: number | null;
  current_value: number | null;
  cash_pnl: number | null;
  percent_pnl: number | null;
  realized_pnl: number | null;
  cur_price: number | null;
  /** The market resolved and this outcome can be redeemed (for its payout, possibly 0). */
  redeemable: boolean;
  /** The market still accepts orders. */
  tradable: boolean;
  end_date: string | null;
}

/** `/v2/closed-positions` (our payload): a position sold out or redeemed. */
export interface ClosedPositionRow extends PositionHolding {
  avg_price: number | null;
  /** Shares bought over the position's life. */
  total_bought: number;
  realized_pnl: number | null;
  cur_price: number | null;
  closed_at: number;
}

/** `/v2/trades` (our payload): one fill of the wallet, or of the market's feed. */
export interface TradeRow {
  proxy_wallet: string;
  side: 'BUY' | 'SELL';
  role: 'maker' | 'taker';
  condition_id: string;
  token_id: string;
  market_id: string;
  event_slug: string;
  title: string;
  /** Null when the outcome could not be labeled (`outcome_index` is then 999). */
  outcome: string | null;
  outcome_index: number;
  size: number;
  /** Null when unavailable (never 0 for "unknown"). */
  price: number | null;
  size_usdc: number | null;
  block_timestamp: number;
  sequence_id: number;
  transaction_hash: string;
}

/** `/v2/leaderboard` (our payload): traders ranked by P&L or volume in a period. */
export interface LeaderboardRow {
  rank: number;
  proxy_wallet: string;
  user_name: string | null;
  volume_usdc: number;
  pnl_usdc: number;
}

/** `/v2/oi` (our payload): open interest of one market. */
export interface OpenInterestRow {
  condition_id: string;
  /** Shares outstanding of the market's Yes outcome (equal to its No outcome). */
  value: number;
  value_usdc: number | null;
}

/** `/v2/prices-history` (our payload), keyed by `token_id`. */
export interface PricePointRow {
  t: number;
  p: number;
}

/** `/v2/holders` (our payload): top holders of one outcome token. */
export interface HolderRow {
  token_id: string;
  proxy_wallet: string;
  outcome_index: number;
  amount: number;
}
