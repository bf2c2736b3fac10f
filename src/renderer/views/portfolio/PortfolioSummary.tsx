/**
 * The headline figures of the shown wallets (value, cost, cash and percent P&L, redeemable, the
 * accounts' perps equity) and how fresh they are: the time of the last read, or, for the last
 * synced copy shown while the service is unreachable, its age and why.
 */
import type { PortfolioView } from '../../../shared/portfolioViews';
import { useNow } from '../../hooks/useNow';
import { formatClock, formatUsd } from '../../lib/format';
import { formatAgo, formatSignedPercent, formatSignedUsd, pnlTone } from './money';

function Stat({ label, value, tone, testId }: { label: string; value: string; tone?: string; testId: string }) {
  return (
    <div className="pf-stat">
      <dt>{label}</dt>
      <dd className={`num ${tone ?? ''}`} data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

export function PortfolioSummary({ view }: { view: PortfolioView }) {
  const now = useNow(1_000, view.stale !== null);
  const { totals } = view;
  const watchOnly = view.wallets.filter((w) => w.watchOnly).length;
  return (
    <div className="pf-summary" data-testid="portfolio-summary" data-stale={view.stale !== null}>
      <dl className="pf-stats">
        <Stat label="Value" value={formatUsd(totals.value)} testId="portfolio-value" />
        <Stat label="Cost" value={formatUsd(totals.initialValue)} testId="portfolio-cost" />
        <Stat label="P&L" value={formatSignedUsd(totals.cashPnl)} tone={pnlTone(totals.cashPnl)} testId="portfolio-pnl" />
        <Stat label="P&L %" value={formatSignedPercent(totals.percentPnl)} tone={pnlTone(totals.percentPnl)} testId="portfolio-pnl-percent" />
        <Stat label="Redeemable" value={formatUsd(totals.redeemableValue)} tone={Number(totals.redeemableValue) > 0 ? 'tone-warn' : undefined} testId="portfolio-redeemable" />
        <Stat label="Positions" value={String(totals.positions)} testId="portfolio-count" />
        <Stat label="Perps equity" value={totals.perpsEquity === null ? '—' : formatUsd(totals.perpsEquity)} testId="portfolio-perps-equity" />
        {/* Issue 9: the accounts' perps equity joins the all-accounts total (positions' value + perps equity). */}
        {totals.perpsEquity === null ? null : (
          <Stat label="Total with perps" value={formatUsd(Number(totals.value) + Number(totals.perpsEquity))} testId="portfolio-total-with-perps" />
        )}
      </dl>
      <div className="pf-freshness">
        <span className="muted">
          {view.wallets.length} wallet{view.wallets.length === 1 ? '' : 's'}
          {watchOnly > 0 ? ` (${watchOnly} watch-only)` : ''}
        </span>
        {view.stale ? (
          <span className="pf-stale" role="status" data-testid="portfolio-stale" title={view.stale.reason}>
            Last synced copy, read {formatAgo(now - view.asOf)} — {view.stale.reason}
          </span>
        ) : (
          <span className="muted" data-testid="portfolio-as-of">
            as of {formatClock(view.asOf)}
          </span>
        )}
      </div>
    </div>
  );
}
