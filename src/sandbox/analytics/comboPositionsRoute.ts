/**
 * GET /v2/positions/combos (our payload, ComboPositionRow): a wallet's combo positions folded
 * from its combo lifecycle rows (/v2/activity/combos). Offset-behind-token pages; the cursor pins
 * the cohort (user, status filter, sort), as the spec has it for most combo-position sorts.
 */
import type { ComboPositionRow } from '../../shared/protocol/analytics';
import { ok, type Reply } from '../http/reply';
import type { RequestContext } from '../http/router';
import type { ComboHistories } from './combosRoute';
import type { AnalyticsContext } from './context';
import { readUser } from './identifiers';
import { offsetPage, readOffsetCursor } from './offsetCursor';
import { QueryParams } from './params';

const STATUSES = ['all', 'open', 'closed', 'redeemed'] as const;
const SORTS = ['TIMESTAMP', 'SIZE', 'COST'] as const;
const round2 = (x: number) => Math.round(x * 100) / 100;

export function comboPositionsHandler(ctx: AnalyticsContext, histories: ComboHistories) {
  const folded = new Map<string, ComboPositionRow[]>();
  const positionsOf = (user: string): ComboPositionRow[] => {
    const history = histories.of(user);
    if (!history) return [];
    let rows = folded.get(user);
    if (rows) return rows;
    rows = [];
    for (let k = 0; k < history.combos; k += 1) {
      const steps = [];
      for (let j = k * 4; j < Math.min(k * 4 + 4, history.count); j += 1) steps.push(history.row(j));
      const first = steps[0]!;
      const last = steps.at(-1)!;
      let size: number | null = 0;
      let cost: number | null = 0;
      for (const step of steps) {
        if (step.type === 'COMBO_REDEEM' || step.type === 'COMBO_CLOSE') break;
        const sign = step.type === 'COMBO_REDUCE' ? -1 : 1;
        size = size === null || step.size === null ? null : size + sign * step.size;
        cost = cost === null || step.size_usdc === null ? null : sign > 0 ? cost + step.size_usdc : cost;
      }
      rows.push({
        proxy_wallet: user, combo_condition_id: first.combo_condition_id, title: first.title, legs: first.legs,
        status: last.type === 'COMBO_REDEEM' ? 'redeemed' : last.type === 'COMBO_CLOSE' ? 'closed' : 'open',
        size: size === null ? null : round2(Math.max(0, size)), cost_usdc: cost === null ? null : round2(cost),
        opened_at: first.block_timestamp, updated_at: last.block_timestamp,
      });
    }
    folded.set(user, rows);
    return rows;
  };

  return (req: RequestContext): Reply => {
    const params = new QueryParams(req.query);
    const userSent = params.has('user');
    const user = userSent || !params.has('cursor') ? readUser(params, ctx.contracts) : '';
    const page = readOffsetCursor(ctx, 'combo-positions', params, {
      user: { value: user, sent: userSent },
      status: { value: params.oneOf('status', STATUSES, 'all'), sent: params.has('status') },
      sort_by: { value: params.oneOf('sort_by', SORTS, 'TIMESTAMP'), sent: params.has('sort_by') },
      sort_direction: { value: params.oneOf('sort_direction', ['ASC', 'DESC'] as const, 'DESC'), sent: params.has('sort_direction') },
    }, params.limit(100));
    const { status, sort_by: sortBy, sort_direction: direction } = page.cohort;
    const key = (r: ComboPositionRow) => (sortBy === 'SIZE' ? r.size ?? -1 : sortBy === 'COST' ? r.cost_usdc ?? -1 : r.updated_at);
    const sign = direction === 'ASC' ? 1 : -1;
    const rows = positionsOf(page.cohort.user!)
      .filter((r) => status === 'all' || r.status === status)
      .sort((a, b) => sign * (key(a) - key(b)) || a.combo_condition_id.localeCompare(b.combo_condition_id));
    return ok(offsetPage(ctx, 'combo-positions', page, rows));
  };
}
