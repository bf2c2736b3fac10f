/** What a cancel did: how many went, and each order that did not with the exchange's reason. */
import type { CancelAnswer } from '../../../stores/openOrdersStore';
import { formatNumber } from '../../../lib/format';

const shortId = (id: string) => (id.length > 14 ? `${id.slice(0, 8)}…${id.slice(-4)}` : id);

export function CancelOutcome({ answer, onClose }: { answer: CancelAnswer; onClose: () => void }) {
  const refused = Object.entries(answer.notCanceled);
  return (
    <div className={refused.length > 0 ? 'cancel-outcome action-error' : 'cancel-outcome success-note'} role="status" data-testid="cancel-outcome" data-canceled={answer.canceled.length} data-refused={refused.length}>
      <span>
        {answer.what}: {formatNumber(answer.canceled.length)} cancelled{refused.length > 0 ? `, ${formatNumber(refused.length)} not` : ''}.

      </span>
      {refused.slice(0, 3).map(([id, reason]) => (
        <span key={id} className="muted">
          {shortId(id)}: {reason}
        </span>
      ))}
      <button type="button" className="icon-button" aria-label="Close" onClick={onClose}>
        ×
      </button>
    </div>
  );
}
