/**
 * Perps amounts as exact integers: a decimal string in asset units becomes base units (bigint)
 * by string arithmetic, never through a float, and back. The exchange refuses an amount with more
 * decimals than its asset has, so the client refuses it first, naming the limit.
 */
import { CoreError } from '../coreError';

const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

/** `"1.5"`, 6 decimals → `1500000n`. Refuses a malformed, zero or over-precise amount. */
export function toBaseUnits(amount: string, decimals: number, asset: string): bigint {
  const match = DECIMAL.exec(amount.trim());
  if (!match) throw new CoreError('invalid_input', `The amount "${amount.slice(0, 40)}" is not a positive decimal number.`);
  const [, whole = '0', fraction = ''] = match;
  const significant = fraction.replace(/0+$/, '');
  if (significant.length > decimals) {
    throw new CoreError('invalid_input', `${asset} has ${decimals} decimals; the amount ${amount} has more.`);
  }
  const units = BigInt(whole) * 10n ** BigInt(decimals) + BigInt(significant.padEnd(decimals, '0') || '0');
  if (units <= 0n) throw new CoreError('invalid_input', 'The amount must be greater than zero.');
  return units;
}

/** Base units (signed) → a decimal string in asset units without trailing zeros: `-1500000`, 6 → `-1.5`. */
export function fromBaseUnits(units: bigint | string, decimals: number): string {
  const value = typeof units === 'bigint' ? units : BigInt(units);
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/**
 * Compares two non-negative decimal strings exactly (any number of decimals): -1, 0 or 1.
 * Used to hold a transfer against the free-collateral estimate without float rounding.
 */
export function compareDecimals(a: string, b: string): number {
  const scale = Math.max(fractionLength(a), fractionLength(b));
  const x = scaled(a, scale);
  const y = scaled(b, scale);
  return x === y ? 0 : x < y ? -1 : 1;
}

function fractionLength(value: string): number {
  const dot = value.indexOf('.');
  return dot < 0 ? 0 : value.length - dot - 1;
}

function scaled(value: string, scale: number): bigint {
  const negative = value.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? value.slice(1) : value).split('.');
  const units = BigInt(whole || '0') * 10n ** BigInt(scale) + BigInt(fraction.padEnd(scale, '0') || '0');
  return negative ? -units : units;
}

/** Sums signed decimal strings exactly, to the widest scale seen (funding totals). */
export function sumDecimals(values: readonly string[]): string {
  const scale = values.reduce((widest, v) => Math.max(widest, fractionLength(v)), 0);
  const total = values.reduce((sum, v) => sum + scaled(v, scale), 0n);
  return fromBaseUnits(total, scale);
}
