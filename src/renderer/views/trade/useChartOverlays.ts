/**
 * Puts the account's fills (markers) and working orders (price lines) on the price series, and
 * keeps them in step with the fills, trades and open-orders stores, a frame behind them: the
 * ladder and the tables show a new order or fill first, and the chart's redraw does not hold up
 * that frame (useAfterNextPaint). Returns how many of each are drawn, for the chart's status and
 * tests.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { createSeriesMarkers, LineStyle, type AutoscaleInfo, type IPriceLine, type ISeriesApi, type ISeriesMarkersPluginApi, type SeriesType, type Time } from 'lightweight-charts';
import { cssVar } from '../../components/terminalChart';
import { useAfterNextPaint } from '../../hooks/useAfterNextPaint';
import { formatPrice, formatSize } from '../../lib/format';
import { useAccountTradesStore } from '../../stores/accountTradesStore';
import { selectFills, useFillsStore } from '../../stores/fillsStore';
import { remainingSize, selectOpenOrders, useOpenOrdersStore } from '../../stores/openOrdersStore';
import { fillMarkers, orderLines, withOrderPrices, type ChartFill } from './chartOverlays';

export interface OverlayCounts {
  markers: number;
  lines: number;
}

export function useChartOverlays(series: ISeriesApi<SeriesType> | null, tokenId: string, barTimes: readonly number[], tickSize: string): OverlayCounts {
  const fills = useAfterNextPaint(useFillsStore(selectFills));
  const trades = useAfterNextPaint(useAccountTradesStore((s) => s.trades));
  const orders = useAfterNextPaint(useOpenOrdersStore(selectOpenOrders));
  const pluginRef = useRef<{ series: ISeriesApi<SeriesType>; plugin: ISeriesMarkersPluginApi<Time> } | null>(null);
  const linesRef = useRef<{ series: ISeriesApi<SeriesType>; lines: IPriceLine[] } | null>(null);
  const [counts, setCounts] = useState<OverlayCounts>({ markers: 0, lines: 0 });

  const markers = useMemo(() => {
    const all: ChartFill[] = [
      ...fills.map((f) => ({ assetId: f.assetId, side: f.side, price: f.price, size: f.size, atMs: f.at })),
      ...trades.map((t) => ({ assetId: t.assetId, side: t.side, price: t.price, size: t.size, atMs: t.matchTime })),
    ];
    return fillMarkers(all, tokenId, barTimes);
  }, [fills, trades, tokenId, barTimes]);
  const levels = useMemo(
    () => orderLines(orders.map((o) => ({ assetId: o.assetId, side: o.side, price: o.price, remaining: remainingSize(o) })), tokenId),
    [orders, tokenId],
  );

  useEffect(() => {
    if (!series) return;
    if (pluginRef.current?.series !== series) pluginRef.current = { series, plugin: createSeriesMarkers(series, []) };
    const bid = cssVar('--bid', '#26c281');
    const ask = cssVar('--ask', '#f2495c');
    pluginRef.current.plugin.setMarkers(
      markers.map((m) => ({ time: m.time, position: m.position, shape: m.shape, color: m.side === 'BUY' ? bid : ask, text: `${m.side === 'BUY' ? 'B' : 'S'} ${formatSize(m.size)}` })),
    );
    setCounts((c) => (c.markers === markers.length ? c : { ...c, markers: markers.length }));
  }, [series, markers]);

  useEffect(() => {
    if (!series) return;
    if (linesRef.current?.series === series) for (const line of linesRef.current.lines) series.removePriceLine(line);
    const bid = cssVar('--bid', '#26c281');
    const ask = cssVar('--ask', '#f2495c');
    const lines = levels.map((level) =>
      series.createPriceLine({
        price: level.price,
        color: level.side === 'BUY' ? bid : ask,
        lineWidth: 1,
        lineStyle: LineStyle.Dashed,
        axisLabelVisible: true,
        title: `${level.side === 'BUY' ? 'Bid' : 'Offer'} ${formatSize(level.size)} @ ${formatPrice(String(level.price), tickSize)}`,
      }),
    );
    linesRef.current = { series, lines };
    const prices = levels.map((level) => level.price);
    series.applyOptions({ autoscaleInfoProvider: (original: () => AutoscaleInfo | null) => withOrderPrices(original(), prices) });
    setCounts((c) => (c.lines === lines.length ? c : { ...c, lines: lines.length }));
  }, [series, levels, tickSize]);

  return counts;
}
