/** Fills announced wherever the user is: a short toast per fill, newest on top. */
import { useFillsStore, selectToasts } from '../stores/fillsStore';
import { formatPrice, formatSize } from '../lib/format';

export function FillToasts() {
  const toasts = useFillsStore(selectToasts);
  const close = useFillsStore((s) => s.closeToast);
  if (toasts.length === 0) return null;
  return (
    <div className="toasts" aria-live="polite" data-testid="fill-toasts">
      {toasts.map((fill) => (
        <div key={fill.id} className={`toast toast-${fill.side === 'BUY' ? 'buy' : 'sell'}`} role="status" data-testid="fill-toast">
          <strong>Filled</strong>{' '}
          <span className="num">
            {fill.side} {formatSize(fill.size)} {fill.outcome} @ {formatPrice(fill.price, fill.price)}
          </span>
          <button type="button" className="icon-button" aria-label="Close" onClick={() => close(fill.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
