/**
 * The value chart's points: the past days' values the core worked out, then now, at the value
 * the header shows (`chartedValue`, the same figures the header prints). The last point is the
 * header's by construction, not by a second reading that could have moved meanwhile.
 */
import { chartedValue } from '../../../shared/portfolioFigures';
import type { PortfolioHistoryView, PortfolioView, ValuePoint } from '../../../shared/portfolioViews';

export function valueSeries(history: PortfolioHistoryView | null, view: PortfolioView | null): ValuePoint[] {
  const past = history?.points ?? [];
  if (!view) return [...past];
  const now = Math.floor(view.asOf / 1000);
  // A kept copy read before the last day's end: its "now" is older than that day; the past stops before it.
  return [...past.filter((point) => point.time < now), { time: now, value: chartedValue(view.totals) }];
}
