/**
 * The orders the exchange cancelled by itself, listed until the user dismisses the notice. It
 * outlives an account switch on purpose (the orders are gone whichever account is shown), so it
 * names the account and each order's market.
 */
import type { OrdersCancelledNotice } from '../../shared/tradingViews';
import { formatClock, formatNumber, formatPrice, formatSize } from '../lib/format';
import { selectAccounts, useAccountsStore } from '../stores/accountsStore';
import { selectCancelledNotices, useCancelledOrdersStore } from '../stores/cancelledOrdersStore';

const WHY: Record<OrdersCancelledNotice['reason'], string> = {
  'heartbeat-lapsed': 'Heartbeats lapsed past the exchange’s window, so its dead-man switch cancelled these orders:',
  reconciled: 'The exchange no longer has these orders, and they were not cancelled from this app (the exchange, their expiry or another session did it):',
};

const HEADING: Record<OrdersCancelledNotice['reason'], string> = {
  'heartbeat-lapsed': 'cancelled by the exchange',
  reconciled: 'cancelled while the exchange was out of reach',
};

export function CancelledOrdersNotice() {
  const notices = useCancelledOrdersStore(selectCancelledNotices);
  const dismiss = useCancelledOrdersStore((s) => s.dismiss);
  const accounts = useAccountsStore(selectAccounts);
  const labelOf = (accountId: string) => accounts.find((a) => a.id === accountId)?.label ?? 'a removed account';
  if (notices.length === 0) return null;
  return (
    <div className="cancelled-notices" aria-live="assertive" data-testid="cancelled-orders-notices">
      {notices.map((notice) => (
        <section key={notice.at} className="cancelled-notice" role="alert" data-testid="cancelled-orders-notice">
          <header>
            <strong>
              {formatNumber(notice.orders.length)} order{notice.orders.length === 1 ? '' : 's'} {HEADING[notice.reason]}
            </strong>{' '}
            <span className="muted">
              · {labelOf(notice.accountId)} · at {formatClock(notice.at)}
            </span>
            <button type="button" className="icon-button" aria-label="Dismiss" onClick={() => dismiss(notice.at)} data-testid="cancelled-orders-dismiss">
              ×
            </button>
          </header>
          <p>{WHY[notice.reason]}</p>
          <ul>
            {notice.orders.map((order) => (
              <li key={order.id} className="num" title={order.id}>
                {order.question ? `${order.question} · ` : ''}
                {order.side} {formatSize(order.originalSize)} {order.outcome || 'shares'} @ {formatPrice(order.price, order.price)}

                {order.sizeMatched && Number(order.sizeMatched) > 0 ? ` (${formatSize(order.sizeMatched)} filled before)` : ''}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
