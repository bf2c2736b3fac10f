/** Wire rows of `/data/orders` and `/data/trades` → views, defensively (a bad row is skipped, not fatal). */
import type { OpenOrderView, OrderSide, TradeView } from '../../../shared/tradingViews';

const str = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
const side = (v: unknown): OrderSide => (v === 'SELL' ? 'SELL' : 'BUY');
/** Timestamps arrive as unix seconds or milliseconds, as numbers or strings. */
const millis = (v: unknown): number => {
  const n = Number(v);
  if (!Number.isFinite(n) || n <= 0) return 0;
  return n < 1e12 ? n * 1000 : n;
};

export function toOpenOrderView(row: Record<string, unknown>): OpenOrderView {
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
  };
}

export function toTradeView(row: Record<string, unknown>, ownAddress: string): TradeView {
  const makerOrders = Array.isArray(row.maker_orders) ? (row.maker_orders as Array<Record<string, unknown>>) : [];
  const isMaker = str(row.trader_side).toUpperCase() === 'MAKER' ||
    makerOrders.some((m) => str(m.maker_address).toLowerCase() === ownAddress.toLowerCase());
  return {
    id: str(row.id),
    market: str(row.market),
    assetId: str(row.asset_id),
    side: side(row.side),
    size: str(row.size),
    price: str(row.price),
    outcome: str(row.outcome),
    status: str(row.status),
    role: isMaker ? 'maker' : 'taker',
    matchTime: millis(row.match_time),
  };
}
