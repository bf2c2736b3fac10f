import { describe, expect, it } from 'vitest';
import { sideTotal } from '../../../src/renderer/views/markets/bookTotals';
import { stateBadge } from '../../../src/renderer/views/markets/stateBadge';
import { marketsByProbability } from '../../../src/renderer/views/markets/marketOrder';
import type { MarketSummary } from '../../../src/shared/viewModels';

const market = (id: string, yes: string | null, closed = false): MarketSummary => ({
  id, conditionId: `0x${id}`, question: id, slug: id, groupItemTitle: id,
  outcomes: [{ name: 'Yes', tokenId: `${id}1`, price: yes }, { name: 'No', tokenId: `${id}2`, price: null }],
  tickSize: '0.01', minOrderSize: 5, negRisk: true, active: true, closed, acceptingOrders: !closed, volume24hr: 0, liquidity: 0,
  volume: 0, oneDayPriceChange: 0, endDate: null, description: '', resolutionSource: '', ended: false, winner: null,
});

describe('Markets list parts', () => {
  it('orders an event’s markets likeliest first, resolved ones last, catalog order on ties', () => {
    const order = marketsByProbability([market('a', '0.2'), market('b', '1', true), market('c', '0.6'), market('d', null), market('e', '0.2')]);
    expect(order.map((m) => m.id)).toEqual(['c', 'a', 'e', 'd', 'b']);
  });

  it('totals a book side in shares or in USD at each level’s price', () => {
    const levels = [{ price: '0.40', size: '100' }, { price: '0.39', size: '50.5' }, { price: 'x', size: '7' }];
    expect(sideTotal(levels, 'shares')).toBeCloseTo(150.5, 9);
    expect(sideTotal(levels, 'usd')).toBeCloseTo(40 + 19.695, 9);
    expect(sideTotal([], 'usd')).toBe(0);
  });

  it('says resolved (with the winner), ended, not open yet or not accepting orders, in that order', () => {
    expect(stateBadge({ closed: true, ended: true, winner: 'Yes' })?.label).toBe('RESOLVED · YES');
    expect(stateBadge({ closed: true, ended: false, winner: null })?.label).toBe('RESOLVED');
    expect(stateBadge({ closed: false, ended: true, acceptingOrders: true })?.label).toBe('ENDED');
    expect(stateBadge({ closed: false, ended: false, active: false })?.label).toBe('NOT OPEN YET');
    expect(stateBadge({ closed: false, ended: false, active: true, acceptingOrders: false })?.label).toBe('NOT ACCEPTING ORDERS');
    expect(stateBadge({ closed: false, ended: false, active: true, acceptingOrders: true })).toBeNull();
  });
});
