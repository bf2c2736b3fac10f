import { describe, expect, it } from 'vitest';
import { tapeKeys } from '../../../src/renderer/views/trade/tapeKeys';

const trade = (at: number, price = '0.5', size = '10', side = 'BUY') => ({ at, price, size, side });

describe('tape row keys', () => {
  it('keeps every older row’s key when a new trade arrives on top', () => {
    const before = [trade(3), trade(2), trade(1)];
    const after = [trade(4), ...before];
    expect(tapeKeys(after).slice(1)).toEqual(tapeKeys(before));
  });

  it('tells identical trades apart, and keeps their keys when another identical one arrives', () => {
    const before = [trade(5), trade(5), trade(4, '0.6')];
    const keys = tapeKeys(before);
    expect(new Set(keys).size).toBe(3);
    const after = [trade(5), ...before];
    expect(new Set(tapeKeys(after)).size).toBe(4);
    expect(tapeKeys(after).slice(1)).toEqual(keys);
  });

  it('names a trade by its time, side, price and size', () => {
    expect(tapeKeys([trade(1, '0.5', '10', 'BUY'), trade(1, '0.5', '10', 'SELL'), trade(1, '0.51', '10', 'BUY')])).toEqual(['1|BUY|0.5|10', '1|SELL|0.5|10', '1|BUY|0.51|10']);
  });
});
