/** Order-book service wire shapes (see spec/order-book-and-catalog.md and wire-formats.md). */

export interface ClobBookLevel {
  price: string;
  size: string;
}

export interface ClobBook {
  market: string;
  asset_id: string;
  timestamp: string;
  hash: string;
  bids: ClobBookLevel[];
  asks: ClobBookLevel[];
  min_order_size: string;
  tick_size: string;
  neg_risk: boolean;
  last_trade_price: string;
}

export type ClobSide = 'BUY' | 'SELL';

export const TICK_SIZES = ['0.1', '0.01', '0.005', '0.0025', '0.001', '0.0001'] as const;
export type TickSize = (typeof TICK_SIZES)[number];

/** Error body of the order-book service: `{ error }`, sometimes with a code and retry hint. */
export interface ClobErrorBody {
  error: string;
  code?: string;
  retry_after_seconds?: number;
}

/** How many items a batch read (`POST /books`, `/prices`, …) accepts. A sandbox decision, see docs/decisions/. */
export const CLOB_BATCH_READ_MAX = 500;
