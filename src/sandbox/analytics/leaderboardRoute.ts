/**
 * GET /v2/leaderboard (our payload, LeaderboardRow): traders ranked by P&L (default) or volume
 * in `time_period`. P&L is the winnings resolved in the window (the biggest-winners stream);
 * volume is that stream's stakes plus the notional of the tracked wallets' trades in the window
 * (synthetic histories and real fills). Offset-behind-token pages pinning time_period and order_by.
 */
import type { LeaderboardRow } from '../../shared/protocol/analytics';
import { ok, type Reply } from '../http/reply';
import type { RequestContext } from '../http/router';
import type { AnalyticsContext } from './context';
import { offsetPage, readOffsetCursor } from './offsetCursor';
import { QueryParams } from './params';
import { dayIndex, PERIOD_SECONDS, readPeriod } from './periods';
import { kindType, typeCode } from './synthetic/history';
import { WinnerStream } from './synthetic/winners';

const ORDERS = ['PNL', 'VOL'] as const;
const TRADE = typeCode('TRADE');
const round2 = (x: number) => Math.round(x * 100) / 100;

export function leaderboardHandler(ctx: AnalyticsContext) {
  const stream = new WinnerStream(ctx.world.seed, ctx.markets);
  const cache = new Map<string, LeaderboardRow[]>();
  return (req: RequestContext): Reply => {
    const params = new QueryParams(req.query);
    const { period, sent } = readPeriod(params);
    const orderBy = params.oneOf('order_by', ORDERS, 'PNL');
    const page = readOffsetCursor(ctx, 'leaderboard', params, {
      time_period: { value: period, sent },
      order_by: { value: orderBy, sent: params.has('order_by') },
    }, params.limit(100));
    const nowS = ctx.nowS();
    ctx.ledger.sync();
    const key = `${Math.floor(nowS / 60)}|${ctx.ledger.version}|${page.cohort.time_period}|${page.cohort.order_by}`;
    let rows = cache.get(key);
    if (!rows) {
      const from = nowS - PERIOD_SECONDS[page.cohort.time_period as keyof typeof PERIOD_SECONDS];
      const totals = new Map<string, { name: string | null; volume: number; pnl: number }>();
      const at = (wallet: string, name: string | null) => {
        let t = totals.get(wallet);
        if (!t) totals.set(wallet, (t = { name, volume: 0, pnl: 0 }));
        return t;
      };
      for (const win of stream.rows(dayIndex(nowS))) {
        if (win.resolved_at < from || win.resolved_at > nowS) continue;
        const t = at(win.proxy_wallet, win.user_name);
        t.pnl += win.pnl;
        t.volume += win.initial_value;
      }
      for (const wallet of ctx.ledger.wallets()) {
        const feed = ctx.ledger.feed(wallet);
        for (let p = feed.firstAtOrAfter(Math.max(0, from)); p < feed.count; p += 1) {
          if (kindType(feed.kind(p)) !== TRADE) continue;
          const { size, price } = feed.amounts(p);
          at(wallet, null).volume += size * price;
        }
      }
      const metric = page.cohort.order_by === 'VOL' ? (r: LeaderboardRow) => r.volume_usdc : (r: LeaderboardRow) => r.pnl_usdc;
      rows = [...totals].map(([wallet, t]) => ({ rank: 0, proxy_wallet: wallet, user_name: t.name, volume_usdc: round2(t.volume), pnl_usdc: round2(t.pnl) }))
        .sort((a, b) => metric(b) - metric(a) || a.proxy_wallet.localeCompare(b.proxy_wallet))
        .map((r, i) => ({ ...r, rank: i + 1 }));
      if (cache.size > 32) cache.clear();
      cache.set(key, rows);
    }
    return ok(offsetPage(ctx, 'leaderboard', page, rows));
  };
}
