/**
 * What a quote-grid row says now, not only what the exchange said when the batch was placed: an
 * order placed "live" and cancelled since must not keep its "✓ live" (issue 11, defect 6).
 */
import type { OpenOrderView, PlacedOrder } from '../../../../shared/tradingViews';
import { formatMessage, formatSize } from '../../../lib/format';

export interface QuoteRowState {
  tone: 'ok' | 'bad' | 'muted';
  text: string;
}

export interface KnownOrders {
  /** The account's open orders, by id. */
  open: ReadonlyMap<string, OpenOrderView>;
  /** Whether `open` was read after the batch's answer arrived (else a missing order may just be new). */
  openReadSince: boolean;
  cancelled: ReadonlySet<string>;
  /** Order ids with a fill notification. */
  filled: ReadonlySet<string>;
}

export function quoteRowState(result: PlacedOrder, known: KnownOrders): QuoteRowState {
  if (!result.success) return { tone: 'bad', text: formatMessage(result) };
  const status = result.status.toLowerCase() || 'placed';
  if (known.cancelled.has(result.orderId)) return { tone: 'muted', text: 'cancelled' };
  const open = known.open.get(result.orderId);
  if (open) {
    const matched = Number(open.sizeMatched || 0);
    return { tone: 'ok', text: matched > 0 ? `✓ live · ${formatSize(matched)} filled` : '✓ live' };
  }
  if (known.filled.has(result.orderId) || status === 'matched') return { tone: 'ok', text: '✓ filled' };
  if (known.openReadSince) return { tone: 'muted', text: 'no longer open' };
  return { tone: 'ok', text: `✓ ${status}` };
}
