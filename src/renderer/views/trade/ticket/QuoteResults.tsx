/** Per-order answers of one batch: placed (with status) or refused (with the exchange's sentence). */
import type { PlacedOrder } from '../../../../shared/tradingViews';
import { formatPrice, formatSize } from '../../../lib/format';

export function QuoteResults({ results, tickSize }: { results: PlacedOrder[]; tickSize: string }) {
  const placed = results.filter((r) => r.success).length;
  return (
    <div className="quote-results" data-testid="grid-results" data-count={results.length} data-placed={placed}>
      <p className="quote-results-summary">
        <strong>{placed}</strong> of {results.length} placed
      </p>
      <table className="data-table compact-table">
        <thead>
          <tr>
            <th>#</th>
            <th>Price</th>
            <th>Size</th>
            <th>Result</th>
          </tr>
        </thead>
        <tbody>
          {results.map((result, index) => (
            <tr key={`${index}-${result.ticket.price}`} data-testid="grid-result-row" data-success={result.success}>
              <td className="num muted">{index + 1}</td>
              <td className="num">{formatPrice(result.ticket.price, tickSize)}</td>
              <td className="num">{formatSize(result.ticket.size ?? '0')}</td>
              <td className={result.success ? 'quote-ok' : 'quote-bad'}>{result.success ? `✓ ${result.status.toLowerCase() || 'placed'}` : result.message}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
