/**
 * Names and ticks for rows of any market. Open orders, trades and fills arrive with a condition
 * id only; shown under "All" they need their own market's question and tick (an order at 0.013
 * on a 0.001-tick market must not read 0.01). The catalog knows both; this keeps what it said
 * per market for a while, so the every-2-seconds open-orders poll costs no catalog requests, and
 * remembers misses too (a market the catalog no longer lists is not looked up on every poll).
 * A failed lookup never fails the rows: they go out unlabelled and the next read tries again.
 */
import type { MarketLabel } from '../../../shared/tradingViews';
import type { Logger } from '../log';

/** Ticks change rarely (the exchange narrows them near 0 and 1); questions never. */
export const MARKET_LABEL_TTL_MS = 10 * 60_000;

export type FindMarketLabel = (conditionId: string) => Promise<MarketLabel | null>;

interface Remembered {
  label: MarketLabel | null;
  at: number;
}

export class MarketLabels {
  private readonly known = new Map<string, Remembered>();

  constructor(
    private readonly find: FindMarketLabel,
    private readonly log: Logger,
    private readonly now: () => number = Date.now,
  ) {}

  /** The rows with each one's market question and tick filled in (where the catalog knows it). */
  async label<T extends { market: string } & MarketLabel>(rows: readonly T[]): Promise<T[]> {
    const markets = [...new Set(rows.map((row) => row.market).filter((market) => market !== ''))];
    const labels = new Map<string, MarketLabel | null>();
    for (const market of markets) labels.set(market, await this.lookup(market));
    return rows.map((row) => {
      const label = labels.get(row.market);
      return label ? { ...row, question: label.question, tickSize: label.tickSize } : row;
    });
  }

  /** The rows labelled from what is already held, or null when a market would need a lookup. */
  labelKnown<T extends { market: string } & MarketLabel>(rows: readonly T[]): T[] | null {
    const out: T[] = [];
    for (const row of rows) {
      const held = row.market === '' ? undefined : this.known.get(row.market);
      if (row.market !== '' && (!held || this.now() - held.at >= MARKET_LABEL_TTL_MS)) return null;
      out.push(held?.label ? { ...row, question: held.label.question, tickSize: held.label.tickSize } : row);
    }
    return out;
  }

  private async lookup(conditionId: string): Promise<MarketLabel | null> {
    const held = this.known.get(conditionId);
    if (held && this.now() - held.at < MARKET_LABEL_TTL_MS) return held.label;
    try {
      const label = await this.find(conditionId);
      this.known.set(conditionId, { label, at: this.now() });
      return label;
    } catch (error) {
      this.log.warn(`market label lookup failed: ${error instanceof Error ? error.message : 'unknown'}`);
      return held?.label ?? null;
    }
  }
}
