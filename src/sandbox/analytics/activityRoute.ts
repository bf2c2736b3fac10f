/**
 * GET /v2/activity: the keyset-paginated activity feed of one wallet, every parameter rule of
 * the spec. The cursor carries the seek anchor (block_timestamp, sequence_id), the page size and
 * the direction; filters are re-sent by the client on every page.
 */
import { ACTIVITY_TYPES, DEFAULT_ACTIVITY_LIMIT, type ActivityType } from '../../shared/protocol/analytics';
import type { Reply } from '../http/reply';
import type { RequestContext } from '../http/router';
import type { AnalyticsContext } from './context';
import { num, str } from './cursor';
import { invalid } from './errors';
import { walkFeed, type Anchor, type Direction } from './feedWalk';
import { readMarketFilter, readUser } from './identifiers';
import { QueryParams } from './params';
import { kindMarket, kindSide, kindType, typeCode } from './synthetic/history';
import { activityWindow } from './window';
import { nextPageSize } from './pageBody';
import { PageCache } from './pageCache';
import type { Page } from './pageSlots';
import { pageJob } from './pageWriter';

const DEFAULT_TYPES = ACTIVITY_TYPES.filter((t) => t !== 'TIP');

/** `type`: named types only; TIP only when named; deposits/withdrawals per the exclude flag. */
function readTypes(params: QueryParams): Set<number> {
  const named = params.list('type')?.map((raw) => {
    const hit = ACTIVITY_TYPES.find((t) => t === raw.toUpperCase());
    if (!hit) throw invalid('type', `unknown activity type '${raw}' (known: ${ACTIVITY_TYPES.join(', ')})`);
    return hit;
  });
  const excludeSent = params.has('exclude_deposits_withdrawals');
  const exclude = params.boolean('exclude_deposits_withdrawals', true);
  const types = new Set<ActivityType>(named ?? DEFAULT_TYPES);
  if (exclude) {
    for (const t of ['DEPOSIT', 'WITHDRAWAL'] as const) {
      // A type named explicitly wins over the default; an explicit `true` alongside it contradicts it.
      if (named?.includes(t) && excludeSent) throw invalid('exclude_deposits_withdrawals', `type names ${t} but exclude_deposits_withdrawals=true excludes it`);
      if (!named?.includes(t)) types.delete(t);
    }
  }
  return new Set([...types].map(typeCode));
}

export function readSortBy(params: QueryParams): void {
  const sortBy = params.string('sort_by');
  if (sortBy !== undefined && sortBy.toUpperCase() !== 'TIMESTAMP') {
    throw invalid('sort_by', `unsupported sort_by '${sortBy}': only TIMESTAMP is supported`);
  }
}

export function activityHandler(ctx: AnalyticsContext, cacheSize = 32) {
  const cache = new PageCache(cacheSize, ctx.pages.slots);
  /** The response holds the page until it is sent (pageSlots.ts). */
  const reply = (page: Page): Reply => ({ status: 200, body: null, raw: page.bytes, onSent: () => ctx.pages.slots.release(page) });
  return (req: RequestContext): Reply | Promise<Reply> => {
    const params = new QueryParams(req.query);
    const user = readUser(params, ctx.contracts);
    const limitParam = params.limit(DEFAULT_ACTIVITY_LIMIT);
    const types = readTypes(params);
    const marketSet = ctx.markets.filterSet(readMarketFilter(params));
    const side = params.oneOf('side', ['BUY', 'SELL'] as const, 'BUY');
    const sideSent = params.has('side');
    const window = activityWindow(params, ctx.nowS());
    readSortBy(params);
    let direction: Direction = params.oneOf('sort_direction', ['ASC', 'DESC'] as const, 'DESC');
    let anchor: Anchor | null = null;
    let limit = limitParam;
    const cursor = params.string('cursor');
    if (cursor !== undefined) {
      const payload = ctx.cursors.decode('activity', cursor);
      // A cursor from a `limit=0` page has no anchor: the walk starts from the beginning.
      anchor = 't' in payload ? { ts: num(payload, 't'), seq: num(payload, 's') } : null;
      limit = num(payload, 'n');
      // The cursor binds the direction it was issued under; the resumed walk adopts it.
      direction = str(payload, 'd') === 'ASC' ? 'ASC' : 'DESC';
    }
    const sideBit = side === 'SELL' ? 1 : 0;
    const tradeCode = typeCode('TRADE');
    // One bit per accepted type code: the scan tests a thousand-odd kinds per page.
    let typeBits = 0;
    for (const code of types) typeBits |= 1 << code;
    const accepts = (kind: number): boolean => {
      const type = kindType(kind);
      if (((typeBits >>> type) & 1) === 0) return false;
      if (marketSet && !marketSet.has(kindMarket(kind))) return false;
      // `side` filters trades (BUY/SELL); rows without a side do not match a side filter.
      if (sideSent && (type !== tradeCode || kindSide(kind) !== sideBit)) return false;
      return true;
    };
    const feed = ctx.ledger.feed(user);
    const key = [
      user, feed.count, feed.firstAtOrAfter(window.start), feed.lastAtOrBefore(window.end), direction, anchor?.ts, anchor?.seq, limit,
      [...types].join('.'), marketSet ? [...marketSet].join('.') : '*', sideSent ? side : '*',
    ].join('|');
    const cached = cache.get(key);
    if (cached) {
      ctx.pages.slots.retain(cached);
      return reply(cached);
    }
    const page = walkFeed(feed, window, direction, anchor, limit, accepts);
    const last = page.positions.at(-1);
    const next = page.hasMore
      ? ctx.cursors.encode('activity', { ...(last === undefined ? {} : { t: feed.ts(last), s: last + 1 }), n: nextPageSize(limit), d: direction })
      : null;
    // The page is written as bytes row by row (synthetic rows never become objects on this path);
    // a big page's synthetic rows are written on the page worker (pageThread.ts).
    const job = pageJob(feed, page.positions, JSON.stringify({ next_cursor: next, has_more: page.hasMore }));
    const done = (page: Page): Reply => {
      cache.set(key, page);
      return reply(page);
    };
    const written = ctx.pages.write(feed.history, job);
    return written instanceof Promise ? written.then(done) : done(written);
  };
}
