/**
 * The positions' value over time, as an area series with the range choice: the past days from
 * getPortfolioHistory, and now, at the header's value (valueSeries.ts). Under it the core's
 * plain-words note on how the curve was made.
 */
import { useEffect, useMemo, useRef } from 'react';
import { AreaSeries, type ISeriesApi, type UTCTimestamp } from 'lightweight-charts';
import type { PortfolioView } from '../../../shared/portfolioViews';
import { cssVar, useTerminalChart } from '../../components/terminalChart';
import { usePolling } from '../../hooks/usePolling';
import { usePortfolioStore, type HistoryRange } from '../../stores/portfolioStore';
import { errorText } from '../../lib/errorText';
import { formatNumber, formatUsd } from '../../lib/format';
import { valueSeries } from './valueSeries';

const RANGES: readonly HistoryRange[] = ['1w', '1m', '3m', '1y', 'all'];
const HISTORY_REFRESH_MS = 60_000;
/** While the history is synced first, the chart asks again soon to show how far it is. */
const SYNCING_REFRESH_MS = 5_000;

export function ValueChart({ targetKey, view }: { targetKey: string; view: PortfolioView | null }) {
  const range = usePortfolioStore((s) => s.range);
  const setRange = usePortfolioStore((s) => s.setRange);
  const history = usePortfolioStore((s) => (s.historyKey === `${targetKey}|${s.range}` ? s.history : null));
  const error = usePortfolioStore((s) => s.historyError);
  const loadHistory = usePortfolioStore((s) => s.loadHistory);
  const { containerRef, chartRef } = useTerminalChart();
  const seriesRef = useRef<ISeriesApi<'Area'> | null>(null);
  /** The history the chart was last fitted to: a new "now" every few seconds keeps the user's zoom. */
  const fittedTo = useRef<unknown>(null);

  const syncing = history?.syncing ?? null;
  usePolling(`${targetKey}|${range}`, syncing ? SYNCING_REFRESH_MS : HISTORY_REFRESH_MS, loadHistory, 'analytics');
  const points = useMemo(() => valueSeries(history, view), [history, view]);
  const last = points.at(-1);

  useEffect(() => {
    const chart = chartRef.current;
    if (!chart) return;
    if (!seriesRef.current) {
      const accent = cssVar('--accent', '#4d9bff');
      seriesRef.current = chart.addSeries(AreaSeries, {
        lineColor: accent,
        topColor: 'rgba(77, 155, 255, 0.28)',
        bottomColor: 'rgba(77, 155, 255, 0.02)',
        lineWidth: 2,
        priceFormat: { type: 'price', precision: 2, minMove: 0.01 },
      });
    }
    // lightweight-charts wants strictly increasing times: one point per second, the last wins.
    const byTime = new Map<number, number>();
    for (const point of points) byTime.set(Math.floor(point.time), point.value);
    const data = [...byTime].sort((a, b) => a[0] - b[0]).map(([time, value]) => ({ time: time as UTCTimestamp, value }));
    seriesRef.current.setData(data);
    if (fittedTo.current !== history) chart.timeScale().fitContent();
    fittedTo.current = history;
  }, [points, history, chartRef]);

  // While syncing there is no past yet: the count says so only once the chart is made.
  const count = history && !history.syncing ? points.length : null;
  return (
    <section
      className="chart-panel pf-chart"
      aria-label="Value of the positions over time"
      data-testid="portfolio-chart"
      data-points={count ?? ''}
      data-last-value={last?.value ?? ''}
    >
      <header className="chart-toolbar">
        <span className="pane-title">Value</span>
        <div className="segmented" role="group" aria-label="Chart range">
          {RANGES.map((choice) => (
            <button key={choice} type="button" className="segment" aria-pressed={choice === range} onClick={() => setRange(choice)} data-testid={`portfolio-range-${choice}`}>
              {choice}
            </button>
          ))}
        </div>
        <span className="chart-status muted">
          {error ? (
            <span className="tape-error" title={errorText(error)}>not updating</span>
          ) : syncing ? (
            <span data-testid="portfolio-chart-syncing">syncing history: {formatNumber(syncing.rows)} rows</span>
          ) : count === null ? (
            'working out the past…'
          ) : null}
          {last ? (
            <span className="pf-chart-now" title={count === null ? undefined : `${formatNumber(count)} point${count === 1 ? '' : 's'}`}>
              {error || syncing || count === null ? ' · ' : ''}now <span className="num" data-testid="portfolio-chart-now">{formatUsd(last.value)}</span>
            </span>
          ) : null}
        </span>
      </header>
      <div className="chart-area">
        <div className="chart-canvas" ref={containerRef} data-testid="portfolio-chart-canvas" />
        {count === 1 && !syncing ? <p className="chart-empty">No past days in this range yet: the point is now.</p> : null}
        {error && count === null ? <p className="chart-empty">Could not read the value history: {errorText(error)}</p> : null}
      </div>
      {history ? (
        <p className="pf-method" title={history.method} data-testid="portfolio-chart-method">
          {history.method}
        </p>
      ) : null}
      <p className="chart-credit">Charts by TradingView Lightweight Charts™</p>
    </section>
  );
}
