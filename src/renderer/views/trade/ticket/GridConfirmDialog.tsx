/** The last look at a checked grid before it is signed: its levels, the fee and any ended-market warning. */
import { formatDecimal, tryParseDecimal } from '../../../../shared/decimal';
import type { OrderPreview } from '../../../../shared/tradingViews';
import { Dialog } from '../../../components/Dialog';
import { formatNumber, formatPrice, formatSize, formatUsd } from '../../../lib/format';
import type { TradeTarget } from '../../../stores/tradeTargetStore';
import { endedText, feeText } from './orderNotes';

interface GridConfirmDialogProps {
  previews: readonly OrderPreview[];
  target: TradeTarget;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** The grid's fee: what the levels that fill now pay together, in the words of one order. */
function gridFee(previews: readonly OrderPreview[]): string {
  const crossing = previews.filter((p) => p.estimate.crossesBook);
  if (crossing.length === 0) return feeText(previews[0]!);
  const total = crossing.reduce((sum, p) => sum + (tryParseDecimal(p.estimate.takerFee ?? '0') ?? 0n), 0n);
  return feeText({ ...crossing[0]!, estimate: { ...crossing[0]!.estimate, takerFee: formatDecimal(total) } });
}

export function GridConfirmDialog({ previews, target, pending, onConfirm, onClose }: GridConfirmDialogProps) {
  const first = previews[0]!;
  const { side, postOnly } = first.ticket;
  const buy = side === 'BUY';
  const notional = previews.reduce((sum, p) => sum + (tryParseDecimal(p.notional) ?? 0n), 0n);
  const ended = endedText(first);
  return (
    <Dialog title={`Send ${formatNumber(previews.length)} orders in one request?`} onClose={onClose} busy={pending} testId="confirm-grid-dialog">
      <p>
        {side} {formatSize(first.shares)} {target.outcome} shares at each of {previews.map((p) => formatPrice(p.ticket.price, p.tickSize)).join(', ')} — GTC{postOnly ? ', post-only' : ''}.
      </p>
      <p className="muted">{target.question}</p>
      <dl className="facts-grid confirm-order-facts">
        <div className="confirm-order-fact">
          <dt>{buy ? 'Cost up to' : 'Proceeds at least'}</dt>
          <dd className="num">${formatUsd(formatDecimal(notional))}</dd>
        </div>
        <div className="confirm-order-fact">
          <dt>Fee</dt>
          <dd data-testid="confirm-grid-fee">{gridFee(previews)}</dd>
        </div>
      </dl>
      {ended ? (
        <p className="ticket-warning" role="alert" data-testid="confirm-grid-ended">
          <strong>Market ended.</strong> {ended}
        </p>
      ) : null}
      <div className="form-actions">
        <button type="button" className={`button ${buy ? 'button-buy' : 'button-sell'}`} onClick={onConfirm} disabled={pending} data-autofocus data-testid="confirm-grid-submit">
          {pending ? 'Sending…' : `Send ${formatNumber(previews.length)} orders`}
        </button>
        <button type="button" className="button" onClick={onClose} disabled={pending}>
          Back
        </button>
      </div>
    </Dialog>
  );
}
