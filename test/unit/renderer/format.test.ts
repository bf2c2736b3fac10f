/**
 * The one formatting module follows the display preferences: prices as decimal or cents at the
 * tick's precision, 24- or 12-hour clocks, and times in the chosen zone (a fixed instant, so the
 * expected text does not depend on this machine's zone when a zone is chosen).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { price, sentence, shares, usd, moment, amount } from '../../../src/shared/sentence';
import {
  formatAmount,
  formatAxisAmount,
  formatBytes,
  formatChartTick,
  formatClock,
  formatDate,
  formatDateTime,
  formatDateTimeInput,
  formatDay,
  formatDuration,
  formatPercent,
  formatPrice,
  formatSentence,
  formatSignedAmount,
  formatTime,
  parseDateTimeInput,
  prepareFormats,
  setFormatPrefs,
  timeZoneLabel,
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
    expect(formatDateTime(INSTANT)).toBe('2026-11-01 13:05');
    expect(formatDateTime(INSTANT, { seconds: true })).toBe('2026-11-01 13:05:09');
    expect(formatDay(INSTANT)).toBe('2026-11-01');
    expect(formatDate(new Date(INSTANT).toISOString())).toBe('2026-11-01');
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
    expect(formatDateTime(Date.UTC(2026, 10, 1, 0, 7))).toBe('2026-11-01 12:07 AM');
    expect(formatTime(INSTANT)).toBe('1:05 PM');
  });

  it('move times and the day into another zone', () => {
    setFormatPrefs({ ...DEFAULTS, timeZone: 'Asia/Tokyo' });
    expect(formatDateTime(Date.UTC(2026, 10, 1, 20, 30))).toBe('2026-11-02 05:30');
    setFormatPrefs({ ...DEFAULTS, timeZone: 'America/New_York', clock: '12h' });
    expect(formatDateTime(INSTANT)).toBe('2026-11-01 8:05 AM');
    expect(formatClock(0)).toBe('—');
  });
});

describe('the zone hint', () => {
  it('names the chosen zone, or the zone this computer\'s times are shown in', () => {
    setFormatPrefs({ ...DEFAULTS, timeZone: 'Asia/Tokyo' });
    expect(timeZoneLabel()).toBe('Asia/Tokyo');
    setFormatPrefs({ ...DEFAULTS, timeZone: 'system' });
    expect(timeZoneLabel()).toBe(new Intl.DateTimeFormat('en-US').resolvedOptions().timeZone);
  });
});

describe('formatters prepared ahead (startup)', () => {
  it('give the same text, and do not hold a clock or zone chosen after them', () => {
    setFormatPrefs(DEFAULTS);
    prepareFormats();
    expect(formatPrice('0.55', '0.01')).toBe('0.55');
    expect(formatDateTime(INSTANT)).toBe('2026-11-01 13:05');
    setFormatPrefs({ ...DEFAULTS, clock: '12h', timeZone: 'Asia/Tokyo' });
    expect(formatDateTime(INSTANT)).toBe('2026-11-01 10:05 PM');
  });
});

describe('the GTD expiry field', () => {
  it('shows and reads a wall clock in the chosen zone, not this computer\'s', () => {
    setFormatPrefs({ ...DEFAULTS, timeZone: 'Asia/Tokyo' });
    expect(formatDateTimeInput(INSTANT)).toBe('2026-11-01T22:05');
    expect(parseDateTimeInput('2026-11-01T22:05')).toBe(Date.UTC(2026, 10, 1, 13, 5));
    // Across a daylight-saving change: 2026-11-01 is the day New York falls back.
    setFormatPrefs({ ...DEFAULTS, timeZone: 'America/New_York' });
    expect(parseDateTimeInput('2026-11-01T12:00')).toBe(Date.UTC(2026, 10, 1, 17, 0));
    expect(parseDateTimeInput('2026-10-31T12:00')).toBe(Date.UTC(2026, 9, 31, 16, 0));
    expect(formatDateTimeInput(parseDateTimeInput('2026-11-01T12:00'))).toBe('2026-11-01T12:00');
    expect(parseDateTimeInput('tomorrow')).toBeNaN();
  });
});

describe('amounts, durations and sizes', () => {
  it('show an amount exactly, at least to the cent, with a real minus sign', () => {
    expect(formatAmount('120.5')).toBe('120.50');
    expect(formatAmount('1234567.123456789012345678')).toBe('1,234,567.123456789012345678');
    expect(formatAmount('-3')).toBe('−3.00');
    expect(formatAmount('0.000')).toBe('0.00');
    expect(formatAmount('007.10')).toBe('7.10');
    expect(formatAmount('1e3')).toBe('—');
    expect(formatSignedAmount('250')).toBe('+250.00');
    expect(formatSignedAmount('-120.5')).toBe('−120.50');
    expect(formatSignedAmount('0')).toBe('0.00');
  });

  it('say durations, file sizes, shares and axis amounts in one way', () => {
    expect(formatDuration(400)).toBe('0.4 s');
    expect(formatDuration(10_000)).toBe('10 s');
    expect(formatDuration(90_000)).toBe('90 s');
    expect(formatDuration(60_000)).toBe('1 min');
    expect(formatDuration(5 * 60_000)).toBe('5 min');
    expect(formatDuration(3 * 3_600_000)).toBe('3 h');
    expect(formatBytes(2048)).toBe('2.0 KB');
    expect(formatBytes(3 * 1024 * 1024)).toBe('3.0 MB');
    expect(formatPercent(0.425)).toBe('43%');
    expect(formatPercent(0.425, 1)).toBe('42.5%');
    expect(formatAxisAmount(1_620_251.99)).toBe('1.62M');
    expect(formatAxisAmount(1234.5)).toBe('1,234.5');
  });
});

describe("main's sentences", () => {
  it('show their figures in the user\'s formats and keep a plain text for main', () => {
    const said = sentence`Not enough USD: the order needs ${usd('996')}, ${usd('988.9')} is available until ${moment(INSTANT)}.`;
    expect(said.text).toBe('Not enough USD: the order needs $996, $988.9 is available until 13:05 UTC.');
    setFormatPrefs({ ...DEFAULTS, clock: '12h' });
    expect(formatSentence(said.parts)).toBe('Not enough USD: the order needs $996.00, $988.90 is available until 1:05 PM.');
    setFormatPrefs({ ...DEFAULTS, priceStyle: 'cents' });
    const order = sentence`BUY ${shares('1500')} shares at ${price('0.455', '0.001')} (${amount('120.5', 'USDC')})`;
    expect(formatSentence(order.parts)).toBe('BUY 1,500.00 shares at 45.5¢ (120.50 USDC)');
    expect(formatSentence(sentence`at ${price('0.5')}`.parts)).toBe('at 50¢');
  });
});
