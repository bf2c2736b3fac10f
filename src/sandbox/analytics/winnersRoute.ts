/**
 * GET /v2/biggest-winners: one row per winning position, ranked by pnl in the window of
 * `time_period` on `resolved_at`. `category` is overall (default), a catalog category, the
 * synthetic `combos` board (its own top 500 per window) or `esports`. Offset-behind-token pages;
 * the cursor pins time_period and category.
 */
import type { BiggestWinnerRow } from '../../shared/protocol/analytics';
import { ok, type Reply } from '../http/reply';
import type { RequestContext } from '../http/router';
import type { AnalyticsContext } from './context';
import { invalid } from './errors';
import { offsetPage, readOffsetCursor } from './offsetCursor';
import { QueryParams } from './params';
import { dayIndex, PERIOD_SECONDS, readPeriod } from './periods';
import { WinnerStream } from './synthetic/winners';

export const COMBOS_BOARD_SIZE = 500;

const byPnl = (a: BiggestWinnerRow, b: BiggestWinnerRow) =>
  b.pnl - a.pnl || b.resolved_at - a.resolved_at || a.condition_id.localeCompare(b.condition_id) || a.proxy_wallet.localeCompare(b.proxy_wallet);

export function winnersHandler(ctx: AnalyticsContext) {
  const stream = new WinnerStream(ctx.world.seed, ctx.markets);
  const categories = new Set(['overall', 'combos', 'esports', ...ctx.markets.categories()]);
  const boards = new Map<string, BiggestWinnerRow[]>();
  return (req: RequestContext): Reply => {
    const params = new QueryParams(req.query);
    const { period, sent: periodSent } = readPeriod(params);
    const rawCategory = params.string('category');
    const category = (rawCategory ?? 'overall').trim().toLowerCase();
    if (!categories.has(category)) throw invalid('category', `unknown category '${rawCategory}' (known: ${[...categories].join(', ')})`);
    const page = readOffsetCursor(ctx, 'biggest-winners', params, {
      time_period: { value: period, sent: periodSent },
      category: { value: category, sent: rawCategory !== undefined },
    }, params.limit(100));
    const nowS = ctx.nowS();
    const pinnedPeriod = page.cohort.time_period as keyof typeof PERIOD_SECONDS;
    const pinnedCategory = page.cohort.category!;
    // Boards are rebuilt once a minute: a walk across a rebuild can skip or repeat rows (spec rule 3).
    const minute = Math.floor(nowS / 60);
    const key = `${minute}|${pinnedPeriod}|${pinnedCategory}`;
    let board = boards.get(key);
    if (!board) {
      const from = nowS - PERIOD_SECONDS[pinnedPeriod];
      const inWindow = stream.rows(dayIndex(nowS)).filter((r) => r.resolved_at >= from && r.resolved_at <= nowS);
      const picked = pinnedCategory === 'overall' ? inWindow
        : pinnedCategory === 'combos' ? inWindow.filter((r) => r.kind === 'combo')
        : inWindow.filter((r) => r.kind === 'single' && r.category === pinnedCategory);
      board = picked.sort(byPnl);
      if (pinnedCategory === 'combos') board = board.slice(0, COMBOS_BOARD_SIZE);
      if (boards.size > 64) boards.clear();
      boards.set(key, board);
    }
    return ok(offsetPage(ctx, 'biggest-winners', page, board));
  };
}
