/**
 * What every fill on a book leaves behind for the public: the recent trades of the market
 * (simulated and user trades alike, at most RECENT_PER_MARKET, newest first on read) and its
 * price series (priceSeries.ts). Kept in Yes terms per market; the No token reads the mirror.
 */
import type { MarketEntry, TokenEntry } from '../clob/exchange';
import type { BookFill, BookSide } from '../clob/marketBook';
import { complementPips, tickPips } from '../clob/units';
import { PriceSeries } from './priceSeries';

export const RECENT_PER_MARKET = 200;

export interface PublicTrade {
  /** Yes pips. */
  price: number;
  /** Hundredths of a share. */
  size: number;
  /** The taker's side in Yes terms. */
  side: BookSide;
  timeMs: number;
}

/** Fills at one price from one sweep are one trade; a sweep through three levels is three. */
export function groupByPrice(fills: readonly BookFill[]): BookFill[][] {
  const groups: BookFill[][] = [];
  for (const fill of fills) {
    const group = groups[groups.length - 1];
    if (group && (group[0] as BookFill).price === fill.price) group.push(fill);
    else groups.push([fill]);
  }
  return groups;
}

export class MarketActivity {
  private readonly recent = new Map<string, PublicTrade[]>();
  private readonly series = new Map<string, PriceSeries>();

  constructor(
    private readonly seed: number,
    private readonly anchorMinute: number,
  ) {}

  record(entry: MarketEntry, fills: readonly BookFill[], timeMs: number): void {
    const key = entry.market.conditionId;
    const list = this.recent.get(key) ?? [];
    const series = this.seriesOf(entry);
    for (const group of groupByPrice(fills)) {
      const first = group[0] as BookFill;
      const size = group.reduce((sum, f) => sum + f.size, 0);
      list.push({ price: first.price, size, side: first.side, timeMs });
      series.record(timeMs, first.price, size);
    }
    // Trimmed in batches (reads only look at the newest entries): a splice per trade is O(n) each time.
    if (list.length > 2 * RECENT_PER_MARKET) list.splice(0, list.length - RECENT_PER_MARKET);
    this.recent.set(key, list);
  }

  /** Newest first, as seen from the token's outcome. */
  recentTrades(token: TokenEntry, limit: number): PublicTrade[] {
    const list = this.recent.get(token.entry.market.conditionId) ?? [];
    const out: PublicTrade[] = [];
    for (let i = list.length - 1; i >= 0 && out.length < limit; i -= 1) {
      const t = list[i] as PublicTrade;
      out.push(token.outcome === 0 ? t : { ...t, price: complementPips(t.price), side: t.side === 'BUY' ? 'SELL' : 'BUY' });
    }
    return out;
  }

  seriesOf(entry: MarketEntry): PriceSeries {
    const key = entry.market.conditionId;
    let series = this.series.get(key);
    if (!series) {
      series = new PriceSeries({
        key,
        seed: this.seed,
        fairPips: entry.market.initialFairPips,
        tickPips: tickPips(entry.market.tickSize),
        minSizeCents: entry.market.minOrderSize * 100,
        anchorMinute: this.anchorMinute,
      });
      this.series.set(key, series);
    }
    return series;
  }
}
