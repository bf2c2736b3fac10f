/**
 * Amounts of the trading half, always integers. Balances and signed order amounts are bigint
 * base units (6 decimals, wire-formats.md "Amounts"); the book counts prices in pips (0.0001)
 * and sizes in hundredths of a share (units.ts). The bridges between them are exact:
 *   one hundredth of a share = 10 000 base units of the token;
 *   a fill of `cents` at `pips` costs cents × pips base units of collateral
 *   (cents / 100 shares × pips / 10 000 USD = cents × pips / 10^6 USD).
 */
import { PIPS_PER_UNIT } from '../clob/units';

export const BASE_UNITS_PER_SHARE = 1_000_000n;
export const BASE_UNITS_PER_CENT = 10_000n;
/** What every allowance reads as: approvals are unlimited (max uint256, as an approve(max) leaves it). */
export const UNLIMITED_ALLOWANCE = (1n << 256n) - 1n;
/** Largest signed amount the sandbox accepts: 10^18 base units (a trillion shares or dollars). */
export const MAX_ORDER_AMOUNT = 10n ** 18n;

const UINT = /^(0|[1-9]\d{0,77})$/;
const DECIMAL = /^(0|[1-9]\d*)(\.\d{1,6})?$/;

/** A non-negative decimal integer string (or a safe integer number) as bigint; null otherwise. */
export function parseUint(value: unknown): bigint | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value >= 0 ? BigInt(value) : null;
  return typeof value === 'string' && UINT.test(value) ? BigInt(value) : null;
}

/** A positive decimal amount with at most 6 decimals ("12.5", 12.5) as base units; null otherwise. */
export function parseDecimalAmount(value: unknown): bigint | null {
  const text = typeof value === 'number' && Number.isFinite(value) ? String(value) : value;
  if (typeof text !== 'string' || !DECIMAL.test(text)) return null;
  const [whole, fraction = ''] = text.split('.') as [string, string?];
  return BigInt(whole) * BASE_UNITS_PER_SHARE + BigInt(fraction.padEnd(6, '0'));
}

/** Base units as an exact decimal with trailing zeros trimmed: 10520000 → "10.52". */
export function formatBaseUnits(value: bigint): string {
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(7, '0');
  const whole = digits.slice(0, -6);
  const fraction = digits.slice(-6).replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

export const centsToBaseUnits = (cents: number): bigint => BigInt(cents) * BASE_UNITS_PER_CENT;

/** Whole hundredths of a share in a base-unit share amount (finer digits cannot trade). */
export const baseUnitsToCents = (shares: bigint): number => Number(shares / BASE_UNITS_PER_CENT);

/** Collateral for `cents` shares at `pips`, in base units. */
export const costOf = (cents: number, pips: number): bigint => BigInt(cents) * BigInt(pips);

/**
 * The limit price of a signed order in pips of its own outcome. A BUY pays at most
 * makerAmount / takerAmount, so its limit is rounded down; a SELL takes at least
 * takerAmount / makerAmount, so its limit is rounded up. Either way no fill at the limit can
 * cost the buyer more, or pay the seller less, than the signed amounts allow — and a market
 * BUY like $100 for 178.5714 shares (0.56000017…) still reads as 0.56.
 */
export function limitPips(side: 'BUY' | 'SELL', makerAmount: bigint, takerAmount: bigint): bigint {
  const unit = BigInt(PIPS_PER_UNIT);
  if (side === 'BUY') return (makerAmount * unit) / takerAmount;
  return (takerAmount * unit + makerAmount - 1n) / makerAmount;
}
