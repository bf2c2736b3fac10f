/**
 * Builder volume buckets as chart series: the total per bucket (a histogram) and one line per
 * top builder (the builders with the most volume over all buckets), plus the table's rows.
 * Pure, so the sums are checked without a chart.
 */
import type { BuilderVolumeBucketView } from '../../../shared/portfolioViews';

export const TOP_BUILDERS = 4;

export interface VolumePoint {
  time: number;
  value: number;
}

export interface VolumeSeries {
  totals: VolumePoint[];
  top: Array<{ builder: string; points: VolumePoint[] }>;
}

const seconds = (time: number) => (time > 1e11 ? Math.floor(time / 1000) : time);

export function toVolumeSeries(buckets: readonly BuilderVolumeBucketView[]): VolumeSeries {
  const sorted = [...buckets].sort((a, b) => seconds(a.bucketStart) - seconds(b.bucketStart));
  const byBuilder = new Map<string, number>();
  for (const bucket of sorted) for (const row of bucket.rows) byBuilder.set(row.builder, (byBuilder.get(row.builder) ?? 0) + (Number(row.volume) || 0));
  const topNames = [...byBuilder].sort((a, b) => b[1] - a[1]).slice(0, TOP_BUILDERS).map(([name]) => name);
  const totals: VolumePoint[] = [];
  const top = topNames.map((builder) => ({ builder, points: [] as VolumePoint[] }));
  let lastTime = -Infinity;
  for (const bucket of sorted) {
    const time = seconds(bucket.bucketStart);
    if (time <= lastTime) continue; // the chart needs strictly increasing times
    lastTime = time;
    totals.push({ time, value: bucket.rows.reduce((sum, row) => sum + (Number(row.volume) || 0), 0) });
    for (const line of top) line.points.push({ time, value: Number(bucket.rows.find((r) => r.builder === line.builder)?.volume ?? 0) || 0 });
  }
  return { totals, top };
}
