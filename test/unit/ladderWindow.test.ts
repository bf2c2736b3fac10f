import { describe, expect, it } from 'vitest';
import { ladderPrices, shiftCentre, touchCentre, touchLeftWindow } from '../../src/renderer/views/ladder/ladderWindow';

describe('the DOM ladder window', () => {
  it('lists every tick around the centre, highest first, empty levels included', () => {
    expect(ladderPrices('0.45', '0.01', 5)).toEqual(['0.47', '0.46', '0.45', '0.44', '0.43']);
    expect(ladderPrices('0.4505', '0.001', 3)).toEqual(['0.452', '0.451', '0.45']);
  });

  it('stays inside the exchange range [tick, 1 − tick]', () => {
    expect(ladderPrices('0.02', '0.01', 5)).toEqual(['0.05', '0.04', '0.03', '0.02', '0.01']);
    expect(ladderPrices('0.99', '0.01', 3)).toEqual(['0.99', '0.98', '0.97']);
    expect(ladderPrices('0.5', '0.1', 25)).toHaveLength(9);
  });

  it('centres on the middle of the touch, or what there is', () => {
    expect(touchCentre({ bestBid: '0.44', bestAsk: '0.47', lastTradePrice: null })).toBe('0.455');
    expect(touchCentre({ bestBid: null, bestAsk: '0.6', lastTradePrice: null })).toBe('0.6');
    expect(touchCentre({ bestBid: null, bestAsk: null, lastTradePrice: '0.3' })).toBe('0.3');
    expect(touchCentre(undefined)).toBe('0.5');
  });

  it('recentres only when the touch leaves the rows shown', () => {
    const prices = ladderPrices('0.5', '0.01', 5);
    expect(touchLeftWindow(prices, { bestBid: '0.49', bestAsk: '0.52' })).toBe(false);
    expect(touchLeftWindow(prices, { bestBid: '0.47', bestAsk: '0.49' })).toBe(true);
    expect(touchLeftWindow(prices, { bestBid: null, bestAsk: '0.53' })).toBe(true);
  });

  it('scrolls by whole ticks', () => {
    expect(shiftCentre(ladderPrices('0.5', '0.01', 5), '0.01', 3)).toBe('0.53');
  });
});

describe('a spread wider than the window', () => {
  it('folds the empty prices between the best bid and ask into one row, keeping levels on both sides', async () => {
    const { spreadFold, foldedTicks } = await import('../../src/renderer/views/ladder/ladderWindow');
    const rows = spreadFold('0.065', '0.091', '0.001', 21)!;
    expect(rows).toHaveLength(21);
    expect(rows.slice(0, 10)).toEqual(['0.1', '0.099', '0.098', '0.097', '0.096', '0.095', '0.094', '0.093', '0.092', '0.091']);
    expect(rows[10]).toBeNull();
    expect(rows.slice(11)).toEqual(['0.065', '0.064', '0.063', '0.062', '0.061', '0.06', '0.059', '0.058', '0.057', '0.056']);
    expect(foldedTicks(rows, '0.001')).toBe(25);
    // A spread that fits with four levels each side is not folded.
    expect(spreadFold('0.44', '0.47', '0.01', 21)).toBeNull();
  });
});
