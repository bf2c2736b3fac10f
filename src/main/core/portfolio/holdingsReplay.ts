/**
 * A wallet's holdings per outcome token at the end of each past day, worked back from the
 * positions it holds now: walking its stored activity from the newest row down, each change is
 * undone (a BUY had not yet added its shares, a SELL had not yet removed them, a SPLIT had not
 * yet added the same shares of every outcome of the market and a MERGE had not yet removed them,
 * a REDEEM had not yet emptied what it redeemed). Anchored on today's positions, the series ends
 * exactly where the portfolio is, even where the feed leaves out an amount the service knows.
 * Along the way the wallet's own trade prices per token are kept, in time order: the price of a
 * holding where the service has no daily price.
 */
import type { HoldingChange } from '../history/activityTable';

const BUY = 0;
const SELL = 1;
const SPLIT = 2;
const MERGE = 3;
const REDEEM = 4;
const KINDS: Record<string, number> = { SPLIT, MERGE, REDEEM };

/** A price series in time order (unix seconds). */
export type PricePoints = ReadonlyArray<{ t: number; p: number }>;

/** A wallet's holding changes, oldest first, in columns: the series walks them twice. */
export interface HoldingHistory {
  tokens: string[];
  ts: Float64Array;
  kind: Uint8Array;
  /** Index into `tokens`, or -1 when the row names only its market. */
  token: Int32Array;
  /** Index into `outcomesOf`, or -1. */
  market: Int32Array;
  size: Float64Array;
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
    if ((k === BUY || k === SELL) && change.price !== null) {
      let points = tradePrices.get(t);
      if (!points) tradePrices.set(t, (points = []));
      points.push({ t: change.ts, p: change.price });
    }
  }
  return {
    tokens, ts: Float64Array.from(ts), kind: Uint8Array.from(kind), token: Int32Array.from(token), market: Int32Array.from(market),
    size: Float64Array.from(size), outcomesOf, tradePrices,
  };
}

/**
 * Calls `onDayEnd` for each of `dayEnds` (given ascending), newest first, with the shares held at
 * that moment per token (index into `tokens`). `now` maps token ids to the shares held today; a
 * token the history never names was held all along. The array is live: read it, keep nothing.
 */
export function replayBack(
  history: HoldingHistory, now: ReadonlyMap<string, number>, dayEnds: readonly number[],
  onDayEnd: (dayEnd: number, shares: Float64Array, tokens: readonly string[]) => void,
): void {
  const tokens = [...history.tokens];
  const named = new Set(tokens);
  for (const token of now.keys()) if (!named.has(token)) tokens.push(token);
  const shares = new Float64Array(tokens.length);
  tokens.forEach((token, i) => (shares[i] = now.get(token) ?? 0));
  let row = history.ts.length - 1;
  for (let day = dayEnds.length - 1; day >= 0; day--) {
    const dayEnd = dayEnds[day]!;
    // Undo every change made after this day's end.
    for (; row >= 0 && history.ts[row]! > dayEnd; row--) undo(history, row, shares);
    onDayEnd(dayEnd, shares, tokens);
  }
}

function undo(history: HoldingHistory, row: number, shares: Float64Array): void {
  const size = history.size[row]!;
  const token = history.token[row]!;
  const outcomes = history.market[row]! >= 0 ? history.outcomesOf[history.market[row]!]! : [];
  switch (history.kind[row]) {
    case BUY:
      shares[token]! -= size;
      break;
    case SELL:
      shares[token]! += size;
      break;
    case SPLIT:
      for (const outcome of outcomes) shares[outcome]! -= size;
      break;
    case MERGE:
      for (const outcome of outcomes) shares[outcome]! += size;
      break;
    case REDEEM:
      // A redemption names the shares it redeemed; one that names only its market cannot say which outcome.
      if (token >= 0) shares[token]! += size;
      break;
  }
}

/** The last point at or before `t` (binary search over points in time order). */
export function priceAt(points: PricePoints, t: number): number | undefined {
  let lo = 0;
  let hi = points.length - 1;
  let found: number | undefined;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (points[mid]!.t <= t) {
      found = points[mid]!.p;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

/** UTC midnights after `startTs` and before `endTs`: the ends of the past days of a range. */
export function dayEndsBetween(startTs: number, endTs: number): number[] {
  const DAY = 86_400;
  const ends: number[] = [];
  for (let end = Math.floor(startTs / DAY) * DAY + DAY; end < endTs; end += DAY) ends.push(end);
  return ends;
}
