/**
 * Builder volume per bucket: a histogram of the total per bucket with a line for each top
 * builder (lightweight-charts), and the same numbers in a table (bucket, total, leader).
 */
import { useEffect, useMemo, useRef } from 'react';
import { HistogramSeries, LineSeries, type ISeriesApi, type UTCTimestamp } from 'lightweight-charts';
import type { BuilderVolumeBucketView } from '../../../shared/portfolioViews';
import { DataTable, type DataColumn } from '../../components/DataTable';
import { InlineError } from '../../components/InlineError';
import { cssVar, useTerminalChart } from '../../components/terminalChart';
import { shortAddress } from '../../lib/address';
import { formatDay, formatNumber, formatUsd } from '../../lib/format';
import { useBoardsStore } from '../../stores/boardsStore';
import { epochMs } from '../portfolio/money';
import { PeriodChoice } from './boardControls';
import { toVolumeSeries } from './volumeSeries';

const LINE_COLOURS = ['#e0b341', '#26c281', '#c678dd', '#f2495c'];
const lineColour = (index: number): string => LINE_COLOURS[index % LINE_COLOURS.length] ?? cssVar('--accent', '#4d9bff');
const builderName = (name: string): string => (/^0x[0-9a-f]{12,}$/i.test(name) ? shortAddress(name) : name);

interface BucketRow {
  start: number;
  total: number;
  builders: number;
  leader: string;
}

const COLUMNS: DataColumn<BucketRow>[] = [
  { id: 'start', header: 'Bucket', sortValue: (r) => r.start, cell: (r) => <span className="num">{formatDay(epochMs(r.start))}</span> },
  { id: 'total', header: 'Volume', numeric: true, sortValue: (r) => r.total, cell: (r) => formatUsd(r.total) },
  { id: 'builders', header: 'Builders', numeric: true, sortValue: (r) => r.builders, cell: (r) => formatNumber(r.builders) },

  { id: 'leader', header: 'Leader', sortValue: (r) => r.leader, cell: (r) => <span className="cell-ellipsis" title={r.leader}>{builderName(r.leader)}</span> },
];
const TEMPLATE = '100px 110px 64px minmax(90px, 1fr)';

const toRows = (buckets: readonly BuilderVolumeBucketView[]): BucketRow[] =>
  buckets.map((b) => {
    const leader = [...b.rows].sort((x, y) => Number(y.volume) - Number(x.volume))[0];
    return { start: b.bucketStart, total: b.rows.reduce((sum, r) => sum + (Number(r.volume) || 0), 0), builders: b.rows.length, leader: leader?.builder ?? '—' };
  });

export function BuilderVolumePanel() {
  const volume = useBoardsStore((s) => s.volume);
  const interval = useBoardsStore((s) => s.volumeInterval);
  const setInterval = useBoardsStore((s) => s.setVolumeInterval);
  const load = useBoardsStore((s) => s.loadVolume);
  const { containerRef, chartRef } = useTerminalChart();
  const seriesRef = useRef<Array<ISeriesApi<'Histogram'> | ISeriesApi<'Line'>>>([]);
  const series = useMemo(() => toVolumeSeries(volume.buckets), [volume.buckets]);
  const rows = useMemo(() => toRows(volume.buckets), [volume.buckets]);

  useEffect(() => {
    if (volume.phase === 'idle') void load();
  }, [volume.phase, load]);

  useEffect(() => {
    const chart = chartRef.current;
    if (!chart) return;
    for (const old of seriesRef.current) chart.removeSeries(old);
    const format = { type: 'volume' as const };
    const total = chart.addSeries(HistogramSeries, { color: 'rgba(77, 155, 255, 0.45)', priceFormat: format });
    total.setData(series.totals.map((p) => ({ time: p.time as UTCTimestamp, value: p.value })));
    const lines = series.top.map((line, index) => {
      // Named in the legend above the chart, not on the scale (long builder names would crowd it).
      const s = chart.addSeries(LineSeries, { color: lineColour(index), lineWidth: 2, priceFormat: format, lastValueVisible: false, priceLineVisible: false });
      s.setData(line.points.map((p) => ({ time: p.time as UTCTimestamp, value: p.value })));
      return s;
    });
    seriesRef.current = [total, ...lines];
    chart.timeScale().fitContent();
  }, [series, chartRef]);

  return (
    <section className="an-card bd-volume" aria-label="Builder volume" data-testid="board-volume" data-phase={volume.phase} data-buckets={volume.buckets.length}>
      <header className="an-toolbar">
        <span className="pane-title">Builder volume</span>
        <PeriodChoice value={interval} onChange={setInterval} testId="volume-interval" />
      </header>
      <p className="bd-legend" title="Bars: the total of every builder per bucket. Lines: the builders with the most volume over these buckets.">
        <span className="bd-swatch bd-swatch-total" /> total
        {series.top.map((line, index) => (
          <span key={line.builder} className="bd-legend-item" title={line.builder}>
            <span className="bd-swatch" style={{ background: lineColour(index) }} /> {builderName(line.builder)}
          </span>
        ))}
      </p>
      {volume.error ? <InlineError what="Could not read builder volume" error={volume.error} onRetry={() => void load()} /> : null}
      <div className="chart-area bd-volume-chart">
        <div className="chart-canvas" ref={containerRef} data-testid="volume-chart-canvas" />
        {volume.phase === 'ready' && rows.length === 0 ? <p className="chart-empty">No builder volume yet.</p> : null}
      </div>
      <div className="bd-volume-table">
        <DataTable rows={rows} columns={COLUMNS} rowKey={(r) => String(r.start)} searchText={(r) => r.leader} filter="" template={TEMPLATE} label="Builder volume per bucket" testId="volume-table" rowTestId="volume-row" initialSort={[{ id: 'start', desc: true }]} empty={volume.phase === 'error' ? 'Nothing to show until the volume can be read.' : volume.phase === 'ready' ? 'No buckets.' : 'Loading…'} />
      </div>
      <p className="chart-credit">Charts by TradingView Lightweight Charts™</p>
    </section>
  );
}
