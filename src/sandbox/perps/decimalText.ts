/** Decimal strings of the perps wire: parsing asset amounts exactly and writing USD numbers. */
import { formatUnits, parseUnits } from 'viem';

const DECIMAL = /^(\d{1,30})(?:\.(\d{1,30}))?$/;
const SIGNED_DECIMAL = /^-?(\d{1,15})(?:\.(\d{1,12}))?$/;

/**
 * A positive amount in asset units with at most `decimals` decimals, as integer base units;
 * or the reason it is not one (names no field; the caller adds it).
 */
export function parseAssetAmount(text: unknown, decimals: number): bigint | string {
  if (typeof text !== 'string') return 'must be a decimal string';
  const match = DECIMAL.exec(text);
  if (!match) return 'must be a positive decimal string such as "12.5"';
  if ((match[2] ?? '').length > decimals) return `has more than ${decimals} decimals`;
  const units = parseUnits(text, decimals);
  return units > 0n ? units : 'must be greater than 0';
}

/** A signed decimal size (contracts), or null. */
export function parseSignedSize(text: unknown): number | null {
  const value = typeof text === 'number' ? String(text) : text;
  if (typeof value !== 'string' || !SIGNED_DECIMAL.test(value)) return null;
  const size = Number(value);
  return Number.isFinite(size) ? size : null;
}

export const baseUnitsToNumber = (units: bigint, decimals: number): number => Number(formatUnits(units, decimals));

/** A number as a decimal string with at most `digits` decimals, no exponent, no trailing zeros, no "-0". */
export function decimalString(value: number, digits: number): string {
  const fixed = value.toFixed(digits);
  const trimmed = fixed.includes('.') ? fixed.replace(/0+$/, '').replace(/\.$/, '') : fixed;
  return trimmed === '-0' ? '0' : trimmed;
}

/** USD values on the wire (equity, funding): 6 decimals, like USDC. */
export const usdString = (value: number): string => decimalString(value, 6);
