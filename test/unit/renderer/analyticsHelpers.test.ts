/**
 * The pure parts of the Activity and Boards views: the filter form's rules, the window
 * arithmetic of the windowed Activity table, and builder volume turned into chart series.
 */
import { describe, expect, it } from 'vitest';
import type { ActivityRowView, BuilderVolumeBucketView } from '../../../src/shared/portfolioViews';
import { EMPTY_FORM, DEFAULT_TYPES, toFilter } from '../../../src/renderer/views/activity/filterModel';
import { evictFar, MAX_WINDOWS, rowAt, WINDOW_ROWS, windowsFor, type RowWindow } from '../../../src/renderer/stores/activityWindows';
import { toVolumeSeries, TOP_BUILDERS } from '../../../src/renderer/views/boards/volumeSeries';

const ID_A = `0x${'a'.repeat(64)}`;
const ID_B = `0x${'B'.repeat(64)}`;

describe('Activity filter form', () => {
  it('sends nothing for the default form: every type but TIP is the service default', () => {
    expect(toFilter(EMPTY_FORM)).toEqual({ filter: {} });
  });

  it('names TIP only when ticked, with every default type', () => {
    const outcome = toFilter({ ...EMPTY_FORM, includeTips: true });
    expect(outcome).toEqual({ filter: { types: [...DEFAULT_TYPES, 'TIP'] } });
  });

  it('sends the chosen types when some are off, and refuses none', () => {
    expect(toFilter({ ...EMPTY_FORM, types: ['TRADE'] })).toEqual({ filter: { types: ['TRADE'] } });
    expect(toFilter({ ...EMPTY_FORM, types: [] })).toEqual({ problem: 'Choose at least one activity type.' });
  });

  it('takes up to 20 condition ids, lower-cased and deduplicated, and names a malformed one', () => {
    expect(toFilter({ ...EMPTY_FORM, markets: `${ID_A}, ${ID_B}\n${ID_A}` })).toEqual({ filter: { conditionIds: [ID_A, ID_B.toLowerCase()] } });
    const bad = toFilter({ ...EMPTY_FORM, markets: `${ID_A} 0x1234` });
    expect(bad).toEqual({ problem: '“0x1234” is not a condition id (0x and 64 hex digits).' });
    const many = Array.from({ length: 21 }, (_, i) => `0x${i.toString(16).padStart(64, '0')}`).join(' ');
    expect(toFilter({ ...EMPTY_FORM, markets: many })).toEqual({ problem: 'At most 20 markets can be filtered at once (21 given).' });
  });

  it('refuses markets and an event together', () => {
    expect(toFilter({ ...EMPTY_FORM, markets: ID_A, eventSlug: 'fed-decision' })).toEqual({ problem: 'Filter by markets or by an event, not both.' });
  });

  it('turns days into a UTC window that includes the end day, and refuses a reversed one', () => {
    expect(toFilter({ ...EMPTY_FORM, from: '2026-01-01', to: '2026-01-02' })).toEqual({ filter: { startTs: 1_767_225_600, endTs: 1_767_225_600 + 2 * 86_400 - 1 } });
    expect(toFilter({ ...EMPTY_FORM, from: '2026-02-01', to: '2026-01-01' })).toEqual({ problem: 'The window starts after it ends.' });
  });

  it('trims the text and the side passes through', () => {
    expect(toFilter({ ...EMPTY_FORM, text: '  bitcoin ', side: 'SELL' })).toEqual({ filter: { side: 'SELL', text: 'bitcoin' } });
  });
});

const row = (i: number): ActivityRowView => ({
  key: `${i}:${i}`, wallet: '0x1', type: 'TRADE', timestamp: i, title: null, outcome: null, outcomeIndex: null, side: null, size: null,
  price: null, usdcSize: null, conditionId: null, eventSlug: null, tokenId: null, transactionHash: '0x', counterparty: null,
});

describe('Activity windows', () => {
  it('covers a visible range with the windows it touches, within the total', () => {
    expect(windowsFor(0, 30, 1_000)).toEqual([0]);
    expect(windowsFor(190, 410, 1_000)).toEqual([0, 1, 2]);
    expect(windowsFor(950, 1_200, 1_000)).toEqual([4]);
    expect(windowsFor(0, 10, 0)).toEqual([]);
  });

  it('finds a row by its index in the windows held', () => {
    const windows = { 1: { rows: Array.from({ length: WINDOW_ROWS }, (_, i) => row(WINDOW_ROWS + i)), revision: 0 } };
    expect(rowAt(windows, WINDOW_ROWS + 5)?.timestamp).toBe(WINDOW_ROWS + 5);
    expect(rowAt(windows, 5)).toBeUndefined();
  });

  it('keeps at most MAX_WINDOWS, the nearest to where the user is', () => {
    const windows: Record<number, RowWindow> = {};
    for (let i = 0; i < MAX_WINDOWS + 10; i += 1) windows[i] = { rows: [], revision: 0 };
    const kept = Object.keys(evictFar(windows, MAX_WINDOWS + 9)).map(Number).sort((a, b) => a - b);
    expect(kept).toHaveLength(MAX_WINDOWS);
    expect(kept[0]).toBe(10);
    expect(kept.at(-1)).toBe(MAX_WINDOWS + 9);
  });
});

describe('Builder volume series', () => {
  const bucket = (start: number, volumes: Record<string, number>): BuilderVolumeBucketView => ({
    bucketStart: start,
    rows: Object.entries(volumes).map(([builder, volume], index) => ({ rank: index + 1, builder, builderCode: builder, volume: String(volume), activeUsers: 1 })),
  });

  it('sums each bucket, keeps the top builders over all buckets, in time order', () => {
    const series = toVolumeSeries([
      bucket(200, { a: 5, b: 1, c: 9, d: 1, e: 1 }),
      bucket(100, { a: 10, b: 2, c: 0.5, d: 3, e: 0.1 }),
    ]);
    expect(series.totals).toEqual([
      { time: 100, value: 15.6 },
      { time: 200, value: 17 },
    ]);
    expect(series.top.map((line) => line.builder)).toEqual(['a', 'c', 'd', 'b']);
    expect(series.top).toHaveLength(TOP_BUILDERS);
    expect(series.top[0]!.points).toEqual([
      { time: 100, value: 10 },
      { time: 200, value: 5 },
    ]);
  });

  it('takes milliseconds as seconds and drops a repeated bucket time', () => {
    const series = toVolumeSeries([bucket(1_700_000_000_000, { a: 1 }), bucket(1_700_000_000, { a: 2 })]);
    expect(series.totals).toEqual([{ time: 1_700_000_000, value: 1 }]);
  });
});
