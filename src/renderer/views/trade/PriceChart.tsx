/**
 * Price history of the traded outcome with lightweight-charts: a line from `/prices-history`
 * over the chosen interval (a dense one averaged into about one point per two pixels: chartData), or candles from `/ohlc` at the chosen fidelity, with the traded
 * volume as bars underneath, the account's fills as markers and its working orders as lines
 * (useChartOverlays). The chart is created once per mount and fed new data; the price axis
 * follows the current market's tick on every load (a 0.01 market after a 0.001 one shows two
 * decimals). Its attribution logo is off because it injects a <style> element that the CSP
 * (rightly) blocks — the credit is given in text below the chart instead.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { CandlestickSeries, HistogramSeries, LineSeries, LineType, type IChartApi, type ISeriesApi, type SeriesType } from 'lightweight-charts';
import type { BridgeError } from '../../../shared/result';
import { api } from '../../bridge/api';
import { createTerminalChart, cssVar } from '../../components/terminalChart';
import { usePolling } from '../../hooks/usePolling';
import { currentFormatPrefs, formatNumber, tickDecimals } from '../../lib/format';
import { selectBook, useBookStore } from '../../stores/bookStore';
import { HISTORY_INTERVALS, OHLC_FIDELITIES, ohlcStart, readableSeries, toCandles, toLineData, VOLUME_FIDELITY, volumeStart, type HistoryInterval, type OhlcFidelity } from './chartData';
import { chartPriceFormat, displayPrice, readableLine, toVolumeBars } from './chartOverlays';
import { useChartOverlays } from './useChartOverlays';
import '../../styles/chart.css';
import { errorText } from '../../lib/errorText';

type ChartMode = 'line' | 'candles';
const CHART_REFRESH_MS = 30_000;
/** Under this many points a line shows each one as a dot: a thin market's few trades stay visible. */
const SPARSE_POINTS = 40;

interface Loaded {
  key: string;
  count: number;
  error: BridgeError | null;
  /** What the price axis shows and how much room is left right of the last bar (tests read these). */
  precision?: number;
  rightRoom?: number;
}

function ChoiceGroup<T extends string>({ label, choices, value, onChange, testId }: { label: string; choices: readonly T[]; value: T; onChange: (v: T) => void; testId: string }) {
  return (
    <div className="segmented" role="group" aria-label={label}>
      {choices.map((choice) => (
        <button key={choice} type="button" className="segment" aria-pressed={choice === value} onClick={() => onChange(choice)} data-testid={`${testId}-${choice}`}>
          {choice}
        </button>
      ))}
    </div>
  );
}

function addVolumeSeries(chart: IChartApi): ISeriesApi<'Histogram'> {
  const volume = chart.addSeries(HistogramSeries, { priceScaleId: 'volume', priceFormat: { type: 'volume' }, lastValueVisible: false, priceLineVisible: false });
  // The bottom fifth of the pane; the price keeps the rest, above it.
  chart.priceScale('volume').applyOptions({ scaleMargins: { top: 0.8, bottom: 0 } });
  chart.priceScale('right').applyOptions({ scaleMargins: { top: 0.08, bottom: 0.24 } });
  return volume;
}

export function PriceChart({ tokenId, tickSize }: { tokenId: string; tickSize: string }) {
  const [mode, setMode] = useState<ChartMode>('line');
  const [interval, setInterval] = useState<HistoryInterval>('1d');
  const [fidelity, setFidelity] = useState<OhlcFidelity>('1h');
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [series, setSeries] = useState<ISeriesApi<SeriesType> | null>(null);
  const [barTimes, setBarTimes] = useState<readonly number[]>([]);
  const containerRef = useRef<HTMLDivElement>(null);
  const chartRef = useRef<IChartApi | null>(null);
  const seriesRef = useRef<{ mode: ChartMode; series: ISeriesApi<'Line'> | ISeriesApi<'Candlestick'> } | null>(null);
  const volumeRef = useRef<ISeriesApi<'Histogram'> | null>(null);
  const book = useBookStore(useMemo(() => selectBook(tokenId), [tokenId]));
  const current = displayPrice(book);

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return undefined;
    const chart = createTerminalChart(container, { timeVisible: true, priceFormatter: null });
    chartRef.current = chart;
    volumeRef.current = addVolumeSeries(chart);
    return () => {
      chart.remove();
      chartRef.current = null;
      seriesRef.current = null;
      volumeRef.current = null;
      setSeries(null);
    };
  }, []);

  const fittedKey = useRef<string | null>(null);
  const key = `${tokenId}|${mode}|${mode === 'line' ? interval : fidelity}`;
  const currentKey = useRef(key);
  useEffect(() => {
    currentKey.current = key;
  }, [key]);
  usePolling(key, CHART_REFRESH_MS, async () => {
    const chart = chartRef.current;
    if (!chart) return;
    const fail = (error: BridgeError) => setLoaded((held) => ({ key, count: held?.key === key ? held.count : 0, error }));
    const nowMs = Date.now();
    const volumeFidelity = mode === 'line' ? VOLUME_FIDELITY[interval] : fidelity;
    const [priceResult, barsResult] = await Promise.all([
      mode === 'line' ? api.getPriceHistory({ tokenId, interval }) : null,
      api.getOhlc({ tokenId, fidelity: volumeFidelity, startTs: mode === 'line' ? volumeStart(interval, nowMs) : ohlcStart(fidelity, nowMs), limit: 500 }),
    ]);
    if (chartRef.current !== chart || currentKey.current !== key) return;
    if (priceResult && !priceResult.ok) return fail(priceResult.error);
    if (!barsResult.ok) return fail(barsResult.error);
    if (seriesRef.current && seriesRef.current.mode !== mode) {
      chart.removeSeries(seriesRef.current.series);
      seriesRef.current = null;
    }
    // Applied on every load, not only when the series is made: the series outlives a change of market.
    const priceFormat = chartPriceFormat(tickSize, tickDecimals(tickSize), currentFormatPrefs().priceStyle);
    const up = cssVar('--bid', '#26c281');
    const down = cssVar('--ask', '#f2495c');
    let count: number;
    if (priceResult) {
      const line = (seriesRef.current?.series as ISeriesApi<'Line'> | undefined) ?? chart.addSeries(LineSeries, { color: cssVar('--accent', '#4d9bff'), lineWidth: 2, lineType: LineType.WithSteps });
      const data = readableLine(readableSeries(toLineData(priceResult.value)), displayPrice(useBookStore.getState().books[tokenId]), Math.floor(nowMs / 1000));
      line.applyOptions({ priceFormat, pointMarkersVisible: data.length < SPARSE_POINTS });
      line.setData(data);
      seriesRef.current = { mode, series: line };
      count = data.length;
    } else {
      const candles =
        (seriesRef.current?.series as ISeriesApi<'Candlestick'> | undefined) ??
        chart.addSeries(CandlestickSeries, { upColor: up, downColor: down, borderUpColor: up, borderDownColor: down, wickUpColor: up, wickDownColor: down });
      candles.applyOptions({ priceFormat });
      const data = toCandles(barsResult.value);
      candles.setData(data);
      seriesRef.current = { mode, series: candles };
      count = data.length;
    }
    const volume = toVolumeBars(barsResult.value, `${up}66`, `${down}66`);
    volumeRef.current?.setData(volume);
    setSeries(seriesRef.current.series);
    setBarTimes(seriesRef.current.series.data().map((d) => d.time as number));
    // A new key is a new view of the data: show all of it; a refresh keeps the user's zoom.
    if (fittedKey.current !== key) {
      chart.timeScale().fitContent();
      fittedKey.current = key;
    }
    const lastX = count > 0 ? chart.timeScale().logicalToCoordinate((count - 1) as never) : null;
    const applied = seriesRef.current.series.options().priceFormat;
    setLoaded({
      key,
      count,
      error: null,
      precision: applied.type === 'price' ? applied.precision : undefined,
      rightRoom: lastX === null ? undefined : Math.round(chart.timeScale().width() - lastX),
    });
  }, 'clob');

  // The line's live end follows the book between loads.
  useEffect(() => {
    const held = seriesRef.current;
    if (!held || held.mode !== 'line' || current === null) return;
    const last = held.series.data().at(-1);
    const now = Math.floor(Date.now() / 1000);
    if (last && (last.time as number) <= now) (held.series as ISeriesApi<'Line'>).update({ time: now as never, value: current });
  }, [current]);

  const overlays = useChartOverlays(series, tokenId, barTimes, tickSize);
  const shown = loaded?.key === key ? loaded : null;
  return (
    <section
      className="chart-panel"
      aria-label="Price chart"
      data-testid="trade-chart"
      data-mode={mode}
      data-points={shown?.count ?? ''}
      data-precision={shown?.precision ?? ''}
      data-right-room={shown?.rightRoom ?? ''}
      data-markers={overlays.markers}
      data-order-lines={overlays.lines}
    >
      <header className="chart-toolbar">
        <ChoiceGroup label="Chart type" choices={['line', 'candles'] as const} value={mode} onChange={setMode} testId="chart-mode" />
        {mode === 'line' ? (
          <ChoiceGroup label="History interval" choices={HISTORY_INTERVALS} value={interval} onChange={setInterval} testId="chart-interval" />
        ) : (
          <ChoiceGroup label="Candle size" choices={OHLC_FIDELITIES} value={fidelity} onChange={setFidelity} testId="chart-fidelity" />
        )}
        <span className="chart-status muted">
          {shown === null ? 'Loading…' : shown.error ? <span className="tape-error" title={errorText(shown.error)}>not updating</span> : `${formatNumber(shown.count)} ${mode === 'line' ? 'points' : 'bars'}`}
        </span>
      </header>
      <div className="chart-area">
        <div className="chart-canvas" ref={containerRef} data-testid="chart-canvas" />
        {shown && shown.count === 0 && !shown.error ? <p className="chart-empty">No trades in this range yet.</p> : null}
      </div>
      <p className="chart-credit" title="Bars: volume · arrows: your fills · dashed lines: your working orders">
        Charts by TradingView Lightweight Charts™ · bars: volume · arrows: your fills · dashed: your orders
      </p>
    </section>
  );
}
