/**
 * Exact figures for the risk checks (bigint units of src/shared/decimal, never floats) and how
 * the refusal sentences write them: "1,250.00 USD", "12,000.00 shares", "51". The sentences are
 * main's, so they do not follow the page's display preferences; they use the en-US grouping the
 * rest of main's messages use.
 */
import { DECIMAL_SCALE, formatDecimal, parseDecimal, tryParseDecimal } from '../../../shared/decimal';
import { RISK_LIMIT_INFO, type RiskLimitKey } from '../../../shared/riskLimits';

export const ONE = parseDecimal('1');

/** A decimal string as units; an unreadable value counts as zero (a bad row must not fail a check). */
export const units = (text: string | null | undefined): bigint => tryParseDecimal(text ?? '') ?? 0n;

/** `a × b` in units, rounded half away from zero. */
export function times(a: bigint, b: bigint): bigint {
  const product = a * b;
  const half = ONE / 2n;
  return product >= 0n ? (product + half) / ONE : -((-product + half) / ONE);
}

/** `a / b` in units (b ≠ 0), truncated. */
export const dividedBy = (a: bigint, b: bigint): bigint => (a * ONE) / b;

function grouped(whole: string): string {
  return whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/**
 * A figure with `decimals` places, grouped. Rounded to the places unless that would hide which
 * side of `against` it is on ("1,000.00 USD is above 1,000.00 USD"): then every digit is shown.
 */
export function figureText(value: bigint, decimals: number, against?: bigint): string {
  const step = 10n ** BigInt(DECIMAL_SCALE - decimals);
  const round = (v: bigint) => ((v < 0n ? v - step / 2n : v + step / 2n) / step) * step;
  const shown = against !== undefined && round(value) === round(against) && value !== against ? value : round(value);
  const negative = shown < 0n;
  const [whole = '0', fraction = ''] = formatDecimal(negative ? -shown : shown).split('.');
  const places = Math.max(decimals, fraction.length);
  const fractionText = places > 0 ? `.${fraction.padEnd(places, '0')}` : '';
  return `${negative ? '-' : ''}${grouped(whole)}${fractionText}`;
}

/** A limit's figure in its unit: "1,000.00 USD", "10,000.00 shares", "50". */
export function limitFigure(key: RiskLimitKey, value: bigint, against?: bigint): string {
  const { unit, decimals } = RISK_LIMIT_INFO[key];
  const text = figureText(value, decimals, against);
  return unit === 'orders' ? text : `${text} ${unit}`;
}
