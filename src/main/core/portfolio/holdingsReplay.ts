/**
 * A wallet's holdings per outcome token at the end of each past day, worked back from the
 * positions it holds now: walking its stored activity (holdingHistory.ts) from the newest row
 * down, each change is undone (a BUY had not yet added its shares, a SELL had not yet removed
 * them, a SPLIT had not yet added the same shares of every outcome of the market and a MERGE had
 * not yet removed them, a REDEEM had not yet emptied what it redeemed). Anchored on today's
 * positions, the series ends exactly where the portfolio is, even where the feed leaves out an
 * amount the service knows.
 */
import { BUY, MERGE, REDEEM, SELL, SPLIT, type HoldingHistory, type PricePoints } from './holdingHistory';

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
