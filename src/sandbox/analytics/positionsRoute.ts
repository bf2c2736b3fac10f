/**
 * GET /v2/positions and /v2/closed-positions (our payloads, PositionRow / ClosedPositionRow):
 * a wallet's open and closed positions derived from its fills (synthetic history and real
 * sandbox fills alike), priced from the live books. Offset-behind-token pages; the cursor pins
 * the cohort (user, market filter, sort, redeemable filter; closed positions: the window too).
 * Closed positions take `start`/`end` on `closed_at` under the spec's rule for "other windowed
 * routes": omitted or 0 bounds are unbounded (window.ts `openWindow`).
 */
import type { ClosedPositionRow, PositionRow } from '../../shared/protocol/analytics';
import { ok, type Reply } from '../http/reply';
import type { RequestContext } from '../http/router';
import type { AnalyticsContext } from './context';
import type { Holding } from './holdings';
import { HoldingsBook } from './holdings';
import { readMarketFilter, readUser } from './identifiers';
import { currentPrice } from './livePrice';
import { OUTCOME_NAMES } from './marketIndex';
import { offsetPage, readOffsetCursor, type CohortValue, type OffsetPage } from './offsetCursor';
import { QueryParams } from './params';
import { openWindow } from './window';

const round = (x: number, d = 4) => Math.round(x * 10 ** d) / 10 ** d;
const POSITION_SORTS = ['CURRENT', 'INITIAL', 'TOKENS', 'CASHPNL', 'PERCENTPNL', 'TITLE', 'PRICE', 'AVGPRICE'] as const;
const CLOSED_SORTS = ['TIMESTAMP', 'REALIZEDPNL', 'TITLE'] as const;

interface Common {
  user: string;
  holdings: Holding[];
  params: QueryParams;
  page: OffsetPage;
}

/**
 * user, market filter and sort (in `extra`) form the cohort the cursor pins. With a cursor the
 * client may send none of them (resume bare), restate them, but not contradict them.
 */
function common(ctx: AnalyticsContext, book: HoldingsBook, req: RequestContext, route: string, extra: (p: QueryParams) => Record<string, CohortValue>): Common {
  const params = new QueryParams(req.query);
  const resuming = params.has('cursor');
  const userSent = params.has('user');
  const user = userSent || !resuming ? readUser(params, ctx.contracts) : '';
  const filter = readMarketFilter(params);
  const filterText = filter.conditions ? `c:${filter.conditions.join(',')}` : filter.eventIds ? `e:${filter.eventIds.join(',')}` : '';
  const page = readOffsetCursor(ctx, route, params, {
    user: { value: user, sent: userSent },
    condition: { value: filterText, sent: filterText !== '' },
    ...extra(params),
  }, params.limit(100));
  const pinned = page.cohort.condition ?? '';
  const ids = pinned.slice(2).split(',');
  const markets = pinned === '' ? null : ctx.markets.filterSet(pinned.startsWith('c:') ? { conditions: ids } : { eventIds: ids });
  const wallet = page.cohort.user!;
  const holdings = [...book.of(wallet).values()].filter((h) => !markets || markets.has(h.marketIndex));
  return { user: wallet, holdings, params, page };
}

function sortRows<T>(rows: T[], key: (row: T) => number | string, direction: 'ASC' | 'DESC', tie: (row: T) => string): T[] {
  const sign = direction === 'ASC' ? 1 : -1;
  return rows.sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    const primary = typeof ka === 'string' ? ka.localeCompare(kb as string) : ka - (kb as number);
    return sign * primary || tie(a).localeCompare(tie(b));
  });
}

export function positionHandlers(ctx: AnalyticsContext) {
  const book = new HoldingsBook(ctx.ledger);
  const describe = (h: Holding) => {
    const entry = ctx.markets.markets[h.marketIndex]!;
    return {
      entry,
      ids: {
        condition_id: entry.market.conditionId, token_id: entry.market.tokenIds[h.outcome], market_id: entry.market.id,
        event_id: entry.event.id, event_slug: entry.event.slug, title: entry.market.question,
        outcome: OUTCOME_NAMES[h.outcome], outcome_index: h.outcome,
      },
    };
  };

  const open = (req: RequestContext): Reply => {
    const c = common(ctx, book, req, 'positions', (params) => {
      const redeemableSent = params.has('redeemable');
      return {
        sort_by: { value: params.oneOf('sort_by', POSITION_SORTS, 'CURRENT'), sent: params.has('sort_by') },
        sort_direction: { value: params.oneOf('sort_direction', ['ASC', 'DESC'] as const, 'DESC'), sent: params.has('sort_direction') },
        redeemable: { value: redeemableSent ? String(params.boolean('redeemable', false)) : '', sent: redeemableSent },
      };
    });
    const page = c.page;
    const rows: PositionRow[] = c.holdings.filter((h) => h.shares > 0).map((h) => {
      const { entry, ids } = describe(h);
      const price = currentPrice(ctx.exchange, entry, h.outcome);
      const current = price === null ? null : round(h.shares * price);
      const initial = round(h.cost);
      const cashPnl = current === null ? null : round(current - initial);
      return {
        proxy_wallet: c.user, ...ids, size: round(h.shares, 2), avg_price: round(h.cost / h.shares), initial_value: initial,
        current_value: current, cash_pnl: cashPnl, percent_pnl: cashPnl === null || initial === 0 ? null : round((cashPnl / initial) * 100, 2),
        realized_pnl: round(h.realized), cur_price: price, redeemable: entry.market.resolvedOutcome !== null,
        tradable: ctx.exchange.market(entry.market.conditionId)?.book != null, end_date: typeof entry.market.record.endDate === 'string' ? entry.market.record.endDate : null,
      };
    }).filter((r) => page.cohort.redeemable === '' || String(r.redeemable) === page.cohort.redeemable);
    const keyOf: Record<(typeof POSITION_SORTS)[number], (r: PositionRow) => number | string> = {
      CURRENT: (r) => r.current_value ?? -Infinity, INITIAL: (r) => r.initial_value ?? -Infinity, TOKENS: (r) => r.size,
      CASHPNL: (r) => r.cash_pnl ?? -Infinity, PERCENTPNL: (r) => r.percent_pnl ?? -Infinity, TITLE: (r) => r.title,
      PRICE: (r) => r.cur_price ?? -Infinity, AVGPRICE: (r) => r.avg_price ?? -Infinity,
    };
    const sorted = sortRows(rows, keyOf[page.cohort.sort_by as (typeof POSITION_SORTS)[number]], page.cohort.sort_direction as 'ASC' | 'DESC', (r) => r.token_id);
    return ok(offsetPage(ctx, 'positions', page, sorted));
  };

  const closed = (req: RequestContext): Reply => {
    const c = common(ctx, book, req, 'closed-positions', (params) => {
      const window = openWindow(params);
      return {
        sort_by: { value: params.oneOf('sort_by', CLOSED_SORTS, 'TIMESTAMP'), sent: params.has('sort_by') },
        sort_direction: { value: params.oneOf('sort_direction', ['ASC', 'DESC'] as const, 'DESC'), sent: params.has('sort_direction') },
        start: { value: String(window.start), sent: params.has('start') },
        end: { value: String(window.end), sent: params.has('end') },
      };
    });
    const page = c.page;
    const [from, to] = [Number(page.cohort.start), Number(page.cohort.end)];
    const closedIn = (h: Holding) => h.closedAtS !== null && h.closedAtS >= from && h.closedAtS <= to;
    const rows: ClosedPositionRow[] = c.holdings.filter((h) => h.shares === 0 && closedIn(h) && h.bought > 0).map((h) => {
      const { entry, ids } = describe(h);
      return {
        proxy_wallet: c.user, ...ids, avg_price: round(h.spent / h.bought), total_bought: round(h.bought, 2), realized_pnl: round(h.realized),
        cur_price: currentPrice(ctx.exchange, entry, h.outcome), closed_at: h.closedAtS!,
      };
    });
    const keyOf: Record<(typeof CLOSED_SORTS)[number], (r: ClosedPositionRow) => number | string> = {
      TIMESTAMP: (r) => r.closed_at, REALIZEDPNL: (r) => r.realized_pnl ?? -Infinity, TITLE: (r) => r.title,
    };
    const sorted = sortRows(rows, keyOf[page.cohort.sort_by as (typeof CLOSED_SORTS)[number]], page.cohort.sort_direction as 'ASC' | 'DESC', (r) => r.token_id);
    return ok(offsetPage(ctx, 'closed-positions', page, sorted));
  };

  return { open, closed, book };
}
