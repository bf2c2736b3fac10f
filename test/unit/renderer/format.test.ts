/**
 * The one formatting module follows the display preferences: prices as decimal or cents at the
 * tick's precision, 24- or 12-hour clocks, and times in the chosen zone (a fixed instant, so the
 * expected text does not depend on this machine's zone when a zone is chosen).
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  formatChartTick,
  formatClock,
  formatDate,
  formatDateTime,
  formatDay,
  formatPrice,
  formatShortDateTime,
  formatTime,
  setFormatPrefs,
} from '../../../src/renderer/lib/format';

/** 2026-11-01 13:05:09 UTC. */
const INSTANT = Date.UTC(2026, 10, 1, 13, 5, 9);
const DEFAULTS = { priceStyle: 'decimal', clock: '24h', timeZone: 'UTC' } as const;

afterEach(() => setFormatPrefs({ ...DEFAULTS, timeZone: 'system' }));

describe('prices', () => {
  it('show as decimals at the tick, or as cents with the digits a finer tick needs', () => {
    setFormatPrefs(DEFAULTS);
    expect(formatPrice('0.55', '0.01')).toBe('0.55');
    expect(formatPrice('0.013', '0.001')).toBe('0.013');
    setFormatPrefs({ ...DEFAULTS, priceStyle: 'cents' });
    expect(formatPrice('0.55', '0.01')).toBe('55¢');
    expect(formatPrice('0.013', '0.001')).toBe('1.3¢');
    expect(formatPrice('0.5', '0.0001')).toBe('50.00¢');
    expect(formatPrice(null, '0.01')).toBe('—');
    expect(formatPrice('abc', '0.01')).toBe('—');
  });
});

describe('times', () => {
  it('use a 24-hour clock in the chosen zone', () => {
    setFormatPrefs(DEFAULTS);
    expect(formatClock(INSTANT)).toBe('13:05:09');
    expect(formatTime(INSTANT)).toBe('13:05');
    expect(formatDateTime(INSTANT)).toBe('Nov 1, 2026, 13:05');
    expect(formatShortDateTime(INSTANT)).toBe('11-01 13:05');
    expect(formatDay(INSTANT)).toBe('Nov 1, 2026');
    expect(formatDate(new Date(INSTANT).toISOString())).toBe('Nov 1, 2026');
  });

  it('label chart axes in the zone and clock too', () => {
    setFormatPrefs({ ...DEFAULTS, timeZone: 'Asia/Tokyo', clock: '12h' });
    expect(formatChartTick(INSTANT, 'time')).toBe('10:05 PM');
    expect(formatChartTick(INSTANT, 'seconds')).toBe('10:05:09 PM');
    expect(formatChartTick(Date.UTC(2026, 10, 1, 20, 30), 'day')).toBe('2');
    expect(formatChartTick(INSTANT, 'month')).toBe('Nov');
    expect(formatChartTick(INSTANT, 'year')).toBe('2026');
  });

  it('use a 12-hour clock with AM and PM', () => {
    setFormatPrefs({ ...DEFAULTS, clock: '12h' });
    expect(formatClock(INSTANT)).toBe('1:05:09 PM');
    expect(formatDateTime(Date.UTC(2026, 10, 1, 0, 7))).toBe('Nov 1, 2026, 12:07 AM');
  });

  it('move times and the day into another zone', () => {
    setFormatPrefs({ ...DEFAULTS, timeZone: 'Asia/Tokyo' });
    expect(formatDateTime(Date.UTC(2026, 10, 1, 20, 30))).toBe('Nov 2, 2026, 05:30');
    setFormatPrefs({ ...DEFAULTS, timeZone: 'America/New_York', clock: '12h' });
    expect(formatShortDateTime(INSTANT)).toBe('11-01 8:05 AM');
    expect(formatClock(0)).toBe('—');
  });
});
