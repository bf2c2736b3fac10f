/**
 * Chart inputs: the interval and OHLC fidelity choices of the service, and the conversion of its
 * answers into what lightweight-charts accepts — strictly ascending, unique times in seconds.
 */
import type { CandlestickData, LineData, UTCTimestamp } from 'lightweight-charts';
import type { OhlcBar, PricePoint } from '../../../shared/tradingViews';

export const HISTORY_INTERVALS = ['1h', '6h', '1d', '1w', 'max'] as const;
export type HistoryInterval = (typeof HISTORY_INTERVALS)[number];

export const OHLC_FIDELITIES = ['1m', '5m', '15m', '30m', '1h', '4h', '1d', '1w'] as const;
export type OhlcFidelity = (typeof OHLC_FIDELITIES)[number];

const FIDELITY_SECONDS: Record<OhlcFidelity, number> = {
  '1m': 60,
  '5m': 300,
  '15m': 900,
  '30m': 1_800,
  '1h': 3_600,
  '4h': 14_400,
  '1d': 86_400,
  '1w': 604_800,
};

const INTERVAL_SECONDS: Record<Exclude<HistoryInterval, 'max'>, number> = { '1h': 3_600, '6h': 21_600, '1d': 86_400, '1w': 604_800 };

/** The volume bars under a line: a bar size that gives tens to hundreds of bars over the interval. */
export const VOLUME_FIDELITY: Record<HistoryInterval, OhlcFidelity> = { '1h': '1m', '6h': '5m', '1d': '15m', '1w': '1h', max: '1d' };

/** Where the volume bars under a line start (`max`: as far back as one request of bars reaches). */
export const volumeStart = (interval: HistoryInterval, nowMs: number): number =>
  interval === 'max' ? ohlcStart('1d', nowMs) : Math.max(0, Math.floor(nowMs / 1000) - INTERVAL_SECONDS[interval]);

/** How many bars back the candles start: enough to fill the chart, within one request. */
export const OHLC_BARS = 300;

export const ohlcStart = (fidelity: OhlcFidelity, nowMs: number): number => Math.max(0, Math.floor(nowMs / 1000) - FIDELITY_SECONDS[fidelity] * OHLC_BARS);

/** Sorted by time; of two points at one time the later answer wins (the chart refuses duplicates). */
function ascendingUnique<T extends { t: number }>(items: readonly T[]): T[] {
  const byTime = new Map<number, T>();
  for (const item of items) if (Number.isFinite(item.t)) byTime.set(Math.floor(item.t), item);
  return [...byTime.entries()].sort((a, b) => a[0] - b[0]).map(([, item]) => item);
}

export const toLineData = (points: readonly PricePoint[]): LineData[] =>
  ascendingUnique(points).map((point) => ({ time: Math.floor(point.t) as UTCTimestamp, value: point.p }));

export const toCandles = (bars: readonly OhlcBar[]): CandlestickData[] =>
  ascendingUnique(bars).map((bar) => ({ time: Math.floor(bar.t) as UTCTimestamp, open: bar.open, high: bar.high, low: bar.low, close: bar.close }));

/** About one point per two pixels of a 1024-wide window's chart: more only draws noise. */
export const LINE_POINTS = 240;

/**
 * A dense history as a readable line: trade prices that alternate between bid and ask draw a
 * "barcode" when there are several per pixel. Over `maxPoints` points, each equal slice of time
 * becomes one point at the mean of its prices (about the mid, rounded to 0.0001) at the slice's
 * last time; the last point stays exact, so the line ends at the latest price.
 */
export function readableSeries(data: readonly LineData[], maxPoints = LINE_POINTS): LineData[] {
  if (data.length <= maxPoints) return [...data];
  const first = data[0]!.time as number;
  const span = (data[data.length - 1]!.time as number) - first + 1;
  const slices = new Map<number, { time: number; sum: number; count: number }>();
  for (const point of data.slice(0, -1)) {
    const slice = Math.floor((((point.time as number) - first) * (maxPoints - 1)) / span);
    const held = slices.get(slice) ?? { time: 0, sum: 0, count: 0 };
    slices.set(slice, { time: point.time as number, sum: held.sum + point.value, count: held.count + 1 });
  }
  const smoothed = [...slices.values()].map((s) => ({ time: s.time as UTCTimestamp, value: Math.round((s.sum / s.count) * 10_000) / 10_000 }));
  return [...smoothed, { ...data[data.length - 1]! }];
}
