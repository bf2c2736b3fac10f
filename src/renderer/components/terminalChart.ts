/**
 * A lightweight-charts chart in the terminal's colours, as the Trade view's price chart is made
 * (attribution logo off: it injects a <style> the CSP blocks; the credit is given in text).
 */
import { useEffect, useRef, type RefObject } from 'react';
import { ColorType, createChart, TickMarkType, type IChartApi, type Time } from 'lightweight-charts';
import { formatAxisAmount, formatChartTick, formatDateTime, type ChartTickKind } from '../lib/format';

export const cssVar = (name: string, fallback: string): string =>
  getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;

const TICK_KINDS: Record<TickMarkType, ChartTickKind> = {
  [TickMarkType.Year]: 'year',
  [TickMarkType.Month]: 'month',
  [TickMarkType.DayOfMonth]: 'day',
  [TickMarkType.Time]: 'time',
  [TickMarkType.TimeWithSeconds]: 'seconds',
};

/** Our series carry UTC seconds; the library would show them in UTC, the user wants their zone and clock. */
const epochMsOf = (time: Time): number | null => (typeof time === 'number' ? time * 1000 : null);

/** Wide enough for half of the widest time label ("Nov 26" or "14:05") plus a gap. */
export const RIGHT_ROOM_PX = 36;

export interface TerminalChartOptions {
  /** Times of day on the time axis (intraday data); dates only otherwise. */
  timeVisible?: boolean;
  /** Axis labels; null keeps the library's own (the price chart formats by the market's tick). */
  priceFormatter?: ((value: number) => string) | null;
}

export function createTerminalChart(container: HTMLElement, options: TerminalChartOptions = {}): IChartApi {
  const priceFormatter = options.priceFormatter === undefined ? formatAxisAmount : options.priceFormatter;
  const muted = cssVar('--text-muted', '#8390a0');
  const border = cssVar('--border', '#1f2731');
  return createChart(container, {
    autoSize: true,
    layout: {
      background: { type: ColorType.Solid, color: cssVar('--bg-pane', '#0f131a') },
      textColor: muted,
      fontSize: 11,
      fontFamily: cssVar('--font-mono', 'monospace'),
      attributionLogo: false,
    },
    grid: { vertLines: { color: border }, horzLines: { color: border } },
    rightPriceScale: { borderColor: border },
    // Room right of the last bar: its time label is centred on the bar and was cut in half by the
    // price axis when the last bar sat at the edge. fitContent keeps this room too.
    timeScale: {
      borderColor: border,
      timeVisible: options.timeVisible ?? false,
      secondsVisible: false,
      rightOffsetPixels: RIGHT_ROOM_PX,
      tickMarkFormatter: (time: Time, type: TickMarkType) => {
        const ms = epochMsOf(time);
        return ms === null ? null : formatChartTick(ms, TICK_KINDS[type]);
      },
    },
    localization: {
      locale: 'en-US',
      timeFormatter: (time: Time) => {
        const ms = epochMsOf(time);
        return ms === null ? String(time) : formatDateTime(ms);
      },
      ...(priceFormatter ? { priceFormatter } : {}),
    },
  });
}

/** Creates the chart once per mount in the returned container ref; removes it on unmount. */
export function useTerminalChart(): { containerRef: RefObject<HTMLDivElement | null>; chartRef: RefObject<IChartApi | null> } {
  const containerRef = useRef<HTMLDivElement>(null);
  const chartRef = useRef<IChartApi | null>(null);
  useEffect(() => {
    const container = containerRef.current;
    if (!container) return undefined;
    const chart = createTerminalChart(container);
    chartRef.current = chart;
    return () => {
      chart.remove();
      chartRef.current = null;
    };
  }, []);
  return { containerRef, chartRef };
}
