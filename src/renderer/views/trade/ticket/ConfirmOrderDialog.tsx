/** The last look before a signed order goes out, for accounts that ask for one (not "pro" mode). */
import type { OrderPreview } from '../../../../shared/tradingViews';
import { Dialog } from '../../../components/Dialog';
import { NetworkBadge, networkWording } from '../../../components/NetworkBadge';
import { useAppStatusStore } from '../../../stores/appStatusStore';
import { formatDateTime, formatPrice, formatSize, formatUsd } from '../../../lib/format';
import { baseUnitsText } from '../../../lib/ticks';
import { previewEffect } from './fillWording';
import { endedText, feeText } from './orderNotes';

interface ConfirmOrderDialogProps {
  preview: OrderPreview;
  outcome: string;
  question: string;
  accountLabel: string;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

export function ConfirmOrderDialog({ preview, outcome, question, accountLabel, pending, onConfirm, onClose }: ConfirmOrderDialogProps) {
  const { ticket, estimate } = preview;
  const network = useAppStatusStore((s) => s.status?.network ?? null);
  const buy = ticket.side === 'BUY';
  const rows: Array<[string, string]> = [
    ['Network', networkWording(network)],
    ['Account', accountLabel],
    ['Market', question],
    ['Order', `${ticket.side} ${outcome} · ${ticket.orderType}${ticket.postOnly ? ' · post-only' : ''}`],
    ['Limit price', formatPrice(ticket.price, preview.tickSize)],
    ['Shares', formatSize(preview.shares)],
    [buy ? 'Cost up to' : 'Proceeds at least', `$${formatUsd(preview.notional)}`],
    ['Fills now', `${formatSize(estimate.fillableShares)} shares${estimate.averagePrice ? ` at avg ${formatPrice(estimate.averagePrice, preview.tickSize)}` : ''}`],
    ['Then', previewEffect(preview).text],
    ['Fee', feeText(preview)],
  ];
  const ended = endedText(preview);
  if (ticket.expiration) rows.push(['Expires', formatDateTime(ticket.expiration * 1000)]);
  return (
    <Dialog
      title={`Send this ${ticket.side === 'BUY' ? 'buy' : 'sell'} order${network && !network.isSandbox ? ` on ${network.label}` : ''}?`}
      onClose={onClose}
      busy={pending}
      testId="confirm-order-dialog"
    >
      <div className="form-network">
        <NetworkBadge testId="confirm-order-network" size="small" />
      </div>
      <dl className="facts-grid confirm-order-facts" data-testid="confirm-order-summary">
        {rows.map(([label, value]) => (
          <div key={label} className="confirm-order-fact">
            <dt>{label}</dt>
            <dd className={label === 'Market' || label === 'Account' || label === 'Then' || label === 'Fee' || label === 'Network' ? undefined : 'num'}>{value}</dd>
          </div>
        ))}
      </dl>
      {ended ? (
        <p className="ticket-warning" role="alert" data-testid="confirm-order-ended">
          <strong>Market ended.</strong> {ended}
        </p>
      ) : null}
      <details className="pv-signed" data-testid="confirm-order-signed">
        <summary>Signed amounts</summary>
        <dl className="facts-grid confirm-order-facts">
          <div className="confirm-order-fact">
            <dt>{buy ? 'You pay' : 'You give'}</dt>
            <dd className="num">{`${preview.makerAmount} (${baseUnitsText(preview.makerAmount)} ${buy ? 'USD' : 'shares'})`}</dd>
          </div>
          <div className="confirm-order-fact">
            <dt>{buy ? 'You get' : 'You receive'}</dt>
            <dd className="num">{`${preview.takerAmount} (${baseUnitsText(preview.takerAmount)} ${buy ? 'shares' : 'USD'})`}</dd>
          </div>
        </dl>
      </details>
      <p className="muted">It is signed with this account’s key and sent once. Turn confirmations off in the account panel (“pro” mode).</p>
      <div className="form-actions">
        <button
          type="button"
          className={`button ${buy ? 'button-buy' : 'button-sell'}`}
          onClick={onConfirm}
          disabled={pending}
          data-autofocus
          data-testid="confirm-order-submit"
        >
          {pending ? 'Sending…' : `Send ${ticket.side}`}
        </button>
        <button type="button" className="button" onClick={onClose} disabled={pending} data-testid="confirm-order-cancel">
          Back
        </button>
      </div>
    </Dialog>
  );
}
