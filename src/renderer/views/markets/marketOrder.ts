/**
 * Markets of an event in the order a trader reads them: the likeliest outcome first (by the
 * first outcome's price), markets still trading before resolved ones, catalog order on ties.
 */
import type { MarketSummary } from '../../../shared/viewModels';

const firstPrice = (market: MarketSummary): number => {
  const price = Number(market.outcomes[0]?.price ?? NaN);
  return Number.isFinite(price) ? price : -1;
};

export function marketsByProbability(markets: readonly MarketSummary[]): MarketSummary[] {
  return markets
    .map((market, index) => ({ market, index }))
    .sort((a, b) => Number(a.market.closed) - Number(b.market.closed) || firstPrice(b.market) - firstPrice(a.market) || a.index - b.index)
    .map(({ market }) => market);
}
