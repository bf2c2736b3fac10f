/**
 * The sandbox exchange's registry: one book per live market and an index from every token id
 * to its market and outcome. Resolved and not-yet-trading markets are known (tick size,
 * neg-risk) but have no book, as on the public exchange.
 */
import type { World, WorldMarket } from '../world/types';
import { MarketBook } from './marketBook';
import { tickPips } from './units';

export interface MarketEntry {
  market: WorldMarket;
  book: MarketBook | null;
}

export interface TokenEntry {
  entry: MarketEntry;
  outcome: 0 | 1;
}

export class Exchange {
  readonly markets: readonly MarketEntry[];
  private readonly tokens = new Map<string, TokenEntry>();
  private readonly byCondition = new Map<string, MarketEntry>();

  constructor(world: World, now: () => number = Date.now) {
    this.markets = world.markets.map((market) => {
      const live = market.active && !market.closed && market.acceptingOrders;
      return { market, book: live ? new MarketBook(tickPips(market.tickSize), now) : null };
    });
    for (const entry of this.markets) {
      this.byCondition.set(entry.market.conditionId, entry);
      entry.market.tokenIds.forEach((tokenId, outcome) => {
        this.tokens.set(tokenId, { entry, outcome: outcome as 0 | 1 });
      });
    }
  }

  token(tokenId: string): TokenEntry | undefined {
    return this.tokens.get(tokenId);
  }

  market(conditionId: string): MarketEntry | undefined {
    return this.byCondition.get(conditionId);
  }

  /** Markets with a book, in world order (the simulation iterates them deterministically). */
  liveMarkets(): Array<MarketEntry & { book: MarketBook }> {
    return this.markets.filter((m): m is MarketEntry & { book: MarketBook } => m.book !== null);
  }
}
