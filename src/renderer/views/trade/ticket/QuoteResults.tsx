/**
 * Per-order answers of one batch: placed or refused (with the exchange's sentence), each placed
 * order followed since — live, filled, cancelled or no longer open — from the account's open
 * orders, cancels and fills.
 */
import { useMemo } from 'react';
import type { PlacedOrder } from '../../../../shared/tradingViews';
import { formatNumber, formatPrice, formatSize } from '../../../lib/format';
import { selectCancelledIds, useCancelledOrdersStore } from '../../../stores/cancelledOrdersStore';
import { selectFills, useFillsStore } from '../../../stores/fillsStore';
import { selectOpenOrders, useOpenOrdersStore } from '../../../stores/openOrdersStore';
import { quoteRowState, type KnownOrders } from './quoteRowState';

function useKnownOrders(answeredAt: number): KnownOrders {
  const orders = useOpenOrdersStore(selectOpenOrders);
  const loadedAt = useOpenOrdersStore((s) => s.loadedAt);
  const cancelled = useCancelledOrdersStore(selectCancelledIds);
  const fills = useFillsStore(selectFills);
  const open = useMemo(() => new Map(orders.map((o) => [o.id, o])), [orders]);
  const filled = useMemo(() => new Set(fills.map((f) => f.orderId)), [fills]);
  return { open, openReadSince: loadedAt > answeredAt, cancelled, filled };
}

export function QuoteResults({ results, tickSize, answeredAt }: { results: PlacedOrder[]; tickSize: string; answeredAt: number }) {
  const known = useKnownOrders(answeredAt);
  const placed = results.filter((r) => r.success).length;
  return (
    <div className="quote-results" data-testid="grid-results" data-count={results.length} data-placed={placed}>
      <p className="quote-results-summary">
        <strong>{formatNumber(placed)}</strong> of {formatNumber(results.length)} placed

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
          {results.map((result, index) => {
            const state = quoteRowState(result, known);
            return (
              <tr key={`${index}-${result.ticket.price}`} data-testid="grid-result-row" data-success={result.success} data-state={state.text}>
                <td className="num muted">{index + 1}</td>
                <td className="num">{formatPrice(result.ticket.price, tickSize)}</td>
                <td className="num">{formatSize(result.ticket.size ?? '0')}</td>
                <td className={state.tone === 'ok' ? 'quote-ok' : state.tone === 'bad' ? 'quote-bad' : 'muted'}>{state.text}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
