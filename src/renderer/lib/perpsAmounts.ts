/**
 * Perps amounts are decimal strings in asset units (never floats on the way to a signature):
 * checked as text, so what the user typed is exactly what the core signs. They are shown
 * through formatAmount (lib/format.ts), which keeps every digit.
 */
import { formatNumber } from './format';

const DECIMAL = /^\d+(\.\d+)?$/;

/** Why `text` is not an amount of an asset with `decimals` decimals, or null when it is one. */
export function amountProblem(text: string, decimals: number, asset: string): string | null {
  const value = text.trim();
  if (value === '') return 'Enter an amount.';
  if (!DECIMAL.test(value)) return 'The amount is a plain decimal number such as 25 or 12.5.';
  const [whole = '', fraction = ''] = value.split('.');
  if (fraction.length > decimals) return `${asset} has ${formatNumber(decimals)} decimals: the amount has ${formatNumber(fraction.length)}.`;
  if (whole.replace(/^0+/, '').length > 15) return 'The amount is too large.';
  if (/^0*$/.test(whole) && /^0*$/.test(fraction)) return 'The amount must be more than zero.';
  return null;
}
