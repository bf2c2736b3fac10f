/**
 * The headline figures of the shown wallets, as docs/decisions/41-portfolio-numbers/ defines
 * them: the total (cash, positions' value and perps equity), cash with what open orders hold,
 * value, cost and unrealised P&L over the same priced positions, realised P&L over a chosen
 * period, perps equity, redeemable value; under them what is counted apart or not read (and why),
 * and how fresh it all is.
 */
import type { ReactNode } from 'react';
import { REALISED_PERIODS, type PortfolioView, type RealisedPeriod } from '../../../shared/portfolioViews';
import { useNow } from '../../hooks/useNow';
import { formatAgo, formatClock, formatNumber, formatSignedPercent, formatSignedUsd, formatUsd } from '../../lib/format';
import { pnlTone } from './money';
import { PortfolioNotes } from './PortfolioNotes';

const PERIOD_LABELS: Record<RealisedPeriod, string> = { '24h': '24 h', '7d': '7 d', '30d': '30 d', all: 'all' };

function Stat({ label, value, tone, testId, title, children }: { label: string; value: string; tone?: string | undefined; testId: string; title?: string; children?: ReactNode }) {
  return (
    <div className="pf-stat">
      <dt>{label}</dt>
      <dd className={`num ${tone ?? ''}`} data-testid={testId} title={title}>
        {value}
      </dd>
      {children ? <dd className="pf-stat-more">{children}</dd> : null}
    </div>
  );
}

interface PortfolioSummaryProps {
  view: PortfolioView;
  period: RealisedPeriod;
  onPeriod: (period: RealisedPeriod) => void;
}

export function PortfolioSummary({ view, period, onPeriod }: PortfolioSummaryProps) {
  const now = useNow(1_000, view.stale !== null);
  const { totals } = view;
  const watchOnly = view.wallets.filter((w) => w.watchOnly).length;
  const wallets = view.wallets.length;
  const missingOf = (part: string) => totals.missing.filter((m) => m.part === part).map((m) => `${m.wallet}: ${m.reason}`).join('\n') || undefined;
  /** A sum over fewer wallets than shown says so under it (the notes below say why). */
  const partial = (part: string) => {
    const left = totals.missing.filter((m) => m.part === part).length;
    return left > 0 && left < wallets ? <span className="pf-sub" data-testid={`portfolio-${part}-partial`}>without {formatNumber(left)} wallet{left === 1 ? '' : 's'}</span> : null;
  };
  return (
    <div className="pf-summary" data-testid="portfolio-summary" data-stale={view.stale !== null}>
      <dl className="pf-stats">
        <Stat label="Total" value={formatUsd(totals.total)} testId="portfolio-total" title="Cash + value of the positions with a price + perps equity" />
        <Stat label="Cash" value={totals.cash === null ? '—' : formatUsd(totals.cash)} testId="portfolio-cash" title={missingOf('cash') ?? 'Order-book USD: available plus held by open orders'}>
          {totals.cashInOrders !== null && Number(totals.cashInOrders) > 0 ? (
            <span className="pf-sub num" data-testid="portfolio-cash-in-orders">{formatUsd(totals.cashInOrders)} in orders</span>
          ) : null}
          {partial('cash')}
        </Stat>
        <Stat label="Value" value={formatUsd(totals.value)} testId="portfolio-value" title="The priced positions' value (shares × price)" />
        <Stat label="Cost" value={formatUsd(totals.cost)} testId="portfolio-cost" title="What the same priced positions cost" />
        <Stat label="Unrealised P&L" value={formatSignedUsd(totals.unrealisedPnl)} tone={pnlTone(totals.unrealisedPnl)} testId="portfolio-pnl" title="Value − Cost">
          <span className={`pf-sub num ${pnlTone(totals.unrealisedPercent) ?? ''}`} data-testid="portfolio-pnl-percent">{formatSignedPercent(totals.unrealisedPercent)}</span>
        </Stat>
        <Stat
          label="Realised P&L"
          value={formatSignedUsd(totals.realisedPnl)}
          tone={pnlTone(totals.realisedPnl)}
          testId="portfolio-realised"
          title={missingOf('realised') ?? 'Sells, merges and redemptions in the period, from the synced history'}
        >
          {partial('realised')}
          <span className="segmented pf-periods" role="group" aria-label="Realised P&L period">
            {REALISED_PERIODS.map((choice) => (
              <button key={choice} type="button" className="segment" aria-pressed={choice === period} onClick={() => onPeriod(choice)} data-testid={`portfolio-period-${choice}`}>
                {PERIOD_LABELS[choice]}
              </button>
            ))}
          </span>
        </Stat>
        <Stat label="Perps equity" value={totals.perpsEquity === null ? '—' : formatUsd(totals.perpsEquity)} testId="portfolio-perps-equity" title={missingOf('perps')}>
          {partial('perps')}
        </Stat>
        <Stat label="Redeemable" value={formatUsd(totals.redeemableValue)} tone={Number(totals.redeemableValue) > 0 ? 'tone-warn' : undefined} testId="portfolio-redeemable" />
        <Stat label="Positions" value={formatNumber(totals.positions)} testId="portfolio-count" />
      </dl>
      <div className="pf-freshness">
        <span className="muted" data-testid="portfolio-scope">
          {formatNumber(wallets)} wallet{wallets === 1 ? '' : 's'}
          {watchOnly > 0 ? ` (${formatNumber(watchOnly)} watch-only: positions and realised P&L, no cash)` : ''}
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
      <PortfolioNotes totals={totals} />
    </div>
  );
}
