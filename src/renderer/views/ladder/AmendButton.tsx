/** The "Amend" action of an open-order row: opens the amend dialog (mounted once in Trade) for it. */
import type { OpenOrderView } from '../../../shared/tradingViews';
import { amendOrder } from './amendStore';

export function AmendButton({ order, disabled }: { order: OpenOrderView; disabled: boolean }) {
  return (
    <button type="button" className="text-button" disabled={disabled} onClick={() => amendOrder(order)} aria-label="Amend" title="Amend: change the price or size (cancel and replace)" data-testid="open-order-amend">
      ✎
    </button>
  );
}
