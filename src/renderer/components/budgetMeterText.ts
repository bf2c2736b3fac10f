/**
 * The status-bar meter explained in words, for its hover text: what the number and the bar are,
 * why they matter (Marketdesk slows itself before a server limit, so the exchange never refuses
 * it), and the busiest limits as used / allowed.
 */
import type { BudgetUsage } from '../../shared/viewModels';
import { formatDuration, formatNumber, formatPercent } from '../lib/format';

const BUSIEST_SHOWN = 6;

export function budgetMeterTitle(budget: BudgetUsage): string {

  const byShare = budget.scopes
    .filter((scope) => scope.limit > 0 && scope.used > 0)
    .sort((a, b) => b.used / b.limit - a.used / a.limit);
  const busiest = byShare[0];
  const lines = byShare.slice(0, BUSIEST_SHOWN).map((scope) => `  ${scope.label}: ${formatNumber(scope.used)}/${formatNumber(scope.limit)}`);
  return [
    `Requests to the exchange's servers: ${formatNumber(budget.used)} in the last ${formatDuration(budget.windowMs)}.`
,
    busiest
      ? `The bar shows the limit closest to being reached — ${busiest.label}, ${formatPercent(budget.peakFraction)} used.`
      : 'The bar shows the limit closest to being reached; none is in use now.',
    'Near a limit Marketdesk waits a moment before asking again, so the servers never refuse it.',
    ...(lines.length > 0 ? ['', 'Busiest limits (used/allowed):', ...lines] : []),
    '',
    'Click for every limit, its queue and its waits.',
  ].join('\n');
}
