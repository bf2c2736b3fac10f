import { describe, expect, it } from 'vitest';
import { withReservations } from '../../../src/main/core/trading/availableBalances';
import { availableAfter, reservedByOrders } from '../../../src/main/core/trading/orderReservations';
import type { OpenOrderView } from '../../../src/shared/tradingViews';

const order = (o: Partial<OpenOrderView>): OpenOrderView => ({
  id: 'o', status: 'LIVE', market: 'm', assetId: 'yes', side: 'BUY', originalSize: '10', sizeMatched: '0', price: '0.5',
  outcome: 'Yes', orderType: 'GTC', createdAt: 0, expiration: 0, question: '', tickSize: '', ...o,
});

describe('what open orders hold', () => {
  it('holds the unfilled shares of asks per token and the USD of the unfilled shares of bids', () => {
    const held = reservedByOrders([
      order({ side: 'SELL', assetId: 'yes', originalSize: '10', sizeMatched: '5' }),
      order({ side: 'SELL', assetId: 'yes', originalSize: '2.5' }),
      order({ side: 'SELL', assetId: 'no', originalSize: '7' }),
      order({ side: 'BUY', originalSize: '20', sizeMatched: '4', price: '0.45' }),
      order({ side: 'BUY', originalSize: '3', price: '0.013' }),
    ]);
    expect(held.collateral).toBe('7.239'); // 16 × 0.45 + 3 × 0.013
    expect(Object.fromEntries(held.shares)).toEqual({ yes: '7.5', no: '7' });
  });

  it('ignores closed and fully matched rows and rows it cannot read', () => {
    const held = reservedByOrders([
      order({ status: 'MATCHED' }),
      order({ status: 'CANCELED', side: 'SELL' }),
      order({ sizeMatched: '10' }),
      order({ originalSize: 'n/a' }),
      order({ price: '' }),
    ]);
    expect(held).toEqual({ collateral: '0', shares: new Map() });
  });

  it('rounds a bid up to the exchange base unit', () => {
    expect(reservedByOrders([order({ originalSize: '0.01', price: '0.0001' })]).collateral).toBe('0.000001');
  });

  it('takes the holds off the balance, never below zero', () => {
    expect(availableAfter('10', '4.5')).toBe('5.5');
    expect(availableAfter('1', '4.5')).toBe('0');
    const view = withReservations(
      { collateral: { balance: '100', allowance: '1' }, conditional: { tokenId: 'yes', balance: '10', allowance: '1' }, updatedAt: 5 },
      [order({ side: 'SELL', originalSize: '5' }), order({ price: '0.5', originalSize: '10' })],
    );
    expect(view).toEqual({
      collateral: { balance: '100', allowance: '1', inOrders: '5', available: '95' },
      conditional: { tokenId: 'yes', balance: '10', allowance: '1', inOrders: '5', available: '5' },
      updatedAt: 5,
    });
  });
});
