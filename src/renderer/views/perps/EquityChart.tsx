/**
 * The account's equity over time (`/v1/account/equity` klines) as an area series, with every kline
 * interval of the spec; re-read while visible. The core keeps the points it read, so when the
 * exchange cannot be reached the stored series still shows, marked as stored.
 */
import { useEffect, useRef } from 'react';
import { AreaSeries, type ISeriesApi, type UTCTimestamp } from 'lightweight-charts';
import { PERPS_EQUITY_INTERVALS } from '../../../shared/protocol/perps';
import { cssVar, useTerminalChart } from '../../components/terminalChart';
import { usePolling } from '../../hooks/usePolling';
import { usePerpsMarketStore } from '../../stores/perpsMarketStore';
import { formatDateTime, formatNumber, formatUsd } from '../../lib/format';
import { errorText } from '../../lib/errorText';

const EQUITY_REFRESH_MS = 15_000;

export function EquityChart({ accountId }: { accountId: string }) {
  const interval = usePerpsMarketStore((s) => s.interval);
  const setInterval = usePerpsMarketStore((s) => s.setInterval);
  const loadEquity = usePerpsMarketStore((s) => s.loadEquity);
  const series = usePerpsMarketStore((s) => (s.equity?.accountId === accountId && s.equity.interval === s.interval ? s.equity : null));
  const error = usePerpsMarketStore((s) => s.equityError);
  const { containerRef, chartRef } = useTerminalChart();
  const seriesRef = useRef<ISeriesApi<'Area'> | null>(null);

  usePolling(`${accountId}|${interval}`, EQUITY_REFRESH_MS, () => loadEquity(accountId), 'perps');

  useEffect(() => {
    const chart = chartRef.current;
    if (!chart) return;
    if (!seriesRef.current) {
      seriesRef.current = chart.addSeries(AreaSeries, {
        lineColor: cssVar('--accent', '#4d9bff'),
        topColor: 'rgba(77, 155, 255, 0.28)',
        bottomColor: 'rgba(77, 155, 255, 0.02)',
        lineWidth: 2,
        priceFormat: { type: 'price', precision: 2, minMove: 0.01 },
      });
    }
    // Strictly increasing whole seconds for the library; a 1 s series already is.
    const bySecond = new Map<number, number>();
    for (const point of series?.points ?? []) bySecond.set(Math.floor(point.time / 1000), Number(point.equity));
    const data = [...bySecond].sort((a, b) => a[0] - b[0]).map(([time, value]) => ({ time: time as UTCTimestamp, value }));
    seriesRef.current.setData(data);
    chart.applyOptions({ timeScale: { timeVisible: interval !== '1d' && interval !== '1w', secondsVisible: interval === '1s' } });
    chart.timeScale().fitContent();
  }, [series, chartRef, interval]);

  const count = series?.points.length ?? null;
  const last = series?.points.at(-1);
  return (
    <section className="chart-panel px-chart" aria-label="Equity over time" data-testid="perps-equity-chart" data-interval={interval} data-points={count ?? ''}>
      <header className="chart-toolbar">
        <span className="pane-title">Equity</span>
        <div className="segmented px-intervals" role="group" aria-label="Kline interval">
          {PERPS_EQUITY_INTERVALS.map((choice) => (
            <button key={choice} type="button" className="segment" aria-pressed={choice === interval} onClick={() => setInterval(choice)} data-testid={`perps-interval-${choice}`}>
              {choice}
            </button>
          ))}
        </div>
        <span className="chart-status muted" data-testid="perps-equity-status">
          {error ? (
            <span className="tape-error" title={errorText(error)}>
              not updating
            </span>
          ) : series?.storedOnly ? (
            <span className="tape-error" title={series.storedOnly} data-testid="perps-equity-stored">
              {formatNumber(count ?? 0)} stored points{series.syncedAt === null ? '' : ` as of ${formatDateTime(series.syncedAt)}`} · exchange not reachable
            </span>
          ) : count === null ? (
            'Loading…'
          ) : (
            `${formatNumber(count)} point${count === 1 ? '' : 's'}${series?.more ? ' (older exist)' : ''}${last ? ` · last ${formatUsd(last.equity)} USD` : ''}`
          )}
        </span>
      </header>
      <div className="chart-area">
        <div className="chart-canvas" ref={containerRef} data-testid="perps-equity-canvas" />
        {count === 0 ? <p className="chart-empty">No equity history at this interval yet.</p> : null}
        {error && count === null ? <p className="chart-empty">Could not read the equity: {errorText(error)}</p> : null}
      </div>
      <p className="chart-credit">Charts by TradingView Lightweight Charts™</p>
    </section>
  );
}
