/**
 * Market-level routes (our payloads): GET /v2/oi (open interest per market, a list, not paged),
 * GET /v2/holders (top holders of outcome tokens, offset-behind-token pages) and
 * GET /v2/prices-history (the order book's price series for one `token_id`; a `0` bound is a 400).
 * Holdings come from every tracked wallet (synthetic histories and real fills).
 */
import type { HolderRow, OpenInterestRow, PricePointRow } from '../../shared/protocol/analytics';
import { ok, type Reply } from '../http/reply';
import type { RequestContext } from '../http/router';
import type { AnalyticsContext } from './context';
import { invalid } from './errors';
import type { HoldingsBook } from './holdings';
import { readMarketFilter, readTokenId } from './identifiers';
import { offsetPage, readOffsetCursor } from './offsetCursor';
import { QueryParams } from './params';

const MAX_POINTS = 5_000;
const round2 = (x: number) => Math.round(x * 100) / 100;

export function marketHandlers(ctx: AnalyticsContext, book: HoldingsBook) {
  /** Shares held per token key (market × 2 + outcome), per wallet. */
  const holdersOf = (keys: ReadonlySet<number>): HolderRow[] => {
    const rows: HolderRow[] = [];
    for (const wallet of ctx.ledger.wallets()) {
      for (const [key, h] of book.of(wallet)) {
        if (!keys.has(key) || h.shares <= 0) continue;
        const entry = ctx.markets.markets[h.marketIndex]!;
        rows.push({ token_id: entry.market.tokenIds[h.outcome], proxy_wallet: wallet, outcome_index: h.outcome, amount: round2(h.shares) });
      }
    }
    return rows.sort((a, b) => b.amount - a.amount || a.proxy_wallet.localeCompare(b.proxy_wallet) || a.token_id.localeCompare(b.token_id));
  };

  const oi = (req: RequestContext): Reply => {
    const params = new QueryParams(req.query);
    const set = ctx.markets.filterSet(readMarketFilter(params));
    const markets = set ? [...set].sort((a, b) => a - b) : ctx.markets.markets.map((m) => m.index);
    const keys = new Set(markets.flatMap((m) => [m * 2, m * 2 + 1]));
    const held = new Map<number, number>();
    for (const row of holdersOf(keys)) {
      const entry = ctx.markets.token(row.token_id)!;
      const key = entry.market.index * 2 + entry.outcome;
      held.set(key, (held.get(key) ?? 0) + row.amount);
    }
    const rows: OpenInterestRow[] = markets.map((m) => {
      // A complete set is one Yes and one No share worth $1; the larger side bounds the sets outstanding.
      const value = round2(Math.max(held.get(m * 2) ?? 0, held.get(m * 2 + 1) ?? 0));
      return { condition_id: ctx.markets.markets[m]!.market.conditionId, value, value_usdc: value };
    });
    return ok({ data: rows });
  };

  const holders = (req: RequestContext): Reply => {
    const params = new QueryParams(req.query);
    const token = readTokenId(params, false);
    const filter = readMarketFilter(params);
    if (!token && !filter.conditions && !filter.eventIds && !params.has('cursor')) throw invalid('token_id', 'token_id or condition is required');
    // The cursor pins whichever of token_id / condition / event_id named the holders.
    const page = readOffsetCursor(ctx, 'holders', params, {
      token_id: { value: token ?? '', sent: token !== undefined },
      condition: { value: filter.conditions?.join(',') ?? '', sent: filter.conditions !== undefined },
      event_id: { value: filter.eventIds?.join(',') ?? '', sent: filter.eventIds !== undefined },
    }, params.limit(100));
    const { token_id: pinnedToken, condition, event_id: eventId } = page.cohort;
    const keys = new Set<number>();
    if (pinnedToken) {
      const t = ctx.markets.token(pinnedToken);
      if (t) keys.add(t.market.index * 2 + t.outcome);
    } else {
      const markets = ctx.markets.filterSet(condition ? { conditions: condition.split(',') } : { eventIds: (eventId ?? '').split(',') });
      for (const m of markets ?? []) keys.add(m * 2).add(m * 2 + 1);
    }
    return ok(offsetPage(ctx, 'holders', page, holdersOf(keys)));
  };

  const pricesHistory = (req: RequestContext): Reply => {
    const params = new QueryParams(req.query);
    const token = readTokenId(params, true)!;
    const start = params.integer('start', 0, Number.MAX_SAFE_INTEGER);
    const end = params.integer('end', 0, Number.MAX_SAFE_INTEGER);
    if (start === 0) throw invalid('start', 'start must not be 0 on /v2/prices-history: omit it for the whole history');
    if (end === 0) throw invalid('end', 'end must not be 0 on /v2/prices-history: omit it for "now"');
    const fidelity = params.integer('fidelity', 1, 1_440) ?? 60;
    const t = ctx.markets.token(token);
    const entry = t ? ctx.exchange.market(t.market.market.conditionId) : undefined;
    if (!t || !entry || !ctx.prices) return ok({ data: [] });
    const series = ctx.prices.seriesOf(entry);
    const nowMin = Math.floor(ctx.nowS() / 60);
    const from = Math.max(series.startMinute, start === undefined ? series.startMinute : Math.ceil(start / 60));
    const to = Math.min(nowMin, end === undefined ? nowMin : Math.floor(end / 60));
    if (from > to && start !== undefined && end !== undefined && start > end) throw invalid('start', `start (${start}) is after end (${end})`);
    const count = from > to ? 0 : Math.floor((to - from) / fidelity) + 1;
    if (count > MAX_POINTS) throw invalid('fidelity', `the window holds ${count} points at fidelity ${fidelity}; at most ${MAX_POINTS} (raise fidelity or narrow the window)`);
    const points: PricePointRow[] = [];
    for (let m = from; m <= to; m += fidelity) {
      const pips = series.priceAt(m);
      if (pips !== null) points.push({ t: m * 60, p: (t.outcome === 0 ? pips : 10_000 - pips) / 10_000 });
    }
    return ok({ data: points });
  };

  return { oi, holders, pricesHistory };
}
