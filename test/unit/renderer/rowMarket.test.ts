/**
 * Rows of other markets in the tables: named and priced by their own market, not the one in view
 * (issue 11, defect 4: an order at 0.013 read 0.01 and was named by its condition id).
 */
import { describe, expect, it } from 'vitest';
import { formatPrice } from '../../../src/renderer/lib/format';
import { rowMarket, tickOfDigits } from '../../../src/renderer/views/trade/tables/rowMarket';

const viewed = { conditionId: '0xviewed', question: 'Will it rain?', tickSize: '0.01' };
const other = { market: '0x9f2c4e1d77aa00bb', price: '0.013' };

describe('rowMarket', () => {
  it('uses the row\'s own question and tick when the core attached them', () => {
    const shown = rowMarket({ ...other, question: 'Will it snow?', tickSize: '0.001' }, viewed);
    expect(shown).toEqual({ name: 'Will it snow?', tickSize: '0.001' });
    expect(formatPrice(other.price, shown.tickSize)).toBe('0.013');
  });

  it('falls back to the market in view only for rows of that market', () => {
    expect(rowMarket({ market: '0xviewed', price: '0.5', question: '', tickSize: '' }, viewed)).toEqual({ name: 'Will it rain?', tickSize: '0.01' });
  });

  it('an unknown market keeps the price\'s own digits and a short condition id', () => {
    const shown = rowMarket({ ...other, question: '', tickSize: '' }, viewed);
    expect(shown.name).toBe('0x9f2c4e1d…');
    expect(formatPrice(other.price, shown.tickSize)).toBe('0.013');
    expect(tickOfDigits('0.5')).toBe('0.1');
    expect(tickOfDigits('1')).toBe('1');
  });
});
