/** One market of the chosen event: its question, outcome prices, tick size and minimum size. */
import { memo } from 'react';
import type { MarketSummary } from '../../../shared/viewModels';
import { formatPrice } from '../../lib/format';

interface MarketRowProps {
  market: MarketSummary;
  selected: boolean;
  /** In multi-market events the group item title ("Trump", "Harris") is what tells rows apart. */
  showGroupTitle: boolean;
  onSelect: (marketId: string) => void;
}

function marketState(market: MarketSummary): string | null {
  if (market.closed) return 'CLOSED';
  if (!market.active) return 'INACTIVE';
  if (!market.acceptingOrders) return 'NOT ACCEPTING ORDERS';
  return null;
}

export const MarketRow = memo(function MarketRow({ market, selected, showGroupTitle, onSelect }: MarketRowProps) {
  const heading = showGroupTitle && market.groupItemTitle ? market.groupItemTitle : market.question;
  const state = marketState(market);
  return (
    <div role="listitem">
      <button
        type="button"
        className="market-row"
        aria-pressed={selected}
        data-testid="market-row"
        data-market-id={market.id}
        onClick={() => onSelect(market.id)}
      >
        <span className="market-row-heading">{heading}</span>
        {heading !== market.question ? <span className="market-row-question">{market.question}</span> : null}
        <span className="market-row-prices">
          {market.outcomes.map((outcome, index) => (
            <span key={outcome.tokenId} className={`outcome-price outcome-${index === 0 ? 'first' : 'other'}`}>
              <span className="outcome-name">{outcome.name}</span>
              <span className="num">{formatPrice(outcome.price, market.tickSize)}</span>
            </span>
          ))}
        </span>
        <span className="market-row-meta">
          <span>
            tick <span className="num">{market.tickSize}</span>
          </span>
          <span>
            min <span className="num">{market.minOrderSize}</span>
          </span>
          {market.negRisk ? <span className="badge badge-negrisk">NEG RISK</span> : null}
          {state ? <span className="badge">{state}</span> : null}
        </span>
      </button>
    </div>
  );
});
