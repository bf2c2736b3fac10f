/**
 * The exchange's answer to the last order: its id and status, or the sentence saying why not. An
 * order whose answer was lost says what the lookup by its hash found (`reconciled`).
 */
import type { PlacedOrder } from '../../../../shared/tradingViews';
import { useTicketResultHolds } from '../../../hooks/useTicketResultHolds';
import { placedFillText } from './fillWording';
import { formatMessage, formatNumber } from '../../../lib/format';

const shortId = (id: string) => (id.length > 14 ? `${id.slice(0, 8)}…${id.slice(-4)}` : id);

export function TicketResult({ placed, onResend, resending }: { placed: PlacedOrder; onResend: () => void; resending: boolean }) {
  // tables: an answer shows only while its account, side and outcome still hold (actionResultsStore).
  if (!useTicketResultHolds(placed)) return null;
  if (placed.success) {
    const fill = placedFillText(placed);
    return (
      <div className="ticket-result success-note" role="status" data-testid="ticket-result" data-success="true" data-status={placed.status} data-reconciled={placed.reconciled}>
        <strong>Order {placed.status ? placed.status.toLowerCase() : 'sent'}.</strong>{' '}
        <span className="num" title={placed.orderId} data-testid="ticket-result-order-id" data-order-id={placed.orderId}>
          {shortId(placed.orderId)}
        </span>
        {placed.tradeIds.length > 0 ? (
          <span className="muted">
            {' '}
            · {formatNumber(placed.tradeIds.length)} trade{placed.tradeIds.length === 1 ? '' : 's'}
          </span>
        ) : null}
        {fill ? (
          <span className="ticket-result-fill" data-testid="ticket-result-fill">
            {' '}
            {fill}
          </span>
        ) : null}
        {placed.message ? (
          <span className="muted" data-testid="ticket-result-message">
            {' '}
            {formatMessage(placed)}
          </span>
        ) : null}
      </div>
    );
  }
  return (
    <div className="ticket-result action-error" role="alert" data-testid="ticket-result" data-success="false" data-reconciled={placed.reconciled}>
      <span data-testid="ticket-result-message">{formatMessage(placed)}</span>
      {placed.resubmittable ? (
        <button type="button" className="button button-small" onClick={onResend} disabled={resending} data-testid="ticket-resend">
          {resending ? 'Sending…' : 'Send again'}
        </button>
      ) : null}
    </div>
  );
}
