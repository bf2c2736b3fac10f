/**
 * The sending account's equity and free collateral as the client can tell (the latest equity
 * point; the exchange's own check is final and a refusal is said inline).
 */
import type { PerpsAccountView } from '../../../shared/perpsViews';
import { formatDateTime, formatUsd } from '../../lib/format';

export function CollateralFacts({ perps }: { perps: PerpsAccountView | null }) {
  return (
    <dl className="facts-grid tx-facts" data-testid="transfer-collateral">
      <dt>Equity</dt>
      <dd className="num" data-testid="transfer-equity">
        {perps?.equity == null ? <span className="muted">{perps?.unavailableReason ?? 'unknown'}</span> : `${formatUsd(perps.equity)} USD`}
      </dd>
      <dt>Free collateral</dt>
      <dd className="num" data-testid="transfer-free-collateral" title="An estimate from the latest equity point; the exchange refuses a transfer beyond its own figure.">
        {perps?.freeCollateral == null ? <span className="muted">unknown</span> : `≈ ${formatUsd(perps.freeCollateral)} USD`}
        {perps?.equityAt ? <span className="muted"> · as of {formatDateTime(perps.equityAt)}
</span> : null}
      </dd>
    </dl>
  );
}
