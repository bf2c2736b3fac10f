/**
 * Equity history of an account (`GET /v1/account/equity`): one point per kline boundary
 * (multiples of the interval since the Unix epoch) from the account's opening to
 * min(end, now), valued by replaying the account's event log against the price paths:
 *   equity(t) = Σ balance_t · price(t) + Σ size_t · (mark(t) − entry_t)
 * where balance_t and the positions are those after every event with ts ≤ t. Newest first; at
 * most `limit` points; `more` when older boundaries exist in the window. O(events + points).
 */
import type { PerpsEquityPoint, PerpsList } from '../../shared/protocol/perps';
import type { AccountBook, BookAccount, PaperPosition } from './accountBook';
import { usdString } from './decimalText';

export function equityPoints(
  book: AccountBook, account: BookAccount, intervalMs: number, startMs: number, endMs: number, limit: number,
): PerpsList<PerpsEquityPoint> {
  const lowest = Math.ceil(Math.max(startMs, account.openedAtMs) / intervalMs) * intervalMs;
  const highest = Math.floor(endMs / intervalMs) * intervalMs;
  if (highest < lowest) return { data: [], more: false };
  const count = Math.floor((highest - lowest) / intervalMs) + 1;
  const taken = Math.min(count, limit);
  const oldestTaken = highest - (taken - 1) * intervalMs;

  const replay = { balances: new Map<string, bigint>(), positions: new Map<number, PaperPosition>() };
  let next = 0;
  const ascending: PerpsEquityPoint[] = [];
  for (let t = oldestTaken; t <= highest; t += intervalMs) {
    for (; next < account.events.length && (account.events[next]?.ts ?? Infinity) <= t; next += 1) {
      const event = account.events[next];
      if (!event) break;
      if (event.kind === 'balance') replay.balances.set(event.asset, (replay.balances.get(event.asset) ?? 0n) + BigInt(event.delta));
      else if (event.size === 0) replay.positions.delete(event.instrumentId);
      else replay.positions.set(event.instrumentId, { instrumentId: event.instrumentId, size: event.size, entryPrice: event.entryPrice });
    }
    ascending.push([t, usdString(book.valuation(replay, t).equity)]);
  }
  return { data: ascending.reverse(), more: taken < count };
}
