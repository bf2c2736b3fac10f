/**
 * How a row of any market (an open order, a trade, a fill) is named and priced in the tables:
 * by its own market's question and tick, which the core attaches from the catalog. Only when the
 * catalog did not know the market does the row fall back: the market in view supplies them if it
 * is that market, else the condition id is shortened and the price keeps its own digits (never
 * rounded onto another market's tick).
 */
import type { MarketLabel } from '../../../../shared/tradingViews';

export interface RowMarket {
  name: string;
  tickSize: string;
}

/** The market in view (a TradeTarget satisfies it). */
interface ViewedMarket {
  conditionId: string;
  question: string;
  tickSize: string;
}

const shortConditionId = (conditionId: string) => (conditionId.length > 12 ? `${conditionId.slice(0, 10)}…` : conditionId);

/** A tick with as many decimals as `price` has, so formatting shows it exactly. */
export function tickOfDigits(price: string): string {
  const point = price.indexOf('.');
  const decimals = point === -1 ? 0 : price.length - point - 1;
  return decimals === 0 ? '1' : `0.${'0'.repeat(decimals - 1)}1`;
}

export function rowMarket(row: { market: string; price: string } & MarketLabel, viewed: ViewedMarket): RowMarket {
  const here = row.market === viewed.conditionId;
  return {
    name: row.question || (here ? viewed.question : shortConditionId(row.market)),
    tickSize: row.tickSize || (here ? viewed.tickSize : tickOfDigits(row.price)),
  };
}
