/**
 * The world's markets as the analytics service addresses them: by dense index (synthetic rows
 * store a market as a small integer), by condition id, by token id and by catalog event id.
 */
import type { World, WorldEvent, WorldMarket } from '../world/types';

export interface IndexedMarket {
  index: number;
  market: WorldMarket;
  event: WorldEvent;
  /** Lower-case catalog category, e.g. `sports`. */
  category: string;
  /** Epoch seconds of resolution, null while unresolved. */
  resolvedAtS: number | null;
}

export class MarketIndex {
  readonly markets: IndexedMarket[];
  readonly resolved: IndexedMarket[];
  readonly negRisk: IndexedMarket[];
  private readonly byCondition = new Map<string, IndexedMarket>();
  private readonly byToken = new Map<string, { market: IndexedMarket; outcome: 0 | 1 }>();
  private readonly byEvent = new Map<string, IndexedMarket[]>();

  constructor(world: World) {
    this.markets = [];
    for (const event of world.events) {
      const category = String(event.record.category ?? '').toLowerCase();
      for (const market of event.markets) {
        const closedTime = Date.parse(String(market.record.closedTime ?? ''));
        const entry: IndexedMarket = {
          index: this.markets.length, market, event, category,
          resolvedAtS: market.resolvedOutcome === null || Number.isNaN(closedTime) ? null : Math.floor(closedTime / 1000),
        };
        this.markets.push(entry);
        this.byCondition.set(market.conditionId.toLowerCase(), entry);
        market.tokenIds.forEach((token, outcome) => this.byToken.set(token, { market: entry, outcome: outcome as 0 | 1 }));
        const list = this.byEvent.get(event.id) ?? [];
        list.push(entry);
        this.byEvent.set(event.id, list);
      }
    }
    this.resolved = this.markets.filter((m) => m.resolvedAtS !== null);
    this.negRisk = this.markets.filter((m) => m.market.negRisk);
  }

  condition(conditionId: string): IndexedMarket | undefined {
    return this.byCondition.get(conditionId.toLowerCase());
  }

  token(tokenId: string): { market: IndexedMarket; outcome: 0 | 1 } | undefined {
    return this.byToken.get(tokenId);
  }

  event(eventId: string): readonly IndexedMarket[] {
    return this.byEvent.get(eventId) ?? [];
  }

  categories(): string[] {
    return [...new Set(this.markets.map((m) => m.category))].sort();
  }

  /**
   * The set of market indices a `condition` / `event_id` filter names, or null for "no filter".
   * Unknown ids simply match nothing (a documented miss is an empty list, not an error).
   */
  filterSet(filter: { conditions?: string[]; eventIds?: string[] }): Set<number> | null {
    if (filter.conditions) {
      return new Set(filter.conditions.flatMap((c) => { const m = this.condition(c); return m ? [m.index] : []; }));
    }
    if (filter.eventIds) return new Set(filter.eventIds.flatMap((id) => this.event(id).map((m) => m.index)));
    return null;
  }
}

export const OUTCOME_NAMES = ['Yes', 'No'] as const;
