import { describe, expect, it } from 'vitest';
import { formatDecimal, parseDecimal, tryParseDecimal } from '../../../src/shared/decimal';

describe('exact decimals', () => {
  it.each([
    ['0.56', '0.56'],
    ['12', '12'],
    ['0.0001', '0.0001'],
    ['-3.50', '-3.5'],
    ['000.10', '0.1'],
  ])('round-trips %s', (input, output) => {
    expect(formatDecimal(parseDecimal(input))).toBe(output);
  });

  it('adds 0.1 + 0.2 exactly, unlike floats', () => {
    expect(formatDecimal(parseDecimal('0.1') + parseDecimal('0.2'))).toBe('0.3');
  });

  it.each(['', 'abc', '1e5', '0x10', '1.2.3', ' . ', '0.123456789'])('rejects "%s"', (input) => {
    expect(() => parseDecimal(input)).toThrow(/decimal|decimals/);
    expect(tryParseDecimal(input)).toBeNull();
  });
});
