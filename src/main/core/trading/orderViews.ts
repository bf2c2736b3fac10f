/** Wire rows of `/data/orders` and `/data/trades` → views, defensively (a bad row is skipped, not fatal). */
import type { OpenOrderView, OrderSide, TradeView } from '../../../shared/tradingViews';
import { feeOf } from './exchangeFee';

/** Rows leave here without their market's question and tick; MarketLabels fills them in. */
export const UNLABELLED = { question: '', tickSize: '' } as const;

const str = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
const side = (v: unknown): OrderSide => (v === 'SELL' ? 'SELL' : 'BUY');
/** A fee rate in basis points as the rows carry it (a string or a number); 0 when absent or malformed. */
const bps = (v: unknown): number => {
  const n = Number(v);
  return Number.isSafeInteger(n) && n > 0 ? n : 0;
};
/** Timestamps arrive as unix seconds or milliseconds, as numbers or strings. */
const millis = (v: unknown): number => {
  const n = Number(v);
  if (!Number.isFinite(n) || n <= 0) return 0;
  return n < 1e12 ? n * 1000 : n;
};

const flagOf = (postOnly: boolean | null) => (postOnly === null ? {} : { postOnly });

/** `postOnlyOf`: the flag main remembers for the order (orderFlags.ts); null when it knows none. */
export function toOpenOrderView(row: Record<string, unknown>, postOnlyOf: (orderId: string) => boolean | null = () => null): OpenOrderView {
  return {
    id: str(row.id),
    status: str(row.status),
    market: str(row.market),
    assetId: str(row.asset_id),
    side: side(row.side),
    originalSize: str(row.original_size),
    sizeMatched: str(row.size_matched),
    price: str(row.price),
    outcome: str(row.outcome),
    orderType: str(row.order_type),
    createdAt: millis(row.created_at),
    expiration: Number(row.expiration) || 0,
    ...flagOf(postOnlyOf(str(row.id))),
    ...UNLABELLED,
  };
}

/**
 * A trade row as the account's own trades. The row's `side`, `price`, `size` and `outcome` are the
 * taker's; when the account was a maker, its side of the trade is in its own `maker_orders[]`
 * entries (one view per own maker order: each has its own price and matched size), and reading
 * the taker's fields would show a BUY as a SELL.
 */
export function toTradeViews(row: Record<string, unknown>, ownAddress: string): TradeView[] {
  const makerOrders = Array.isArray(row.maker_orders) ? (row.maker_orders as Array<Record<string, unknown>>) : [];
  const own = makerOrders.filter((m) => str(m.maker_address).toLowerCase() === ownAddress.toLowerCase());
  const base = { market: str(row.market), status: str(row.status), matchTime: millis(row.match_time), ...UNLABELLED };
  const asMaker = str(row.trader_side).toUpperCase() === 'MAKER' || (own.length > 0 && str(row.trader_side).toUpperCase() !== 'TAKER');
  if (asMaker && own.length > 0) {
    return own.map((m) => ({
      ...base,
      id: own.length === 1 ? str(row.id) : `${str(row.id)}:${str(m.order_id)}`,
      assetId: str(m.asset_id) || str(row.asset_id),
      side: side(m.side),
      size: str(m.matched_amount),
      price: str(m.price),
      outcome: str(m.outcome) || str(row.outcome),
      role: 'maker' as const,
      feeRateBps: bps(m.fee_rate_bps),
      fee: feeOf(bps(m.fee_rate_bps), str(m.price), str(m.matched_amount)),
    }));
  }
  return [{
    ...base,
    id: str(row.id),
    assetId: str(row.asset_id),
    side: side(row.side),
    size: str(row.size),
    price: str(row.price),
    outcome: str(row.outcome),
    role: asMaker ? 'maker' : 'taker',
    // The row's rate is the taker order's; a maker seen without its own entry is charged none of it.
    feeRateBps: asMaker ? 0 : bps(row.fee_rate_bps),
    fee: asMaker ? '0' : feeOf(bps(row.fee_rate_bps), str(row.price), str(row.size)),
  }];
}
