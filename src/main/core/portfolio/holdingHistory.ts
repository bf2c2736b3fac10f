/**
 * A wallet's stored activity rows that move holdings (TRADE, SPLIT, MERGE, REDEEM), oldest first,
 * in columns with tokens and markets as small integers: 255,000 rows of the large synthetic
 * wallet are loaded once per change of its stored rows (walletHistories.ts), then walked by the
 * value chart (holdingsReplay.ts) and by realised P&L (realisedPnl.ts) without a string lookup
 * per row. The wallet's own trade prices per token are kept too, in time order: the price of a
 * holding where the service has no daily price.
 */
import type { HoldingChange } from '../history/activityTable';

export const BUY = 0;
export const SELL = 1;
export const SPLIT = 2;
export const MERGE = 3;
export const REDEEM = 4;
const KINDS: Record<string, number> = { SPLIT, MERGE, REDEEM };

/** A price series in time order (unix seconds). */
export type PricePoints = ReadonlyArray<{ t: number; p: number }>;

/** A wallet's holding changes, oldest first, in columns: loaded once, walked by the chart and by realised P&L. */
export interface HoldingHistory {
  tokens: string[];
  ts: Float64Array;
  kind: Uint8Array;
  /** Index into `tokens`, or -1 when the row names only its market. */
  token: Int32Array;
  /** Index into `outcomesOf`, or -1. */
  market: Int32Array;
  size: Float64Array;
  /** The row's price and USD amount; NaN where the service sent none. */
  price: Float64Array;
  usdc: Float64Array;
  /** The outcome tokens (indexes) of each market the wallet touched. */
  outcomesOf: number[][];
  /** The wallet's own trade prices per token index. */
  tradePrices: Map<number, Array<{ t: number; p: number }>>;
}

export function loadHoldingHistory(changes: Iterable<HoldingChange>, tokensByCondition: ReadonlyMap<string, readonly string[]>): HoldingHistory {
  const tokenIndex = new Map<string, number>();
  const tokens: string[] = [];
  const indexOf = (token: string) => {
    let index = tokenIndex.get(token);
    if (index === undefined) tokenIndex.set(token, (index = tokens.push(token) - 1));
    return index;
  };
  const marketIndex = new Map<string, number>();
  const outcomesOf: number[][] = [];
  const marketOf = (condition: string) => {
    let index = marketIndex.get(condition);
    if (index === undefined) marketIndex.set(condition, (index = outcomesOf.push((tokensByCondition.get(condition) ?? []).map(indexOf)) - 1));
    return index;
  };
  const ts: number[] = [];
  const kind: number[] = [];
  const token: number[] = [];
  const market: number[] = [];
  const size: number[] = [];
  const price: number[] = [];
  const usdc: number[] = [];
  const tradePrices = new Map<number, Array<{ t: number; p: number }>>();
  for (const change of changes) {
    const k = change.type === 'TRADE' ? (change.side === 'SELL' ? SELL : BUY) : KINDS[change.type];
    if (k === undefined || ((k === BUY || k === SELL) && !change.token_id)) continue;
    const t = change.token_id ? indexOf(change.token_id) : -1;
    ts.push(change.ts);
    kind.push(k);
    token.push(t);
    market.push(change.condition_id ? marketOf(change.condition_id) : -1);
    size.push(change.size ?? 0);
    price.push(change.price ?? Number.NaN);
    usdc.push(change.size_usdc ?? Number.NaN);
    if ((k === BUY || k === SELL) && change.price !== null) {
      let points = tradePrices.get(t);
      if (!points) tradePrices.set(t, (points = []));
      points.push({ t: change.ts, p: change.price });
    }
  }
  return {
    tokens, ts: Float64Array.from(ts), kind: Uint8Array.from(kind), token: Int32Array.from(token), market: Int32Array.from(market),
    size: Float64Array.from(size), price: Float64Array.from(price), usdc: Float64Array.from(usdc), outcomesOf, tradePrices,
  };
}
