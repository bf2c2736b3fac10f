/**
 * `/notifications` rows → fill notifications. The exchange sends `{id, type, timestamp,
 * payload}`; type 2 is a fill (type 1, a cancel by the exchange, is reflected by the open-orders
 * view instead). Malformed rows are skipped.
 */
import type { FillNotification } from '../../../shared/tradingViews';
import { UNLABELLED } from './orderViews';

const FILLED = 2;
const str = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

export function toFillNotification(row: Record<string, unknown>): FillNotification | null {
  const id = str(row.id);
  if (!id || Number(row.type) !== FILLED || !row.payload || typeof row.payload !== 'object') return null;
  const payload = row.payload as Record<string, unknown>;
  const at = Number(row.timestamp ?? 0);
  return {
    id,
    orderId: str(payload.order_id),
    ...(str(payload.trade_id) ? { tradeId: str(payload.trade_id) } : {}),
    market: str(payload.market),
    assetId: str(payload.asset_id),
    side: payload.side === 'SELL' ? 'SELL' : 'BUY',
    size: str(payload.matched_size ?? payload.size),
    price: str(payload.price),
    outcome: str(payload.outcome),
    at: at > 0 && at < 1e12 ? at * 1000 : at,
    ...UNLABELLED,
  };
}
