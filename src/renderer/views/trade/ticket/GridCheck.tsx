/**
 * What main's check of a whole grid found before anything is confirmed (`previewOrders`): every
 * level that would be refused, named by its number and price with main's reasons (tick, minimum
 * size, funds with the levels before it), and a risk limit the grid would cross.
 */
import type { OrderPreview } from '../../../../shared/tradingViews';
import { formatNumber, formatPrice, formatSentence } from '../../../lib/format';

/** Whether the checked grid may go to its confirmation. */
export const gridPasses = (previews: readonly OrderPreview[]): boolean => previews.every((p) => p.problems.length === 0 && !p.riskLimit);

export function GridCheck({ previews }: { previews: readonly OrderPreview[] }) {
  const refused = previews.map((preview, index) => ({ preview, level: index + 1 })).filter(({ preview }) => preview.problems.length > 0);
  const riskLimit = previews.find((p) => p.riskLimit)?.riskLimit;
  if (refused.length === 0 && !riskLimit) return null;
  return (
    <div className="grid-check" role="alert" data-testid="grid-check" data-refused={refused.length}>
      {refused.length > 0 ? (
        <>
          <p className="grid-check-lead">
            Nothing was sent: {formatNumber(refused.length)} of the {formatNumber(previews.length)} levels would be refused.
          </p>
          <ul className="ticket-problems">
            {refused.map(({ preview, level }) => (
              <li key={level} data-testid="grid-level-problem" data-level={level} data-price={preview.ticket.price}>
                <strong>
                  Level {formatNumber(level)} at {formatPrice(preview.ticket.price, preview.tickSize)}:
                </strong>{' '}
                {preview.problems.map((problem) => formatSentence(problem.parts)).join(' ')}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {riskLimit ? (
        <p className="ticket-risk-limit" data-testid="grid-risk-limit">
          <strong>Risk limit.</strong> {riskLimit}
        </p>
      ) : null}
    </div>
  );
}
