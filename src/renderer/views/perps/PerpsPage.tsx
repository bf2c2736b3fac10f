/**
 * Perps: one account's equity over time (every kline interval) and funding history with totals,
 * beside the exchange's public trade tape and collateral assets; on the sandbox network, paper
 * controls (faucet, paper position). Without a proxy, the public parts still show.
 */
import { EmptyState } from '../../components/EmptyState';
import { formatUsd } from '../../lib/format';
import { useAppStatusStore } from '../../stores/appStatusStore';
import { hrefForView } from '../../stores/navigationStore';
import { selectPerpsInfo, usePerpsStore } from '../../stores/perpsStore';
import { AssetsTable } from './AssetsTable';
import { EquityChart } from './EquityChart';
import { FundingPanel } from './FundingPanel';
import { NoProxyNote, perpsBlocker } from './NoProxyNote';
import { PaperControls } from './PaperControls';
import { PerpsAccountPicker } from './PerpsAccountPicker';
import { ProxyExpiryNote } from './ProxyExpiryNote';
import { TradeTape } from './TradeTape';
import { usePerpsView } from './usePerpsAccount';
import { PerpsInfoError } from './PerpsInfoError';

export function PerpsPage() {
  const { choice, setChoice, accountId, account, perps } = usePerpsView();
  const info = usePerpsStore(selectPerpsInfo);
  const isSandbox = useAppStatusStore((s) => s.status?.network.isSandbox ?? false);
  const blocker = account ? perpsBlocker(account, perps) : null;
  const ready = account !== null && accountId !== null && blocker === null;

  return (
    <section className="view perps-page" data-testid="view-perps" aria-label="Perps" data-account-id={accountId ?? ''}>
      <header className="an-header">
        <PerpsAccountPicker value={choice} onChange={setChoice} testId="perps-account" />
        {ready ? (
          <dl className="pf-stats">
            <div className="pf-stat" title="The latest equity point (1-second klines)">
              <dt>Equity</dt>
              <dd className="num" data-testid="perps-equity">
                {perps?.equity == null ? '—' : formatUsd(perps.equity)}
              </dd>
            </div>
            <div className="pf-stat">
              <dt>Free collateral ≈</dt>
              <dd className="num" data-testid="perps-free-collateral">
                {perps?.freeCollateral == null ? '—' : formatUsd(perps.freeCollateral)}
              </dd>
            </div>
          </dl>
        ) : null}
      </header>
      <PerpsInfoError />
      <ProxyExpiryNote perps={perps} testId="perps-proxy-expiry" />
      <div className="px-body">
        <div className="px-side">
          {info ? <AssetsTable info={info} /> : null}
          {ready && isSandbox && info ? <PaperControls accountId={accountId} info={info} /> : null}
          <TradeTape instruments={info?.instruments ?? []} />
        </div>
        <div className="px-main">
          {!account ? (
            <EmptyState title="No account yet" testId="perps-empty">
              <p>
                Add or import an account in <a href={hrefForView('accounts')}>Accounts</a> and create a perps proxy for it to see its equity and funding.
              </p>
            </EmptyState>
          ) : blocker || !accountId ? (
            <NoProxyNote account={account} reason={blocker ?? ''} testId="perps-no-proxy" />
          ) : (
            <>
              <EquityChart accountId={accountId} />
              <FundingPanel accountId={accountId} instruments={info?.instruments ?? []} />
            </>
          )}
        </div>
      </div>
    </section>
  );
}
