/**
 * Price history of the traded outcome with lightweight-charts: a line from `/prices-history`
 * over the chosen interval, or candles from `/ohlc` at the chosen fidelity. The chart is created
 * once per mount and fed new data; its attribution logo is off because it injects a <style>
 * element that the CSP (rightly) blocks — the credit is given in text below the chart instead.
 */
import { useEffect, useRef, useState } from 'react';
import { CandlestickSeries, LineSeries, type IChartApi, type ISeriesApi } from 'lightweight-charts';
import type { BridgeError } from '../../../shared/result';
import { api } from '../../bridge/api';
import { createTerminalChart, cssVar } from '../../components/terminalChart';
import { usePolling } from '../../hooks/usePolling';
import { tickDecimals } from '../../lib/format';
import { HISTORY_INTERVALS, OHLC_FIDELITIES, ohlcStart, toCandles, toLineData, type HistoryInterval, type OhlcFidelity } from './chartData';

type ChartMode = 'line' | 'candles';
const CHART_REFRESH_MS = 30_000;

interface Loaded {
  key: string;
  count: number;
  error: BridgeError | null;
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

export function PriceChart({ tokenId, tickSize }: { tokenId: string; tickSize: string }) {
  const [mode, setMode] = useState<ChartMode>('line');
  const [interval, setInterval] = useState<HistoryInterval>('1d');
  const [fidelity, setFidelity] = useState<OhlcFidelity>('1h');
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const containerRef = useRef<HTMLDivElement>(null);
  const chartRef = useRef<IChartApi | null>(null);
  const seriesRef = useRef<{ mode: ChartMode; series: ISeriesApi<'Line'> | ISeriesApi<'Candlestick'> } | null>(null);

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return undefined;
    const chart = createTerminalChart(container, { timeVisible: true, priceFormatter: null });
    chartRef.current = chart;
    return () => {
      chart.remove();
      chartRef.current = null;
      seriesRef.current = null;
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
    const priceFormat = { type: 'price' as const, precision: tickDecimals(tickSize), minMove: Number(tickSize) || 0.01 };
    const replaceSeries = () => {
      if (seriesRef.current && seriesRef.current.mode !== mode) {
        chart.removeSeries(seriesRef.current.series);
        seriesRef.current = null;
      }
    };
    let count: number;
    if (mode === 'line') {
      const result = await api.getPriceHistory({ tokenId, interval });
      if (chartRef.current !== chart || currentKey.current !== key) return;
      if (!result.ok) return fail(result.error);
      replaceSeries();
      const series = (seriesRef.current?.series as ISeriesApi<'Line'> | undefined) ?? chart.addSeries(LineSeries, { color: cssVar('--accent', '#4d9bff'), lineWidth: 2, priceFormat });
      const data = toLineData(result.value);
      series.setData(data);
      seriesRef.current = { mode, series };
      count = data.length;
    } else {
      const result = await api.getOhlc({ tokenId, fidelity, startTs: ohlcStart(fidelity, Date.now()), limit: 500 });
      if (chartRef.current !== chart || currentKey.current !== key) return;
      if (!result.ok) return fail(result.error);
      replaceSeries();
      const up = cssVar('--bid', '#26c281');
      const down = cssVar('--ask', '#f2495c');
      const series =
        (seriesRef.current?.series as ISeriesApi<'Candlestick'> | undefined) ??
        chart.addSeries(CandlestickSeries, { upColor: up, downColor: down, borderUpColor: up, borderDownColor: down, wickUpColor: up, wickDownColor: down, priceFormat });
      const data = toCandles(result.value);
      series.setData(data);
      seriesRef.current = { mode, series };
      count = data.length;
    }
    // A new key is a new view of the data: show all of it; a refresh keeps the user's zoom.
    if (fittedKey.current !== key) {
      chart.timeScale().fitContent();
      fittedKey.current = key;
    }
    setLoaded({ key, count, error: null });
  }, 'clob');

  const current = loaded?.key === key ? loaded : null;
  return (
    <section className="chart-panel" aria-label="Price chart" data-testid="trade-chart" data-mode={mode} data-points={current?.count ?? ''}>
      <header className="chart-toolbar">
        <ChoiceGroup label="Chart type" choices={['line', 'candles'] as const} value={mode} onChange={setMode} testId="chart-mode" />
        {mode === 'line' ? (
          <ChoiceGroup label="History interval" choices={HISTORY_INTERVALS} value={interval} onChange={setInterval} testId="chart-interval" />
        ) : (
          <ChoiceGroup label="Candle size" choices={OHLC_FIDELITIES} value={fidelity} onChange={setFidelity} testId="chart-fidelity" />
        )}
        <span className="chart-status muted">
          {current === null ? 'Loading…' : current.error ? <span className="tape-error" title={current.error.message}>not updating</span> : `${current.count} ${mode === 'line' ? 'points' : 'bars'}`}
        </span>
      </header>
      <div className="chart-area">
        <div className="chart-canvas" ref={containerRef} data-testid="chart-canvas" />
        {current && current.count === 0 && !current.error ? <p className="chart-empty">No trades in this range yet.</p> : null}
      </div>
      <p className="chart-credit">Charts by TradingView Lightweight Charts™</p>
    </section>
  );
}
