/** One market of the chosen event: its question, outcome prices and 24 h change, tick, minimum size and state. */
import { memo } from 'react';
import type { MarketSummary } from '../../../shared/viewModels';
import { formatPrice, formatSize } from '../../lib/format';
import { StateBadge } from './MarketBadges';
import { PriceChange } from './PriceChange';

interface MarketRowProps {
  market: MarketSummary;
  selected: boolean;
  /** In multi-market events the group item title ("Trump", "Harris") is what tells rows apart. */
  showGroupTitle: boolean;
  onSelect: (marketId: string) => void;
}

export const MarketRow = memo(function MarketRow({ market, selected, showGroupTitle, onSelect }: MarketRowProps) {
  const heading = showGroupTitle && market.groupItemTitle ? market.groupItemTitle : market.question;
  const tradable = market.active && !market.closed && market.acceptingOrders;
  return (
    <div role="listitem">
      <button
        type="button"
        className="market-row"
        aria-pressed={selected}
        data-testid="market-row"
        data-market-id={market.id}
        data-tick={market.tickSize}
        data-tradable={tradable}
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
          {market.closed ? null : <PriceChange change={market.oneDayPriceChange} />}
        </span>
        <span className="market-row-meta">
          <span>
            tick <span className="num">{formatPrice(market.tickSize, market.tickSize)}</span>
          </span>
          <span>
            min <span className="num">{formatSize(market.minOrderSize)}</span>
          </span>
          {market.negRisk ? <span className="badge badge-negrisk">NEG RISK</span> : null}
          <StateBadge facts={market} testId="market-state" />
        </span>
      </button>
    </div>
  );
});
