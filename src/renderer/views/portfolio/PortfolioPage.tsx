/**
 * Portfolio: whose positions (active account, all accounts, one account, any address), the
 * headline figures, open and closed positions, and value over time. Re-read every few seconds
 * while visible so prices stay live (the core overlays order-book midpoints).
 */
import { useMemo, useState } from 'react';
import type { PositionView } from '../../../shared/portfolioViews';
import { EmptyState } from '../../components/EmptyState';
import { InlineError } from '../../components/InlineError';
import { WalletPicker } from '../../components/WalletPicker';
import { usePolling } from '../../hooks/usePolling';
import { selectActiveAccountId, useAccountsStore } from '../../stores/accountsStore';
import { resolveTarget, selectPortfolioFor, targetKey, usePortfolioStore } from '../../stores/portfolioStore';
import { hrefForView } from '../../stores/navigationStore';
import { ClosedPositionsTable } from './ClosedPositionsTable';
import { ComboPositionsTab } from './ComboPositionsTab';
import { openMarketInTrade } from './openMarket';
import { PortfolioSummary } from './PortfolioSummary';
import { PositionsTable } from './PositionsTable';
import { ValueChart } from './ValueChart';
import { WalletBreakdown } from './WalletBreakdown';
import { formatNumber } from '../../lib/format';

const LIVE_REFRESH_MS = 5_000;
type Tab = 'open' | 'closed' | 'combos';

export function PortfolioPage() {
  const choice = usePortfolioStore((s) => s.choice);
  const choose = usePortfolioStore((s) => s.choose);
  const load = usePortfolioStore((s) => s.load);
  const phase = usePortfolioStore((s) => s.phase);
  const error = usePortfolioStore((s) => s.error);
  const period = usePortfolioStore((s) => s.period);
  const setPeriod = usePortfolioStore((s) => s.setPeriod);
  const activeAccountId = useAccountsStore(selectActiveAccountId);
  const key = targetKey(resolveTarget(choice, activeAccountId));
  const view = usePortfolioStore(useMemo(() => selectPortfolioFor(key), [key]));
  const [tab, setTab] = useState<Tab>('open');
  const [filter, setFilter] = useState('');
  const [openProblem, setOpenProblem] = useState<string | null>(null);

  usePolling(key, LIVE_REFRESH_MS, load, 'analytics');

  const onOpen = (position: PositionView) => {
    setOpenProblem(null);
    void openMarketInTrade(position).then(setOpenProblem);
  };
  const redeemable = view?.positions.filter((p) => p.redeemable).length ?? 0;
  const live = view?.positions.filter((p) => p.priceSource === 'book').length ?? 0;

  return (
    <section className="view portfolio" data-testid="view-portfolio" data-phase={phase} aria-label="Portfolio">
      <header className="an-header">
        <WalletPicker choice={choice} onChoose={choose} allowAll testId="portfolio-wallet" />
      </header>
      {view ? <PortfolioSummary view={view} period={period} onPeriod={setPeriod} /> : null}
      {key === null ? (
        <EmptyState title="No account yet" testId="portfolio-empty">
          <p>
            Add or import an account in <a href={hrefForView('accounts')}>Accounts</a> to see its positions, or look up any address above (read-only).
          </p>
        </EmptyState>
      ) : (
        <div className="pf-body">
          <section className="an-card pf-tables" aria-label="Positions">
            <div className="an-toolbar">
              <div className="tabs an-tabs" role="tablist">
                <button type="button" role="tab" className="tab" aria-selected={tab === 'open'} onClick={() => setTab('open')} data-testid="portfolio-tab-open">
                  Open ({view ? formatNumber(view.positions.length) : '…'})
                </button>
                <button type="button" role="tab" className="tab" aria-selected={tab === 'closed'} onClick={() => setTab('closed')} data-testid="portfolio-tab-closed">
                  Closed ({view ? formatNumber(view.closed.length) : '…'})
                </button>
                <button type="button" role="tab" className="tab" aria-selected={tab === 'combos'} onClick={() => setTab('combos')} data-testid="portfolio-tab-combos">
                  Combos
                </button>
              </div>
              <input className="input an-filter" placeholder="Filter by market, outcome, wallet" value={filter} onChange={(e) => setFilter(e.target.value)} data-testid="portfolio-filter" />
              {view && tab !== 'combos' ? (
                <span className="muted an-legend">
                  {redeemable > 0 ? <span className="badge badge-redeem">REDEEM</span> : null}
                  {redeemable > 0 ? ` ${formatNumber(redeemable)} redeemable · ` : ''}
                  <span className="price-source price-source-book">live</span> {formatNumber(live)} priced from the order book

                </span>
              ) : null}
            </div>
            {error ? <InlineError what={view ? 'Could not refresh the portfolio (showing the last read)' : 'Could not read the portfolio'} error={error} onRetry={() => void load()} /> : null}
            {openProblem ? <p className="an-note" role="alert" data-testid="portfolio-open-problem">{openProblem}</p> : null}
            {tab === 'combos' ? (
              <ComboPositionsTab target={resolveTarget(choice, activeAccountId)!} targetKey={key} filter={filter} />
            ) : view === null ? (
              error ? null : <p className="an-loading" data-testid="portfolio-loading"><span className="job-spinner" aria-hidden="true" /> Reading positions…</p>
            ) : tab === 'open' ? (
              <PositionsTable positions={view.positions} showWallet={view.wallets.length > 1} filter={filter} onOpen={onOpen} empty="No open positions. Trade a market and its position shows here." />
            ) : (
              <ClosedPositionsTable closed={view.closed} filter={filter} />
            )}
          </section>
          <aside className="pf-side">
            <ValueChart targetKey={key} view={view} />
            {view && view.wallets.length > 1 ? <WalletBreakdown view={view} /> : null}
          </aside>
        </div>
      )}
    </section>
  );
}
