/**
 * The pure parts around the history store and the portfolio: export encoding (RFC 4180, formula
 * guard), the holdings replay behind the value series, money formatting and position rows, the answer
 * checks of the analytics client with its error mapping, and the desktop save dialog's options.
 */
import { describe, expect, it } from 'vitest';
import { mapAnalyticsError } from '../../../src/main/core/analytics/analyticsErrors';
import { checkEnvelope, checkPagination, checkRows, rowCheck } from '../../../src/main/core/analytics/responseChecks';
import { activityFields, activityRow } from '../../../src/main/core/analytics/rowChecks';
import { CoreError } from '../../../src/main/core/coreError';
import { atOrBelow } from '../../../src/main/core/history/feedWalk';
import { toBuilderVolumeBuckets, toWinnerView } from '../../../src/main/core/portfolio/boardViews';
import { csvField, encoderFor } from '../../../src/main/core/portfolio/exportFormats';
import { loadHoldingHistory } from '../../../src/main/core/portfolio/holdingHistory';
import { dayEndsBetween, priceAt, replayBack } from '../../../src/main/core/portfolio/holdingsReplay';
import { decimalOrNull, microToDecimal, toMicro } from '../../../src/main/core/portfolio/money';
import { toPositionView } from '../../../src/main/core/portfolio/positionViews';
import { chosenExportPath, exportSaveDialogOptions } from '../../../src/main/electron/exportSavePrompt';
import type { ActivityRowView, WalletRef } from '../../../src/shared/portfolioViews';
import type { BiggestWinnerRow, PositionRow } from '../../../src/shared/protocol/analytics';

describe('export encoding', () => {
  it('quotes CSV fields with commas, quotes or line breaks and doubles quotes', () => {
    expect(csvField('plain', 'type')).toBe('plain');
    expect(csvField('a, b', 'title')).toBe('"a, b"');
    expect(csvField('say "yes"', 'title')).toBe('"say ""yes"""');
    expect(csvField('two\nlines', 'title')).toBe('"two\nlines"');
    expect(csvField(null, 'size')).toBe('');
  });

  it('defuses free text a spreadsheet would run as a formula, but not numbers', () => {
    expect(csvField('=HYPERLINK("x")', 'title')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('+1', 'outcome')).toBe("'+1");
    expect(csvField('-5', 'size')).toBe('-5');
  });

  it('JSON rows join into one valid array, empty or not', () => {
    const encoder = encoderFor('json');
    const row = { key: '1:1', type: 'TRADE' } as unknown as ActivityRowView;
    expect(JSON.parse(encoder.header + encoder.footer)).toEqual([]);
    expect(JSON.parse(encoder.header + encoder.row(row, 0) + encoder.row(row, 1) + encoder.footer)).toEqual([row, row]);
  });
});

describe('holdings replay (value series)', () => {
  const change = (ts: number, type: string, token: string | null, side: string | null, size: number, price: number | null = null, condition: string | null = '0xc') =>
    ({ ts, type, condition_id: condition, token_id: token, side, size, price, size_usdc: null });

  it('works back from today: a buy had not added, a sell not removed, splits and merges every outcome, a redeem what it names', () => {
    const DAY = 86_400;
    const history = loadHoldingHistory(
      [
        change(10, 'TRADE', 'yes', 'BUY', 10, 0.4),
        change(20, 'TRADE', 'yes', 'SELL', 4, 0.5),
        change(DAY + 5, 'SPLIT', null, null, 3),
        change(2 * DAY + 5, 'MERGE', null, null, 3),
        change(3 * DAY + 5, 'REDEEM', 'yes', null, 6),
      ],
      new Map([['0xc', ['yes', 'no']]]),
    );
    const seen: Array<Record<string, number>> = [];
    // Today the wallet holds nothing of the market, and 2 shares of a token its history never names.
    replayBack(history, new Map([['other', 2]]), [DAY, 2 * DAY, 3 * DAY, 4 * DAY], (dayEnd, shares, tokens) =>
      seen.push({ dayEnd: dayEnd / DAY, ...Object.fromEntries(tokens.map((t, i) => [t, shares[i]!])) }),
    );
    expect(seen).toEqual([
      { dayEnd: 4, yes: 0, no: 0, other: 2 },
      { dayEnd: 3, yes: 6, no: 0, other: 2 },
      { dayEnd: 2, yes: 9, no: 3, other: 2 },
      { dayEnd: 1, yes: 6, no: 0, other: 2 },
    ]);
    expect(history.tradePrices.get(history.tokens.indexOf('yes'))).toEqual([{ t: 10, p: 0.4 }, { t: 20, p: 0.5 }]);
    expect(priceAt([{ t: 10, p: 0.4 }, { t: 20, p: 0.5 }], 15)).toBe(0.4);
    expect(priceAt([{ t: 10, p: 0.4 }], 5)).toBeUndefined();
  });

  it('day ends are the UTC midnights after the start and before now', () => {
    expect(dayEndsBetween(86_400 * 10 + 5, 86_400 * 12 + 100)).toEqual([86_400 * 11, 86_400 * 12]);
    expect(dayEndsBetween(86_400 * 12 + 5, 86_400 * 12 + 100)).toEqual([]);
  });
});

describe('money and positions', () => {
  it('sums in millionths and prints decimals without float noise', () => {
    expect(microToDecimal(toMicro(0.1) + toMicro(0.2))).toBe('0.3');
    expect(microToDecimal(-1_500_000)).toBe('-1.5');
    expect(decimalOrNull(null)).toBeNull();
  });

  const wallet: WalletRef = { address: '0xw', accountId: null, label: null, watchOnly: true };
  const row: PositionRow = {
    proxy_wallet: '0xw', condition_id: '0xc', token_id: '1', market_id: 'm', event_id: 'e', event_slug: 's', title: 't', outcome: 'Yes',
    outcome_index: 0, size: 10, avg_price: 0.4, initial_value: 4, current_value: 5, cash_pnl: 1, percent_pnl: 25, realized_pnl: 0,
    cur_price: 0.5, redeemable: false, tradable: true, end_date: null,
  };

  it('lays the live midpoint over an open market and keeps the service price elsewhere, in whole cents', () => {
    expect(toPositionView(wallet, row, 0.6)).toMatchObject({ curPrice: '0.6', currentValue: '6.00', initialValue: '4.00', cashPnl: '2.00', percentPnl: '50.00', priceSource: 'book' });
    expect(toPositionView(wallet, { ...row, tradable: false, redeemable: true }, 0.6)).toMatchObject({ curPrice: '0.5', currentValue: '5.00', priceSource: 'analytics' });
    expect(toPositionView(wallet, { ...row, size: 3.333, initial_value: 1.0049 }, 0.555)).toMatchObject({ currentValue: '1.85', initialValue: '1.00', cashPnl: '0.85' });
  });

  it('a position without a price says why, with no value or P&L', () => {
    const unpriced = { ...row, cur_price: null, current_value: null, cash_pnl: null, percent_pnl: null };
    expect(toPositionView(wallet, { ...unpriced, tradable: false }, undefined)).toMatchObject({
      curPrice: null, currentValue: null, cashPnl: null, percentPnl: null, priceSource: null, initialValue: '4.00',
      unpricedReason: expect.stringMatching(/not trading/),
    });
    expect(toPositionView(wallet, unpriced, undefined).unpricedReason).toMatch(/no bids, no asks and no trades/);
    expect(toPositionView(wallet, { ...unpriced, redeemable: true }, undefined).unpricedReason).toMatch(/resolved/);
    expect(toPositionView(wallet, row, undefined).unpricedReason).toBeNull();
  });
});

describe('analytics answers and errors', () => {
  it('a malformed envelope, pagination or row is a clear bad_response', () => {
    expect(() => checkEnvelope('/v2/activity', { rows: [] })).toThrow(/no `data` envelope/);
    expect(() => checkPagination('/v2/activity', { data: [], pagination: { next_cursor: 'x', has_more: false } })).toThrow(/has_more contradicts/);
    expect(() => checkRows('/v2/activity', [{ proxy_wallet: '0x', type: 'TRADE', block_timestamp: 'soon' }], activityRow)).toThrow(
      expect.objectContaining({ code: 'bad_response', message: 'The analytics service answered /v2/activity with a malformed row at index 0.' }),
    );
    expect(checkRows('/v2/activity', null, activityRow)).toEqual([]);
  });

  it('the written-out activity row check answers as its field table does, for every field and every kind of value', () => {
    const fromTable = rowCheck(activityFields);
    const good: Record<string, unknown> = {
      proxy_wallet: '0xw', type: 'TRADE', block_timestamp: 1, sequence_id: 2, transaction_hash: '0xt', condition_id: '0xc', token_id: '1', title: 't',
      outcome: 'Yes', outcome_index: 0, event_slug: 'e', side: 'BUY', size: 1.5, price: 0.5, size_usdc: 0.75, counterparty: null, not_checked: 7,
    };
    expect(activityRow(good)).toBe(true);
    const values = [null, undefined, '', 'x', 0, -1.5, Number.NaN, Number.POSITIVE_INFINITY, true, [], {}];
    for (const field of Object.keys(activityFields)) {
      const { [field]: _, ...without } = good;
      for (const row of [without, ...values.map((value) => ({ ...good, [field]: value }))]) {
        expect({ field, value: row[field], answer: activityRow(row) }).toEqual({ field, value: row[field], answer: fromTable(row) });
      }
    }
  });

  it('maps the spec codes onto bridge codes, keeping retryable and the trace id', () => {
    const raw = new CoreError('service_error', 'refused', { status: 503, retryable: true, traceId: 'abcd', service: { code: 'dependency_unavailable' } });
    expect(mapAnalyticsError(raw)).toMatchObject({ code: 'unavailable', retryable: true, traceId: 'abcd', message: 'refused' });
    expect(mapAnalyticsError(new CoreError('service_error', 'bad', { status: 400, service: { code: 'invalid_request' } }))).toMatchObject({ code: 'invalid_input' });
    expect(mapAnalyticsError(new CoreError('service_error', 'slow', { status: 503, service: { code: 'request_timeout' } }))).toMatchObject({ code: 'timeout' });
  });

  it('a feed key is at or below a stop key by timestamp, then sequence', () => {
    expect(atOrBelow({ ts: 5, seq: 9 }, { ts: 6, seq: 1 })).toBe(true);
    expect(atOrBelow({ ts: 6, seq: 1 }, { ts: 6, seq: 1 })).toBe(true);
    expect(atOrBelow({ ts: 6, seq: 2 }, { ts: 6, seq: 1 })).toBe(false);
  });
});

describe('board views', () => {
  it('combo winners get no event link', () => {
    const row = { kind: 'combo', event_id: 0, event_slug: '', title: 'A / B', pnl: 1, initial_value: 1, final_value: 2 } as BiggestWinnerRow;
    expect(toWinnerView(row)).toMatchObject({ kind: 'combo', eventSlug: null, title: 'A / B', pnl: '1' });
  });

  it('builder volume rows group by bucket, newest first, ranked within', () => {
    const r = (bucket_start: number, rank: number) => ({ bucket_start, rank, builder: `b${rank}`, builder_code: 'c', volume: 1, active_users: 1 });
    expect(toBuilderVolumeBuckets([r(20, 2), r(20, 1), r(10, 1)]).map((b) => [b.bucketStart, b.rows.map((x) => x.rank)])).toEqual([[20, [1, 2]], [10, [1]]]);
  });
});

describe('desktop save dialog (pure half)', () => {
  it('offers the format filter in the documents folder and adds a missing extension', () => {
    expect(exportSaveDialogOptions('a.csv', 'csv', '/home/u/Documents')).toMatchObject({
      defaultPath: '/home/u/Documents/a.csv',
      filters: [{ extensions: ['csv'] }],
    });
    expect(chosenExportPath({ canceled: false, filePath: '/tmp/x' }, 'json')).toBe('/tmp/x.json');
    expect(chosenExportPath({ canceled: false, filePath: '/tmp/x.JSON' }, 'json')).toBe('/tmp/x.JSON');
    expect(chosenExportPath({ canceled: true, filePath: '/tmp/x' }, 'json')).toBeNull();
  });
});
