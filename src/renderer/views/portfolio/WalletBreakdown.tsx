/**
 * With several wallets shown (all accounts), what each holds: value and P&L per wallet, summed
 * from its positions here (display only; the totals above come from the core).
 */
import type { PortfolioView } from '../../../shared/portfolioViews';
import { shortAddress } from '../../lib/address';
import { formatUsd } from '../../lib/format';
import { formatSignedUsd, pnlTone, toNumber } from './money';

interface WalletLine {
  address: string;
  label: string;
  watchOnly: boolean;
  positions: number;
  value: number;
  pnl: number;
}

function linesOf(view: PortfolioView): WalletLine[] {
  const lines = new Map<string, WalletLine>();
  for (const wallet of view.wallets) {
    lines.set(wallet.address.toLowerCase(), { address: wallet.address, label: wallet.label ?? shortAddress(wallet.address), watchOnly: wallet.watchOnly, positions: 0, value: 0, pnl: 0 });
  }
  for (const position of view.positions) {
    const line = lines.get(position.wallet.address.toLowerCase());
    if (!line) continue;
    line.positions += 1;
    line.value += toNumber(position.currentValue) ?? 0;
    line.pnl += toNumber(position.cashPnl) ?? 0;
  }
  return [...lines.values()].sort((a, b) => b.value - a.value);
}

export function WalletBreakdown({ view }: { view: PortfolioView }) {
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
            <th className="cell-num">Value</th>
            <th className="cell-num">P&amp;L</th>
          </tr>
        </thead>
        <tbody>
          {linesOf(view).map((line) => (
            <tr key={line.address} data-testid="portfolio-wallet-row">
              <td title={line.address}>
                {line.label}
                {line.watchOnly ? <span className="badge an-badge-gap">WATCH</span> : null}
              </td>
              <td className="cell-num num">{line.positions}</td>
              <td className="cell-num num">{formatUsd(line.value)}</td>
              <td className={`cell-num num ${pnlTone(line.pnl) ?? ''}`}>{formatSignedUsd(line.pnl)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
