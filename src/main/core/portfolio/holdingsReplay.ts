/**
 * Replays a wallet's stored activity (oldest first) into its holdings of each outcome token at
 * the end of each day of a range: a BUY adds shares, a SELL removes them, a SPLIT adds (and a
 * MERGE removes) the same number of shares of every outcome of the market, a REDEEM empties the
 * market's outcomes. Along the way it notes each token's last traded price per day, the
 * fallback price where the service has no history for a token.
 */
import type { HoldingChange } from '../history/activityTable';

/**
 * Called at each day's end with the holdings then and the wallet's own last trade price per token
 * up to then. The maps are live (not copies, which would cost days × tokens): read them, keep nothing.
 */
export type DayClose = (dayEnd: number, holdings: ReadonlyMap<string, number>, lastPrice: ReadonlyMap<string, number>) => void;

const DUST = 1e-9;

export function replayHoldings(
  changes: Iterable<HoldingChange>,
  dayEnds: readonly number[],
  tokensByCondition: ReadonlyMap<string, readonly string[]>,
  onDayClose: DayClose,
): void {
  const holdings = new Map<string, number>();
  const lastPrice = new Map<string, number>();
  let day = 0;
  const closeDaysBefore = (ts: number) => {
    while (day < dayEnds.length && ts >= dayEnds[day]!) onDayClose(dayEnds[day++]!, holdings, lastPrice);
  };
  const add = (token: string, shares: number) => {
    const next = (holdings.get(token) ?? 0) + shares;
    if (Math.abs(next) < DUST) holdings.delete(token);
    else holdings.set(token, next);
  };
  const tokensOf = (change: HoldingChange) =>
    change.token_id ? [change.token_id] : change.condition_id ? (tokensByCondition.get(change.condition_id) ?? []) : [];

  for (const change of changes) {
    closeDaysBefore(change.ts);
    const size = change.size ?? 0;
    switch (change.type) {
      case 'TRADE':
        if (!change.token_id) break;
        add(change.token_id, change.side === 'SELL' ? -size : size);
        if (change.price !== null) lastPrice.set(change.token_id, change.price);
        break;
      case 'SPLIT':
        for (const token of tokensOf(change)) add(token, size);
        break;
      case 'MERGE':
        for (const token of tokensOf(change)) add(token, -size);
        break;
      case 'REDEEM':
        for (const token of change.condition_id ? (tokensByCondition.get(change.condition_id) ?? []) : tokensOf(change)) holdings.delete(token);
        break;
    }
  }
  closeDaysBefore(Number.POSITIVE_INFINITY);
}

/** Day ends (UTC midnights after each day) from `startTs` up to and including the day of `endTs`. */
export function dayEndsBetween(startTs: number, endTs: number): number[] {
  const DAY = 86_400;
  const ends: number[] = [];
  for (let end = Math.floor(startTs / DAY) * DAY + DAY; end < endTs + DAY; end += DAY) ends.push(Math.min(end, endTs));
  return ends;
}
