/**
 * Under the headline figures: what they count apart (positions without a price, or without a
 * cost basis) and what could not be read (cash of a watch-only wallet, a locked vault, a history
 * still syncing), each with its reason, so no figure silently means less than it says.
 */
import type { MissingPart, PortfolioFigures } from '../../../shared/portfolioViews';
import { shortAddress } from '../../lib/address';
import { formatNumber, formatUsd } from '../../lib/format';

const PART_NAMES: Record<MissingPart['part'], string> = { cash: 'Cash', perps: 'Perps equity', realised: 'Realised P&L' };
/** Notes shown for what was not read; the rest are counted in "+N more" (all of them in its title). */
const SHOWN = 3;

/** A wallet by its label, or its address shortened. */
const nameOf = (wallet: string) => (/^0x[0-9a-fA-F]{40}$/.test(wallet) ? shortAddress(wallet) : wallet);
const plural = (count: number, one: string, many: string) => `${formatNumber(count)} ${count === 1 ? one : many}`;

export function PortfolioNotes({ totals }: { totals: PortfolioFigures }) {
  const missing = totals.missing.map((m) => `${PART_NAMES[m.part]} of ${nameOf(m.wallet)} not counted: ${m.reason}`);
  if (totals.unpriced === 0 && totals.noCostBasis === 0 && missing.length === 0) return null;
  return (
    <ul className="pf-notes" data-testid="portfolio-notes">
      {totals.unpriced > 0 ? (
        <li data-testid="portfolio-unpriced">
          {plural(totals.unpriced, 'position has', 'positions have')} no price (the rows say why): not in Value, Cost, P&L or Total; their cost,{' '}
          <span className="num" data-testid="portfolio-unpriced-cost">{formatUsd(totals.unpricedCost)}</span>, is counted apart.
        </li>
      ) : null}
      {totals.noCostBasis > 0 ? (
        <li data-testid="portfolio-no-cost-basis">
          {plural(totals.noCostBasis, 'position has', 'positions have')} no cost basis: their value,{' '}
          <span className="num">{formatUsd(totals.noCostBasisValue)}</span>, is in Total and the chart, not in Value or P&L.
        </li>
      ) : null}
      {missing.slice(0, SHOWN).map((text) => (
        <li key={text} className="pf-note-missing" data-testid="portfolio-missing">
          {text}
        </li>
      ))}
      {missing.length > SHOWN ? <li title={missing.slice(SHOWN).join('\n')}>and {formatNumber(missing.length - SHOWN)} more not counted</li> : null}
    </ul>
  );
}
