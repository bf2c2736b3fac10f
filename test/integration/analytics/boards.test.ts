/**
 * Boards conformance: /v2/biggest-winners, /v2/builders/leaderboard and /v2/builders/volume —
 * periods, categories, the combo row conventions, cohort-pinning cursors, bucket rules.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BiggestWinnerRow, BuilderLeaderboardRow, BuilderVolumeRow } from '../../../src/shared/protocol/analytics';
import { startSandbox, type RunningSandbox } from '../../../src/sandbox/start';
import { expectError, v2, walk, type Page } from './v2Client';

let sandbox: RunningSandbox;
let base: string;
const nowS = () => Math.floor(Date.now() / 1000);
const winners = (query: Record<string, string | number>) => v2<Page<BiggestWinnerRow>>(base, 'biggest-winners', query);

beforeAll(async () => {
  sandbox = await startSandbox({ simulate: false });
  base = sandbox.urls.analytics;
});
afterAll(async () => {
  await sandbox?.stop();
});

describe('GET /v2/biggest-winners', () => {
  it('time_period defaults to day and windows on resolved_at; week, month and all widen it', async () => {
    const day = (await walk<BiggestWinnerRow>(base, 'biggest-winners', { limit: 1000 })).rows;
    expect(day.length).toBeGreaterThan(0);
    expect(day.every((r) => r.resolved_at >= nowS() - 86_400 - 60 && r.resolved_at <= nowS())).toBe(true);
    const counts = [];
    for (const time_period of ['day', 'week', 'month']) counts.push((await walk<BiggestWinnerRow>(base, 'biggest-winners', { time_period, limit: 1000 })).rows.length);
    expect(counts[0]).toBe(day.length);
    expect(counts[1]!).toBeGreaterThan(counts[0]!);
    expect(counts[2]!).toBeGreaterThan(counts[1]!);
    expect((await winners({ time_period: 'all', limit: 1 })).body.pagination.has_more).toBe(true);
  });

  it('an invalid time_period or category is a 400', async () => {
    expectError(await winners({ time_period: 'year' }), 400, 'invalid_request', 'time_period');
    expectError(await winners({ category: 'knitting' }), 400, 'invalid_request', 'category');
  });

  it('one row per winning position ranked by pnl = final_value - initial_value', async () => {
    const rows = (await winners({ time_period: 'week', limit: 200 })).body.data;
    for (const r of rows) expect(r.pnl).toBeCloseTo(r.final_value - r.initial_value, 2);
    for (let i = 1; i < rows.length; i += 1) expect(rows[i - 1]!.pnl >= rows[i]!.pnl).toBe(true);
  });

  it('combo rows: kind combo, event_id 0, empty event_slug, leg titles joined with " / "', async () => {
    const rows = (await winners({ time_period: 'month', category: 'combos', limit: 100 })).body.data;
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      expect(r).toMatchObject({ kind: 'combo', event_id: 0, event_slug: '' });
      expect(r.title.split(' / ').length).toBeGreaterThanOrEqual(2);
    }
    const overall = (await winners({ time_period: 'month', limit: 1000 })).body.data;
    expect(overall.some((r) => r.kind === 'combo')).toBe(true);
    expect(overall.filter((r) => r.kind === 'single').every((r) => r.event_id > 0 && r.event_slug !== '')).toBe(true);
  });

  it('the combos board is its own top 500 per window', async () => {
    const all = (await walk<BiggestWinnerRow>(base, 'biggest-winners', { time_period: 'all', category: 'combos', limit: 1000 })).rows;
    expect(all).toHaveLength(500);
  });

  it('a catalog category and esports filter the singles', async () => {
    const sports = (await winners({ time_period: 'month', category: 'Sports', limit: 100 })).body.data;
    expect(sports.length).toBeGreaterThan(0);
    expect(sports.every((r) => r.category === 'sports' && r.kind === 'single')).toBe(true);
    const esports = (await winners({ time_period: 'month', category: 'esports', limit: 100 })).body.data;
    expect(esports.length).toBeGreaterThan(0);
    expect(esports.every((r) => r.category === 'esports')).toBe(true);
  });

  it('the cursor pins time_period and category: bare and restated resume, a different value is a 400', async () => {
    const first = await winners({ time_period: 'week', category: 'overall', limit: 5 });
    const cursor = first.body.pagination.next_cursor!;
    const bare = await winners({ cursor });
    expect(bare.body.data).toEqual((await winners({ time_period: 'week', limit: 10 })).body.data.slice(5));
    expect((await winners({ cursor, time_period: 'week', category: 'overall' })).body.data).toEqual(bare.body.data);
    expectError(await winners({ cursor, time_period: 'month' }), 400, 'invalid_request', 'time_period');
    expectError(await winners({ cursor, category: 'combos' }), 400, 'invalid_request', 'category');
  });

  it('limit sizes the first page only (the cursor carries it)', async () => {
    const first = await winners({ time_period: 'week', limit: 3 });
    expect((await winners({ cursor: first.body.pagination.next_cursor!, limit: 50 })).body.data).toHaveLength(3);
  });
});

describe('GET /v2/builders/leaderboard', () => {
  it('one row per builder ranked by volume in shares, display name falling back to builder_code', async () => {
    const rows = (await v2<Page<BuilderLeaderboardRow>>(base, 'builders/leaderboard', { time_period: 'all', limit: 100 })).body.data;
    expect(rows.length).toBeGreaterThan(3);
    expect(new Set(rows.map((r) => r.builder_code)).size).toBe(rows.length);
    rows.forEach((r, i) => expect(r.rank).toBe(i + 1));
    for (let i = 1; i < rows.length; i += 1) expect(rows[i - 1]!.volume >= rows[i]!.volume).toBe(true);
    expect(rows.some((r) => r.builder === r.builder_code)).toBe(true);
    expect(rows.some((r) => r.builder !== r.builder_code)).toBe(true);
    expect(rows.every((r) => Number.isInteger(r.active_users) && r.active_users > 0)).toBe(true);
  });

  it('time_period defaults to day, narrower periods have less volume, invalid is a 400', async () => {
    const vol = async (q: Record<string, string>) => (await v2<Page<BuilderLeaderboardRow>>(base, 'builders/leaderboard', q)).body.data.reduce((s, r) => s + r.volume, 0);
    expect(await vol({})).toBe(await vol({ time_period: 'day' }));
    expect(await vol({ time_period: 'week' })).toBeGreaterThan(await vol({ time_period: 'day' }));
    expect(await vol({ timePeriod: 'all' })).toBeGreaterThan(await vol({ time_period: 'month' }));
    expectError(await v2(base, 'builders/leaderboard', { time_period: 'hour' }), 400, 'invalid_request', 'time_period');
  });

  it('the cursor pins the window: a different time_period alongside it is a 400', async () => {
    const first = await v2<Page<BuilderLeaderboardRow>>(base, 'builders/leaderboard', { time_period: 'week', limit: 2 });
    const cursor = first.body.pagination.next_cursor!;
    expect((await v2<Page<BuilderLeaderboardRow>>(base, 'builders/leaderboard', { cursor })).body.data[0]!.rank).toBe(3);
    expectError(await v2(base, 'builders/leaderboard', { cursor, time_period: 'day' }), 400, 'invalid_request', 'time_period');
  });
});

describe('GET /v2/builders/volume', () => {
  const volume = (query: Record<string, string | number>) => v2<{ data: BuilderVolumeRow[] }>(base, 'builders/volume', query);

  it('answers a bare array under data, no pagination; newest bucket first, ranked within each bucket', async () => {
    const res = await volume({ interval: 'week', limit: 5 });
    expect(Object.keys(res.body)).toEqual(['data']);
    const starts = [...new Set(res.body.data.map((r) => r.bucket_start))];
    expect(starts).toHaveLength(5);
    expect([...starts].sort((a, b) => b - a)).toEqual(starts);
    for (const start of starts) {
      const bucket = res.body.data.filter((r) => r.bucket_start === start);
      bucket.forEach((r, i) => expect(r.rank).toBe(i + 1));
      for (let i = 1; i < bucket.length; i += 1) expect(bucket[i - 1]!.volume >= bucket[i]!.volume).toBe(true);
    }
    expect(new Date(starts[0]! * 1000).getUTCDay()).toBe(1);
  });

  it('limit counts buckets: default 30, max 90, above is a 400', async () => {
    const buckets = async (q: Record<string, string | number>) => new Set((await volume(q)).body.data.map((r) => r.bucket_start)).size;
    expect(await buckets({})).toBe(30);
    expect(await buckets({ limit: 90 })).toBe(90);
    expectError(await volume({ limit: 91 }), 400, 'invalid_request', 'limit');
  });

  it('interval day/week/month/all (calendar years), aliases timePeriod and time_period; invalid is a 400', async () => {
    const years = (await volume({ timePeriod: 'all', limit: 2 })).body.data.map((r) => new Date(r.bucket_start * 1000));
    expect(years.every((d) => d.getUTCMonth() === 0 && d.getUTCDate() === 1)).toBe(true);
    const months = (await volume({ time_period: 'month', limit: 2 })).body.data.map((r) => new Date(r.bucket_start * 1000));
    expect(months.every((d) => d.getUTCDate() === 1)).toBe(true);
    expect((await volume({ interval: 'day', limit: 1 })).body.data[0]!.bucket_start % 86_400).toBe(0);
    expectError(await volume({ interval: 'fortnight' }), 400, 'invalid_request', 'interval');
  });
});
