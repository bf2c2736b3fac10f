/**
 * The perps weight budget in use, kept current while the Perps view is visible: read from the
 * core's own rate budget (`getBudgetState`, a local read that costs the exchange no weight) every
 * few seconds, so the line follows the tape's and the chart's polls instead of showing the figure
 * of the moment the view opened. Until the first read it shows the figure `getPerpsInfo` carried.
 */
import type { PerpsInfoView } from '../../../shared/perpsViews';
import { useBudgetState } from '../../hooks/useBudgetState';
import { formatNumber } from '../../lib/format';

const REFRESH_MS = 3_000;
/** The scope every perps request counts its route weight against (src/main/core/perps/perpsInfo.ts). */
const WEIGHT_SCOPE = 'perps:weight';

export function PerpsWeightLine({ budget }: { budget: PerpsInfoView['weightBudget'] }) {
  // A failed local read keeps the last figure; the next poll tries again.
  const { state } = useBudgetState(REFRESH_MS);
  const inUse = state?.scopes.find((s) => s.scope === WEIGHT_SCOPE)?.used ?? budget.used;
  return (
    <p className="muted" data-testid="perps-weight-budget" data-used={inUse} title="The weight of the perps requests Marketdesk made in the trailing window (in flight included), against the exchange's budget">
      Request weight: {formatNumber(inUse)} of {formatNumber(budget.limit)} per {formatNumber(Math.round(budget.windowMs / 1000))} s in use.
    </p>
  );
}
