/** What the renderer sees of order-book trading. Amounts are exact decimal strings. */
import type { OrderSide, OrderType } from './orders/orderSchema';
import type { Sentence, SentencePart } from './sentence';

export type { OrderSide, OrderType };

/** What the user asks for in the order ticket. */
export interface OrderTicket {
  tokenId: string;
  side: OrderSide;
  orderType: OrderType;
  /** Limit price, on the market's tick; for FOK/FAK market orders the worst acceptable price. */
  price: string;
  /** Shares (2 decimals). Either `size` or `amount`. */
  size?: string;
  /** USD to spend (market BUY with FOK/FAK, 4 decimals at most). */
  amount?: string;
  /** GTD only: unix seconds. */
  expiration?: number;
  /** GTC and GTD only: rejected instead of crossing the book. */
  postOnly?: boolean;
}

/** The ticket checked locally and priced against the current book, before anything is signed. */
export interface OrderPreview {
  ticket: OrderTicket;
  /** Base units (6 decimals) exactly as they will be signed. */
  makerAmount: string;
  takerAmount: string;
  /** Shares the order is for, and the USD it commits. */
  shares: string;
  notional: string;
  tickSize: string;
  minOrderSize: string;
  negRisk: boolean;
  /** Estimated against the current book: what would fill now, at what average and worst price. */
  estimate: {
    fillableShares: string;
    averagePrice: string | null;
    worstPrice: string | null;
    crossesBook: boolean;
    /** USD of taker fee on the part that fills now, at `takerFeeBps` (absent when the rate is unknown). */
    takerFee?: string;
  };
  /** Reasons the exchange would reject the order; empty when it can be sent. */
  problems: Sentence[];
  /** Whether the page shows its own summary before sending (where main asks, main's surface shows it instead). */
  needsConfirmation: boolean;
  /** risk: the pre-trade limit this order would cross, in the words main's refusal uses (absent: none). */
  riskLimit?: string;
  orderVersion: 1 | 2;
  /** The market's taker fee in basis points (`GET /fee-rate`); absent when the exchange did not say. */
  takerFeeBps?: number;
  /** The market's maker fee in basis points (`GET /markets/{condition_id}`), for the part that rests. */
  makerFeeBps?: number;
  /** Market orders: seconds the exchange holds a marketable order before matching it. */
  matchDelaySeconds?: number;
  /**
   * Present when the market's end date has passed and it is not resolved yet (unix ms, the end
   * date): the order is sent only after a warning, since the outcome may already be known.
   */
  endedAt?: number;
}

export interface PlacedOrder {
  ticket: OrderTicket;
  success: boolean;
  orderId: string;
  status: string;
  /** A sentence naming the order and what the exchange said; empty on success. */
  message: string;
  /** The same sentence's words and figures apart, for the page to format (shared/sentence). */
  parts?: SentencePart[];
  makingAmount: string;
  takingAmount: string;
  tradeIds: string[];
  /** `order timed out`: it never reached the book and can be sent again. */
  resubmittable: boolean;
  /**
   * The answer was lost and the order was looked up by its hash: found on the exchange, absent
   * (safe to send again), or unknown (the exchange could not be asked).
   */
  reconciled?: 'found' | 'absent' | 'unknown';
}

/**
 * Each row's own market, for rows of every market ("All"): its question and its tick, so a price
 * is shown on its own market's tick and named, not on the market in view. Empty when the catalog
 * does not know the market (the renderer then shows the condition id and the exact price).
 */
export interface MarketLabel {
  question: string;
  tickSize: string;
}

export interface OpenOrderView extends MarketLabel {
  id: string;
  status: string;
  market: string;
  assetId: string;
  side: OrderSide;
  originalSize: string;
  sizeMatched: string;
  price: string;
  outcome: string;
  orderType: string;
  createdAt: number;
  /** Unix seconds, 0 for none. */
  expiration: number;
  /**
   * Whether it was placed post-only. The exchange's order rows do not say; main knows it for the
   * orders this app placed since it started. Absent: not known.
   */
  postOnly?: boolean;
}

export interface TradeView extends MarketLabel {
  id: string;
  market: string;
  assetId: string;
  side: OrderSide;
  size: string;
  price: string;
  outcome: string;
  status: string;
  /** The account's role in the trade. */
  role: 'maker' | 'taker';
  matchTime: number;
  /** The fee rate the exchange applied to the account's side, in basis points (the row's `fee_rate_bps`). */
  feeRateBps: number;
  /** USD the exchange charged the account for it: rate × min(price, 1 − price) × size, exact. */
  fee: string;
}

/** One asset's balance: the whole of it, what open orders hold, and what is left to trade with. */
export interface HeldAmount {
  /** The whole balance, as the exchange reports it (open orders not deducted). */
  balance: string;
  allowance: string;
  /** Held by the account's open orders: USD of bids, or shares of asks on this token. */
  inOrders: string;
  /** `balance − inOrders` (never below zero): what a new order can use. */
  available: string;
}

export interface BalanceView {
  /** USD collateral, decimal. */
  collateral: HeldAmount;
  /** Shares of one outcome token, when asked for. */
  conditional: ({ tokenId: string } & HeldAmount) | null;
  updatedAt: number;
}

/** A balance as the exchange reports it, before open orders are taken off (see orderReservations). */
export interface ExchangeBalance {
  collateral: { balance: string; allowance: string };
  conditional: { tokenId: string; balance: string; allowance: string } | null;
  updatedAt: number;
}

export type ExchangeMode = 'normal' | 'trading-disabled' | 'cancel-only' | 'post-only' | 'restarting' | 'unknown';

export interface TradingState {
  mode: ExchangeMode;
  /** When the current mode is expected to end (post-only retry-after, restart backoff), unix ms. */
  retryAt: number | null;
  /** The exchange's own words for the current mode. */
  modeMessage: string | null;
  /** The active account's address is in closed-only mode / banned (learned from a 400). */
  closedOnly: boolean;
  banned: boolean;
  heartbeat: {
    enabled: boolean;
    lastSentAt: number | null;
    lastOk: boolean | null;
    intervalMs: number;
    /** Since when heartbeats have failed (unix ms); past the exchange's window the dead-man switch has fired. */
    failingSince: number | null;
    /** The exchange's window (ms): a gap longer than this cancels every open order. */
    windowMs: number;
  };
  /** Off is "pro" mode: orders go out without a confirmation step, per account. */
  confirmOrders: boolean;
  /**
   * Where confirmations happen on this network: the page's own summary (the sandbox) or main's
   * surface, a window or a one-time page the page cannot answer (every live network).
   */
  confirmsIn: 'page' | 'main';
  orderVersion: 1 | 2;
}

/** Orders the exchange cancelled without the user asking, found by reconciling after a lapse. */
export interface OrdersCancelledNotice {
  accountId: string;
  at: number;
  reason: 'heartbeat-lapsed' | 'reconciled';
  /** What the exchange still had before the lapse and no longer has. */
  orders: OpenOrderView[];
}

export interface FillNotification extends MarketLabel {
  id: string;
  orderId: string;
  /** The trade it belongs to (absent when the notice does not say): its fee is on the trade's row. */
  tradeId?: string;
  market: string;
  assetId: string;
  side: OrderSide;
  size: string;
  price: string;
  outcome: string;
  at: number;
}

export interface PricePoint {
  /** Unix seconds. */
  t: number;
  p: number;
}

export interface OhlcBar {
  t: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

export interface JobProgress {
  jobId: string;
  kind: string;
  /** Rows of the walk now running (each walk of a job counts its own: never more than its feed holds). */
  rows: number;
  pages: number;
  /** Which walk of the job runs, when it has several (a history sync walks activity, then trades). */
  stage?: string;
  done: boolean;
  /** Time spent waiting for the rate budget, ms. */
  budgetWaitMs: number;
  etaMs: number | null;
  error: string | null;
}

// --- ladder: order amend -------------------------------------------------------------------

/** What to change in a working order: its price, its size, or its post-only flag. */
export interface AmendRequest {
  orderId: string;
  /** The new limit price, on the market's tick. */
  price?: string;
  /** The shares the new order rests for (what is still open of the old one when left out). */
  size?: string;
  /**
   * Whether the replacement is post-only (refused instead of crossing the book). Left out, the
   * replacement keeps the order's own flag where main knows it, and is not post-only where not.
   */
  postOnly?: boolean;
}

/**
 * Amend is cancel and replace, shown as one action with both answers. `state` says where the
 * user stands: `amended` (the old order is gone, the new one rests or filled), `not-cancelled`
 * (the old order could not be cancelled, so nothing was placed: it still works as before), or
 * `replacement-refused` (the old order is cancelled and the new one was refused: no order is
 * working now, and `previous` is the old one's open part, ready to be placed again).
 */
export interface AmendResult {
  orderId: string;
  state: 'amended' | 'not-cancelled' | 'replacement-refused';
  cancel: { canceled: boolean; reason: string | null };
  placed: PlacedOrder | null;
  previous: OrderTicket;
  replacement: OrderTicket;
  /** One sentence for the whole action. */
  message: string;
  /** The same sentence's words and figures apart, for the page to format (shared/sentence). */
  parts: SentencePart[];
}
