/**
 * GET /v2/builders/leaderboard (ranked builders by volume in a period, offset-behind-token
 * pages, cursor pins time_period) and GET /v2/builders/volume (per-builder volume per bucket,
 * newest bucket first, ranked within each bucket, a bare array without pagination). Volumes are
 * shares: the synthetic roster's daily volumes plus real builder-coded fills.
 */
import { BUILDER_VOLUME_DEFAULT_BUCKETS, BUILDER_VOLUME_MAX_BUCKETS, type BoardPeriod, type BuilderLeaderboardRow, type BuilderVolumeRow } from '../../shared/protocol/analytics';
import { ok, type Reply } from '../http/reply';
import type { RequestContext } from '../http/router';
import type { AnalyticsContext } from './context';
import { offsetPage, readOffsetCursor } from './offsetCursor';
import { QueryParams } from './params';
import { dayIndex, readPeriod } from './periods';
import { activeMakers, dailyVolume, syntheticBuilders } from './synthetic/builders';
import { DAY_S } from './window';

const PERIOD_DAYS: Record<BoardPeriod, number> = { day: 1, week: 7, month: 30, all: 3 * 365 + 1 };
const round2 = (x: number) => Math.round(x * 100) / 100;

/** Buckets as [firstDay, lastDay] UTC day ranges, newest first. */
export function buckets(interval: BoardPeriod, today: number, count: number): Array<{ start: number; from: number; to: number }> {
  const out = [];
  const d = new Date(today * DAY_S * 1000);
  for (let i = 0; i < count; i += 1) {
    let from: number;
    let to: number;
    if (interval === 'day') {
      from = to = today - i;
    } else if (interval === 'week') {
      const monday = today - ((new Date(today * DAY_S * 1000).getUTCDay() + 6) % 7);
      from = monday - 7 * i;
      to = from + 6;
    } else if (interval === 'month') {
      from = dayIndex(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - i, 1) / 1000);
      to = dayIndex(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - i + 1, 1) / 1000) - 1;
    } else {
      from = dayIndex(Date.UTC(d.getUTCFullYear() - i, 0, 1) / 1000);
      to = dayIndex(Date.UTC(d.getUTCFullYear() - i + 1, 0, 1) / 1000) - 1;
    }
    out.push({ start: from * DAY_S, from, to });
  }
  return out;
}

export function builderHandlers(ctx: AnalyticsContext, builderName: (code: string) => string | null = () => null) {
  const seed = ctx.world.seed;
  const roster = syntheticBuilders(seed);
  const cache = new Map<string, Array<Omit<BuilderLeaderboardRow, 'rank'>>>();

  /** Every builder's volume and distinct makers over UTC days [from, to], ranked. */
  const tally = (from: number, to: number, today: number): Array<Omit<BuilderLeaderboardRow, 'rank'>> => {
    ctx.ledger.sync();
    const key = `${from}|${to}|${today}|${ctx.ledger.version}`;
    const hit = cache.get(key);
    if (hit) return hit;
    const rows = new Map<string, { name: string | null; volume: number; makers: Set<string> }>();
    for (const b of roster) {
      let volume = 0;
      for (let d = Math.max(from, today - b.ageDays); d <= Math.min(to, today); d += 1) volume += dailyVolume(seed, b, d, today);
      if (volume === 0) continue;
      const makers = new Set<string>();
      activeMakers(seed, b, from, to, today, makers);
      rows.set(b.code, { name: b.name, volume, makers });
    }
    for (const fill of ctx.ledger.fills) {
      const day = dayIndex(fill.trade.block_timestamp);
      if (!fill.builder || day < from || day > to) continue;
      const row = rows.get(fill.builder) ?? { name: builderName(fill.builder), volume: 0, makers: new Set<string>() };
      row.volume += fill.trade.size;
      if (fill.trade.role === 'maker') row.makers.add(fill.wallet);
      rows.set(fill.builder, row);
    }
    const ranked = [...rows].map(([code, r]) => ({ builder: r.name ?? code, builder_code: code, volume: round2(r.volume), active_users: r.makers.size }))
      .sort((a, b) => b.volume - a.volume || a.builder_code.localeCompare(b.builder_code));
    if (cache.size > 256) cache.clear();
    cache.set(key, ranked);
    return ranked;
  };

  const leaderboard = (req: RequestContext): Reply => {
    const params = new QueryParams(req.query);
    const { period, sent } = readPeriod(params);
    const page = readOffsetCursor(ctx, 'builders-leaderboard', params, { time_period: { value: period, sent } }, params.limit(100));
    const today = dayIndex(ctx.nowS());
    const days = PERIOD_DAYS[page.cohort.time_period as BoardPeriod];
    const rows: BuilderLeaderboardRow[] = tally(today - days + 1, today, today).map((r, i) => ({ rank: i + 1, ...r }));
    return ok(offsetPage(ctx, 'builders-leaderboard', page, rows));
  };

  const volume = (req: RequestContext): Reply => {
    const params = new QueryParams(req.query);
    const aliases = ['timePeriod', 'time_period'];
    const interval = params.oneOf('interval', ['day', 'week', 'month', 'all'] as const, 'day', aliases);
    const count = params.limit(BUILDER_VOLUME_DEFAULT_BUCKETS, BUILDER_VOLUME_MAX_BUCKETS);
    const today = dayIndex(ctx.nowS());
    const rows: BuilderVolumeRow[] = [];
    for (const bucket of buckets(interval, today, count)) {
      tally(bucket.from, bucket.to, today).forEach((r, i) => rows.push({ bucket_start: bucket.start, rank: i + 1, ...r }));
    }
    return ok({ data: rows });
  };

  return { leaderboard, volume };
}
