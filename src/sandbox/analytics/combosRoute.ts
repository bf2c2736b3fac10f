/**
 * GET /v2/activity/combos: a wallet's combo lifecycle and redemption feed, newest first, keyset
 * on (block_number, log_index). `limit` sizes the first page only; the cursor carries the size.
 */
import { DEFAULT_ACTIVITY_LIMIT, MAX_CONDITION_IDS } from '../../shared/protocol/analytics';
import { ok, type Reply } from '../http/reply';
import type { RequestContext } from '../http/router';
import type { AnalyticsContext } from './context';
import { num } from './cursor';
import { invalid } from './errors';
import { CONDITION_ALIASES, readUser } from './identifiers';
import { nextPageSize, pageBody } from './pageBody';
import { QueryParams } from './params';
import { ComboHistory } from './synthetic/combos';
import { historyWallet } from './synthetic/wallets';

const COMBO_ID = /^0x[0-9a-fA-F]{64}$/;

function readComboIds(params: QueryParams): Set<string> | null {
  const items = params.list('condition', CONDITION_ALIASES);
  if (!items) return null;
  for (const item of items) if (!COMBO_ID.test(item)) throw invalid('condition', `malformed combo condition id '${item}': expected 0x followed by 64 hex digits`);
  const ids = new Set(items.map((i) => i.toLowerCase()));
  if (ids.size > MAX_CONDITION_IDS) throw invalid('condition', `at most ${MAX_CONDITION_IDS} distinct condition ids per request (got ${ids.size})`);
  return ids;
}

/** The synthetic wallets' combo histories, made on first use (shared with combo positions). */
export class ComboHistories {
  private readonly histories = new Map<string, ComboHistory>();

  constructor(private readonly ctx: AnalyticsContext) {}

  of(user: string): ComboHistory | null {
    const spec = historyWallet(user);
    if (!spec) return null;
    let history = this.histories.get(user);
    if (!history) {
      history = new ComboHistory(spec, this.ctx.world.seed, this.ctx.ledger.historyEndS, this.ctx.markets);
      this.histories.set(user, history);
    }
    return history;
  }
}

export function combosHandler(ctx: AnalyticsContext, histories: ComboHistories) {
  const historyOf = (user: string) => histories.of(user);
  return (req: RequestContext): Reply => {
    const params = new QueryParams(req.query);
    const user = readUser(params, ctx.contracts);
    let limit = params.limit(DEFAULT_ACTIVITY_LIMIT);
    const ids = readComboIds(params);
    const cursor = params.string('cursor');
    let from: number | null = null;
    const history = historyOf(user);
    if (cursor !== undefined) {
      const payload = ctx.cursors.decode('combos', cursor);
      limit = num(payload, 'n');
      // A cursor from a `limit=0` page has no anchor: the walk starts from the newest row.
      from = 'b' in payload ? num(payload, 'b') * 1_000 + num(payload, 'l') : null;
    }
    if (!history) return ok(pageBody([], null, false));
    // Newest first: start below the anchor (a block holds at most two combo rows, log index < 1000).
    let j = history.count - 1;
    if (from !== null) {
      let lo = 0;
      let hi = history.count;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        const a = history.anchor(mid);
        if (a.block * 1_000 + a.log < from) lo = mid + 1;
        else hi = mid;
      }
      j = lo - 1;
    }
    const rows = [];
    let hasMore = false;
    for (; j >= 0; j -= 1) {
      if (ids && !ids.has(history.comboId(j >>> 2))) continue;
      if (rows.length === limit) { hasMore = true; break; }
      rows.push(history.row(j));
    }
    const last = rows.at(-1);
    const next = hasMore ? ctx.cursors.encode('combos', { ...(last ? { b: last.block_number, l: last.log_index } : {}), n: nextPageSize(limit) }) : null;
    return ok(pageBody(rows, next, hasMore));
  };
}
