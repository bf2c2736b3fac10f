/**
 * The outcome an event's row leads with: the one the market prices as most likely (main's list
 * and the page's opened event use the same rule, so the row and its markets agree). In a
 * multi-market event (one market per candidate) that is the open market with the highest Yes
 * price, named by its group title; in a one-market event it is the higher of Yes and No.
 * Resolved markets are left out while any market is still open, so a decided side race does not
 * crowd out the live question.
 */
import type { LeadingOutcome, MarketSummary } from './viewModels';

interface Candidate extends LeadingOutcome {
  closed: boolean;
}

function candidatesOf(markets: readonly MarketSummary[]): Candidate[] {
  if (markets.length === 1) {
    const market = markets[0] as MarketSummary;
    return market.outcomes.flatMap((outcome, index) => {
      const price = outcome.price === null ? NaN : Number(outcome.price);
      if (!Number.isFinite(price)) return [];
      // The catalog's change is the first outcome's; the second moves by the opposite amount.
      const change24h = index === 0 ? market.oneDayPriceChange : -market.oneDayPriceChange;
      return [{ name: outcome.name, price, change24h, closed: market.closed }];
    });
  }
  return markets.flatMap((market) => {
    const first = market.outcomes[0];
    const price = first?.price === null || first === undefined ? NaN : Number(first.price);
    if (!Number.isFinite(price)) return [];
    return [{ name: market.groupItemTitle || market.question, price, change24h: market.oneDayPriceChange, closed: market.closed }];
  });
}

export function leadingOutcome(markets: readonly MarketSummary[]): LeadingOutcome | null {
  const all = candidatesOf(markets);
  const open = all.filter((c) => !c.closed);
  const pool = open.length > 0 ? open : all;
  let best: Candidate | null = null;
  for (const candidate of pool) if (best === null || candidate.price > best.price) best = candidate;
  return best === null ? null : { name: best.name, price: best.price, change24h: best.change24h };
}
