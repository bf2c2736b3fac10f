import { describe, expect, it } from 'vitest';
import type { LineData, UTCTimestamp } from 'lightweight-charts';
import { setFormatPrefs } from '../../../src/renderer/lib/format';
import { chartPriceFormat, displayPrice, fillMarkers, orderLines, readableLine, toVolumeBars, withOrderPrices } from '../../../src/renderer/views/trade/chartOverlays';
import { VOLUME_FIDELITY, volumeStart } from '../../../src/renderer/views/trade/chartData';

const T = (s: number) => s as UTCTimestamp;

describe('chart overlays', () => {
  it('formats the price axis by the market tick', () => {
    expect(chartPriceFormat('0.001', 3)).toEqual({ type: 'price', precision: 3, minMove: 0.001 });
    expect(chartPriceFormat('0.01', 2)).toEqual({ type: 'price', precision: 2, minMove: 0.01 });
    expect(chartPriceFormat('junk', 2).minMove).toBe(0.01);
  });

  it('labels the price axis in cents when the user reads prices in cents', () => {
    setFormatPrefs({ priceStyle: 'cents', clock: '24h', timeZone: 'UTC' });
    const format = chartPriceFormat('0.001', 3, 'cents');
    expect(format.type).toBe('custom');
    expect(format.type === 'custom' ? format.formatter(0.555) : '').toBe('55.5¢');
    setFormatPrefs({ priceStyle: 'decimal', clock: '24h', timeZone: 'system' });
  });

  it('turns candles into volume bars, up bars and down bars coloured apart, sorted and unique by time', () => {
    const bars = [
      { t: 120, open: 0.5, high: 0.6, low: 0.5, close: 0.55, volume: 30 },
      { t: 60, open: 0.5, high: 0.5, low: 0.4, close: 0.45, volume: 10 },
      { t: 120, open: 0.5, high: 0.6, low: 0.5, close: 0.52, volume: 35 },
      { t: 180, open: 0.5, high: 0.5, low: 0.5, close: 0.5, volume: Number.NaN },
    ];
    expect(toVolumeBars(bars, 'up', 'down')).toEqual([
      { time: 60, value: 10, color: 'down' },
      { time: 120, value: 35, color: 'up' },
    ]);
  });

  it('puts fills of this outcome on the bar they happened in, one marker per bar and side, each fill once', () => {
    const bars = [60, 120, 180];
    const fill = (side: 'BUY' | 'SELL', atMs: number, size = '5', assetId = 'tok') => ({ assetId, side, price: '0.5', size, atMs });
    const markers = fillMarkers(
      [
        fill('BUY', 125_000), fill('BUY', 130_000, '3'), fill('BUY', 130_000, '3'), // the same fill from two sources counts once
        fill('SELL', 181_000), fill('BUY', 30_000), // before the first bar: left out
        fill('BUY', 10_000_000), // long after the last bar: left out
        fill('BUY', 125_000, '9', 'other'),
      ],
      'tok',
      bars,
    );
    expect(markers).toEqual([
      { time: 120, side: 'BUY', size: 8, position: 'belowBar', shape: 'arrowUp' },
      { time: 180, side: 'SELL', size: 5, position: 'aboveBar', shape: 'arrowDown' },
    ]);
    expect(fillMarkers([fill('BUY', 125_000)], 'tok', [])).toEqual([]);
  });

  it('draws one line per price and side of the working orders of this outcome', () => {
    const lines = orderLines(
      [
        { assetId: 'tok', side: 'BUY', price: '0.45', remaining: 10 },
        { assetId: 'tok', side: 'BUY', price: '0.450', remaining: 5 },
        { assetId: 'tok', side: 'SELL', price: '0.6', remaining: 7 },
        { assetId: 'tok', side: 'SELL', price: '0.7', remaining: 0 },
        { assetId: 'other', side: 'BUY', price: '0.3', remaining: 1 },
      ],
      'tok',
    );
    expect(lines).toEqual([
      { price: 0.6, side: 'SELL', size: 7, orders: 1 },
      { price: 0.45, side: 'BUY', size: 15, orders: 2 },
    ]);
  });

  it('reads the price as the midpoint of a tight book and the last trade of a wide one', () => {
    expect(displayPrice({ bestBid: '0.48', bestAsk: '0.52', lastTradePrice: '0.52' })).toBe(0.5);
    expect(displayPrice({ bestBid: '0.40', bestAsk: '0.50', lastTradePrice: '0.41' })).toBe(0.45);
    expect(displayPrice({ bestBid: '0.20', bestAsk: '0.60', lastTradePrice: '0.41' })).toBe(0.41);
    expect(displayPrice({ bestBid: null, bestAsk: '0.60', lastTradePrice: null })).toBeNull();
    expect(displayPrice(undefined)).toBeNull();
  });

  it('carries a thin market line to now at the current price', () => {
    const history: LineData[] = [{ time: T(100), value: 0.4 }, { time: T(200), value: 0.6 }];
    expect(readableLine(history, 0.5, 900)).toEqual([...history, { time: 900, value: 0.5 }]);
    expect(readableLine(history, null, 900)).toEqual(history);
    expect(readableLine(history, 0.5, 200)).toEqual(history);
    expect(readableLine([], 0.5, 900)).toEqual([]);
  });

  it('sizes the volume bars under a line by its interval', () => {
    expect(VOLUME_FIDELITY['1h']).toBe('1m');
    expect(volumeStart('1d', 200_000_000)).toBe(200_000 - 86_400);
    expect(volumeStart('max', 200_000_000)).toBe(0);
  });

  it('widens the price axis to the working orders', () => {
    const info = { priceRange: { minValue: 0.32, maxValue: 0.42 } };
    expect(withOrderPrices(info, [0.3, 0.35])).toEqual({ priceRange: { minValue: 0.3, maxValue: 0.42 } });
    expect(withOrderPrices(info, [])).toBe(info);
    expect(withOrderPrices(null, [0.3])).toBeNull();
  });
});
