/** Portfolio value over time (getPortfolioHistory), as an area series, with the range choice. */
import { useEffect, useRef } from 'react';
import { AreaSeries, type ISeriesApi, type UTCTimestamp } from 'lightweight-charts';
import { cssVar, useTerminalChart } from '../../components/terminalChart';
import { usePolling } from '../../hooks/usePolling';
import { usePortfolioStore, type HistoryRange } from '../../stores/portfolioStore';
import { errorText } from '../../lib/errorText';

const RANGES: readonly HistoryRange[] = ['1w', '1m', '3m', '1y', 'all'];
const HISTORY_REFRESH_MS = 60_000;

export function ValueChart({ targetKey }: { targetKey: string }) {
  const range = usePortfolioStore((s) => s.range);
  const setRange = usePortfolioStore((s) => s.setRange);
  const history = usePortfolioStore((s) => (s.historyKey === `${targetKey}|${s.range}` ? s.history : null));
  const error = usePortfolioStore((s) => s.historyError);
  const loadHistory = usePortfolioStore((s) => s.loadHistory);
  const { containerRef, chartRef } = useTerminalChart();
  const seriesRef = useRef<ISeriesApi<'Area'> | null>(null);

  usePolling(`${targetKey}|${range}`, HISTORY_REFRESH_MS, loadHistory, 'analytics');

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
    for (const point of history?.points ?? []) byTime.set(Math.floor(point.time), point.value);
    const data = [...byTime].sort((a, b) => a[0] - b[0]).map(([time, value]) => ({ time: time as UTCTimestamp, value }));
    seriesRef.current.setData(data);
    chart.timeScale().fitContent();
  }, [history, chartRef]);

  const count = history?.points.length ?? null;
  return (
    <section className="chart-panel pf-chart" aria-label="Portfolio value over time" data-testid="portfolio-chart" data-points={count ?? ''}>
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
          {error ? <span className="tape-error" title={errorText(error)}>not updating</span> : count === null ? 'Loading…' : `${count} point${count === 1 ? '' : 's'}`}
        </span>
      </header>
      <div className="chart-area">
        <div className="chart-canvas" ref={containerRef} data-testid="portfolio-chart-canvas" />
        {count === 0 ? <p className="chart-empty">No value history in this range yet.</p> : null}
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
