/**
 * With several wallets shown (all accounts), each wallet's figures as the core worked them out:
 * the header's totals are exactly the sums of these lines (portfolioFigures.ts).
 */
import type { PortfolioView } from '../../../shared/portfolioViews';
import { shortAddress } from '../../lib/address';
import { formatNumber, formatUsd } from '../../lib/format';

export function WalletBreakdown({ view }: { view: PortfolioView }) {
  const lines = [...view.byWallet].sort((a, b) => Number(b.total) - Number(a.total));
  return (
    <section className="an-card pf-wallets" aria-label="Per wallet" data-testid="portfolio-wallets">
      <header className="subpane-header">
        <span className="pane-title">Per wallet</span>
      </header>
      <table className="an-mini-table">
        <thead>
          <tr>
            <th>Wallet</th>
            <th className="cell-num">Pos.</th>
            <th className="cell-num">Cash</th>
            <th className="cell-num">Value</th>
            <th className="cell-num">Total</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.wallet.address} data-testid="portfolio-wallet-row" data-address={line.wallet.address}>
              <td title={line.wallet.address}>
                {line.wallet.label ?? shortAddress(line.wallet.address)}
                {line.wallet.watchOnly ? <span className="badge an-badge-gap">WATCH</span> : null}
              </td>
              <td className="cell-num num">{formatNumber(line.positions)}</td>
              <td className="cell-num num" data-col="cash">{line.cash === null ? '—' : formatUsd(line.cash)}</td>
              <td className="cell-num num" data-col="value">{formatUsd(line.value)}</td>
              <td className="cell-num num" data-col="total">{formatUsd(line.total)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
