/**
 * Issue 11, defect 5: the ticket's preview said "rests on the book — adds liquidity" for FOK and
 * FAK orders, which never rest, and a partly filled FAK did not say how much was cancelled.
 */
import { describe, expect, it } from 'vitest';
import type { OrderPreview, OrderTicket, PlacedOrder } from '../../../src/shared/tradingViews';
import { placedFillText, previewEffect } from '../../../src/renderer/views/trade/ticket/fillWording';

const ticket = (t: Partial<OrderTicket>): OrderTicket => ({ tokenId: '1', side: 'BUY', orderType: 'GTC', price: '0.5', size: '10', ...t });

function preview(t: Partial<OrderTicket>, fillable: string, extra: Partial<OrderPreview> = {}): OrderPreview {
  const crosses = fillable !== '0';
  return {
    ticket: ticket(t), makerAmount: '5000000', takerAmount: '10000000', shares: '10', notional: '5', tickSize: '0.01', minOrderSize: '5',
    negRisk: false, problems: [], needsConfirmation: false, orderVersion: 2,
    estimate: { fillableShares: fillable, averagePrice: crosses ? '0.5' : null, worstPrice: crosses ? '0.5' : null, crossesBook: crosses },
    ...extra,
  };
}

function placed(t: Partial<OrderTicket>, making: string, taking: string): PlacedOrder {
  return { ticket: ticket(t), success: true, orderId: '0x1', status: 'matched', message: '', makingAmount: making, takingAmount: taking, tradeIds: ['t'], resubmittable: false };
}

describe('what the preview says the order will do', () => {
  it('never says a FOK or FAK rests on the book', () => {
    for (const orderType of ['FOK', 'FAK'] as const) {
      for (const fillable of ['0', '4', '10']) {
        expect(previewEffect(preview({ orderType }, fillable)).text).not.toMatch(/rests on the book|adds liquidity/i);
      }
    }
  });

  it('says a FOK fills whole now or is cancelled whole', () => {
    expect(previewEffect(preview({ orderType: 'FOK' }, '10'))).toMatchObject({ effect: 'takes', text: expect.stringMatching(/^Fills now against the book, all 10\.00 sh — or, .* the whole order is cancelled\.$/) });
    expect(previewEffect(preview({ orderType: 'FOK' }, '4'))).toMatchObject({ effect: 'cancelled', text: 'The book cannot fill all 10.00 sh now: the whole order would be cancelled.' });
  });

  it('says what a FAK fills now and what it cancels', () => {
    expect(previewEffect(preview({ orderType: 'FAK' }, '4'))).toEqual({ effect: 'partly', text: 'Fills 4.00 sh now; the other 6.00 sh would be cancelled.' });
    expect(previewEffect(preview({ orderType: 'FAK' }, '0')).effect).toBe('cancelled');
    expect(previewEffect(preview({ orderType: 'FAK', size: undefined, amount: '5' }, '4')).text).toBe('Fills $2.00 now; the other $3.00 would be cancelled.');
  });

  it('keeps resting orders resting, and says what crosses', () => {
    expect(previewEffect(preview({ orderType: 'GTC' }, '0'))).toEqual({ effect: 'adds', text: 'Rests on the book — adds liquidity.' });
    expect(previewEffect(preview({ orderType: 'GTD' }, '4')).text).toBe('Fills 4.00 sh now (takes liquidity); the other 6.00 sh rest on the book.');
    expect(previewEffect(preview({ orderType: 'GTC' }, '10')).effect).toBe('takes');
  });
});

describe('what the result says was filled', () => {
  it('says how much of a FAK filled and how much was cancelled', () => {
    expect(placedFillText(placed({ orderType: 'FAK' }, '3', '6'))).toBe('6.00 sh of 10.00 sh filled; the other 4.00 sh were cancelled.');
    expect(placedFillText(placed({ orderType: 'FAK', side: 'SELL' }, '6', '3'))).toBe('6.00 sh of 10.00 sh filled; the other 4.00 sh were cancelled.');
    expect(placedFillText(placed({ orderType: 'FAK', size: undefined, amount: '10' }, '7.5', '15'))).toBe('$7.50 of $10.00 filled; the other $2.50 was cancelled.');
    expect(placedFillText(placed({ orderType: 'FOK' }, '5', '10'))).toBe('All 10.00 sh filled.');
  });

  it('says what part of a resting order filled at once', () => {
    expect(placedFillText(placed({ orderType: 'GTC' }, '2', '4'))).toBe('4.00 sh of 10.00 sh filled now; the other 6.00 sh rest on the book.');
    expect(placedFillText({ ...placed({ orderType: 'GTC' }, '', ''), status: 'live' })).toBeNull();
  });
});
