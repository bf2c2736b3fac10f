/** A quote-grid row says what became of its order since (issue 11, defect 6: "✓ live" on cancelled rows). */
import { describe, expect, it } from 'vitest';
import type { OpenOrderView, PlacedOrder } from '../../../src/shared/tradingViews';
import { placedFromAnswer } from '../../../src/main/core/trading/placedOrders';
import { setFormatPrefs } from '../../../src/renderer/lib/format';
import { quoteRowState, type KnownOrders } from '../../../src/renderer/views/trade/ticket/quoteRowState';

const placed = (orderId: string, status = 'LIVE', success = true): PlacedOrder => ({
  ticket: { tokenId: '1', side: 'BUY', orderType: 'GTC', price: '0.4', size: '10' },
  success, orderId, status, message: success ? '' : 'order 0xab… is refused: post-only order crosses the book',
  makingAmount: '', takingAmount: '', tradeIds: [], resubmittable: false,
});
const open = (id: string, sizeMatched = '0') => ({ id, sizeMatched }) as OpenOrderView;
const known = (change: Partial<KnownOrders> = {}): KnownOrders => ({ open: new Map(), openReadSince: true, cancelled: new Set(), filled: new Set(), ...change });

describe('quoteRowState', () => {
  it('a live order that is still open says live, with what has filled', () => {
    expect(quoteRowState(placed('a'), known({ open: new Map([['a', open('a')]]) }))).toEqual({ tone: 'ok', text: '✓ live' });
    expect(quoteRowState(placed('a'), known({ open: new Map([['a', open('a', '3')]]) })).text).toBe('✓ live · 3.00 filled');
  });

  it('a cancelled order says cancelled, even before the open orders are read again', () => {
    expect(quoteRowState(placed('a'), known({ open: new Map([['a', open('a')]]), cancelled: new Set(['a']) }))).toEqual({ tone: 'muted', text: 'cancelled' });
  });

  it('a filled order says filled; one gone for another reason says no longer open', () => {
    expect(quoteRowState(placed('a'), known({ filled: new Set(['a']) })).text).toBe('✓ filled');
    expect(quoteRowState(placed('a'), known()).text).toBe('no longer open');
  });

  it('before the open orders are read again, the exchange\'s answer stands', () => {
    expect(quoteRowState(placed('a'), known({ openReadSince: false })).text).toBe('✓ live');
  });

  it('a refusal keeps the exchange\'s sentence', () => {
    expect(quoteRowState(placed('a', '', false), known())).toEqual({ tone: 'bad', text: expect.stringMatching(/crosses the book/) });
  });

  it('a refusal names the order in the user\'s price style, the exchange\'s own words as they came', () => {
    const refused = placedFromAnswer({ tokenId: '1', side: 'BUY', orderType: 'GTC', price: '0.455', size: '1500' }, { success: false, errorMsg: 'not enough balance / allowance', orderID: '', status: '', makingAmount: '', takingAmount: '' });
    expect(refused.message).toMatch(/^BUY 1500 shares at 0\.455 \(GTC\) was refused: /);
    try {
      setFormatPrefs({ priceStyle: 'cents', clock: '24h', timeZone: 'UTC' });
      expect(quoteRowState(refused, known()).text).toMatch(/^BUY 1,500\.00 shares at 45\.5¢ \(GTC\) was refused: not enough balance \/ allowance\.$/);
    } finally {
      setFormatPrefs({ priceStyle: 'decimal', clock: '24h', timeZone: 'system' });
    }
  });
});
