/**
 * GET /v2/trades (our payload: TradeRow), newest first, keyset-paginated. Three shapes with the
 * spec's window rules: `user=` walks the wallet's feed under the activity window rules;
 * `condition` or `event_id` without a user serve a fixed three-year window; the bare feed serves
 * the rolling current-plus-previous calendar month. `start`/`end` are ignored outside `user=`.
 */
import { DEFAULT_ACTIVITY_LIMIT } from '../../shared/protocol/analytics';
import { ok, type Reply } from '../http/reply';
import type { RequestContext } from '../http/router';
import { readSortBy } from './activityRoute';
import type { AnalyticsContext } from './context';
import { num } from './cursor';
import { walkFeed, type Anchor } from './feedWalk';
import { readMarketFilter, readUser } from './identifiers';
import { nextPageSize, pageBody } from './pageBody';
import { QueryParams } from './params';
import { kindMarket, kindSide, kindType, typeCode } from './synthetic/history';
import { TradeIndex, tradeRowOf, type TradeEntry } from './tradeIndex';
import { activityWindow, DAY_S, THREE_YEARS_S } from './window';

const TRADE = typeCode('TRADE');

/** First second of the previous calendar month (UTC). */
export function previousMonthStartS(nowS: number): number {
  const d = new Date(nowS * 1000);
  return Math.floor(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 1, 1) / 1000);
}

export function tradesHandler(ctx: AnalyticsContext) {
  const index = new TradeIndex(ctx.ledger);
  return (req: RequestContext): Reply => {
    const params = new QueryParams(req.query);
    const userGiven = params.has('user');
    const user = userGiven ? readUser(params, ctx.contracts) : null;
    let limit = params.limit(DEFAULT_ACTIVITY_LIMIT);
    const filter = readMarketFilter(params);
    const marketSet = ctx.markets.filterSet(filter);
    const side = params.string('side') === undefined ? null : params.oneOf('side', ['BUY', 'SELL'] as const, 'BUY');
    readSortBy(params);
    const nowS = ctx.nowS();
    // Validated on every shape (a malformed bound is still a 400), applied only with `user=`.
    const userWindow = activityWindow(params, nowS);
    let anchor: Anchor | null = null;
    const cursor = params.string('cursor');
    if (cursor !== undefined) {
      const payload = ctx.cursors.decode('trades', cursor);
      // A cursor from a `limit=0` page has no anchor: the walk starts from the beginning.
      anchor = 't' in payload ? { ts: num(payload, 't'), seq: num(payload, 's') } : null;
      limit = num(payload, 'n');
    }
    if (user !== null) {
      const feed = ctx.ledger.feed(user);
      const sideBit = side === 'SELL' ? 1 : 0;
      const accepts = (kind: number) => kindType(kind) === TRADE && (!marketSet || marketSet.has(kindMarket(kind))) && (side === null || kindSide(kind) === sideBit);
      const page = walkFeed(feed, userWindow, 'DESC', anchor, limit, accepts);
      const rows = page.positions.map((p) => {
        const row = feed.row(p);
        const fill = ctx.ledger.fillAt(user, row.sequence_id);
        return fill ? fill.trade : tradeRowOf(row, p % 3 === 0 ? 'maker' : 'taker');
      });
      const last = rows.at(-1);
      const next = page.hasMore ? ctx.cursors.encode('trades', { ...(last ? { t: last.block_timestamp, s: last.sequence_id } : {}), n: nextPageSize(limit) }) : null;
      return ok(pageBody(rows, next, page.hasMore));
    }
    const window = marketSet ? { start: nowS - THREE_YEARS_S, end: nowS + DAY_S } : { start: previousMonthStartS(nowS), end: nowS + DAY_S };
    const entries = marketSet ? index.forMarkets(marketSet) : index.since(window.start);
    const rows = [];
    let hasMore = false;
    let lastEntry: TradeEntry | null = null;
    for (let i = upperBelow(entries, anchor); i >= 0; i -= 1) {
      const e = entries[i]!;
      if (e.ts < window.start) break;
      if (e.ts > window.end) continue;
      const row = index.row(e);
      if (side !== null && row.side !== side) continue;
      if (rows.length === limit) { hasMore = true; break; }
      rows.push(row);
      lastEntry = e;
    }
    const next = hasMore ? ctx.cursors.encode('trades', { ...(lastEntry ? { t: lastEntry.ts, s: lastEntry.ord } : {}), n: nextPageSize(limit) }) : null;
    return ok(pageBody(rows, next, hasMore));
  };
}

/** Index of the last entry strictly below the anchor (the newest when there is none). */
function upperBelow(entries: readonly TradeEntry[], anchor: Anchor | null): number {
  if (!anchor) return entries.length - 1;
  let lo = 0;
  let hi = entries.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const e = entries[mid]!;
    if (e.ts < anchor.ts || (e.ts === anchor.ts && e.ord < anchor.seq)) lo = mid + 1;
    else hi = mid;
  }
  return lo - 1;
}
