/**
 * The pure parts of the views added for every analytics route: a market's trade list taking a
 * fresh newest page and older pages, the combo filter's ids, and the year-long time column.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { MarketTradeView } from '../../../src/shared/marketDataViews';
import { formatDateTime, setFormatPrefs } from '../../../src/renderer/lib/format';
import { appendOlderPage, takeNewestPage } from '../../../src/renderer/stores/marketTradesFeed';
import { parseComboIds } from '../../../src/renderer/lib/conditionIds';

const trade = (n: number): MarketTradeView => ({
  key: `k${n}`, wallet: '0xw', side: 'BUY', role: 'taker', tokenId: '1', outcome: 'Yes', outcomeIndex: 0,
  size: '1', price: '0.5', usdcSize: '0.5', timestamp: n, transactionHash: `0x${n}`,
});
/** Newest first, as the feed sends them. */
const page = (from: number, to: number, nextCursor: string | null) => ({ rows: Array.from({ length: from - to + 1 }, (_, i) => trade(from - i)), nextCursor });
const keys = (rows: MarketTradeView[]) => rows.map((r) => r.key);

describe('a market trade list', () => {
  it('puts the new rows of a fresh newest page on top and keeps its older pages and their cursor', () => {
    const held = { rows: [...page(10, 6, null).rows, ...page(5, 1, null).rows], nextCursor: 'past-1' };
    const merged = takeNewestPage(held, page(13, 9, 'past-9'));
    expect(keys(merged.rows)).toEqual(keys(page(13, 1, null).rows));
    expect(merged.nextCursor).toBe('past-1');
  });

  it('starts over from the fresh page when it does not reach a held row (no silent gap)', () => {
    const held = page(10, 6, 'past-6');
    const merged = takeNewestPage(held, page(30, 26, 'past-26'));
    expect(keys(merged.rows)).toEqual(keys(page(30, 26, null).rows));
    expect(merged.nextCursor).toBe('past-26');
  });

  it('an unchanged feed keeps the list; an empty list takes the page as it is', () => {
    const held = { rows: [...page(10, 6, null).rows, ...page(5, 1, null).rows], nextCursor: 'past-1' };
    expect(takeNewestPage(held, page(10, 6, 'past-6'))).toEqual(held);
    expect(takeNewestPage({ rows: [], nextCursor: null }, page(3, 1, 'c'))).toEqual(page(3, 1, 'c'));
  });

  it('an older page goes below without a row already held, and brings its cursor', () => {
    const merged = appendOlderPage(page(10, 6, 'past-6'), page(6, 2, 'past-2'));
    expect(keys(merged.rows)).toEqual(keys(page(10, 2, null).rows));
    expect(merged.nextCursor).toBe('past-2');
  });
});

describe('the combo filter', () => {
  const A = `0x${'a'.repeat(64)}`;
  const B = `0x${'B'.repeat(64)}`;

  it('adds pasted ids to those held, lower case and each once', () => {
    expect(parseComboIds(`${B}, ${A}\n${A}`, [A])).toEqual({ ids: [A, B.toLowerCase()] });
  });

  it('names a malformed id, an empty paste and more than 20 combos, and changes nothing', () => {
    expect(parseComboIds(`${A} 0x1234`, [])).toEqual({ problem: '“0x1234” is not a combo id (0x and 64 hex digits).' });
    expect(parseComboIds('  ', [A])).toEqual({ problem: 'Paste a combo id: 0x and 64 hex digits.' });
    const held = Array.from({ length: 20 }, (_, i) => `0x${i.toString(16).padStart(64, '0')}`);
    expect(parseComboIds(A, held)).toEqual({ problem: 'At most 20 combos can be filtered at once (21 given).' });
  });
});

describe('the year-long time column', () => {
  afterEach(() => setFormatPrefs({ priceStyle: 'decimal', clock: '24h', timeZone: 'system' }));

  it('follows the chosen zone and clock', () => {
    const instant = Date.UTC(2026, 10, 1, 13, 5, 9);
    setFormatPrefs({ priceStyle: 'decimal', clock: '24h', timeZone: 'UTC' });
    expect(formatDateTime(instant)).toBe('2026-11-01 13:05');
    setFormatPrefs({ priceStyle: 'decimal', clock: '12h', timeZone: 'Asia/Tokyo' });
    expect(formatDateTime(instant)).toBe('2026-11-01 10:05 PM');
    expect(formatDateTime(0)).toBe('—');
  });
});
