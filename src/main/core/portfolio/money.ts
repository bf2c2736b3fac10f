/**
 * USD and share amounts for the portfolio views. The service sends JSON numbers; sums are done in
 * integer millionths (the exchange's base unit) so totals of thousands of positions do not drift,
 * and go out as decimal strings without float noise (0.1 + 0.2 shows as 0.3).
 */
const SCALE = 1_000_000;

export const toMicro = (value: number): number => Math.round(value * SCALE);

/** A micro amount as a decimal string: at most 6 decimals, trailing zeros dropped. */
export function microToDecimal(micro: number): string {
  const sign = micro < 0 ? '-' : '';
  const abs = Math.abs(Math.round(micro));
  const whole = Math.floor(abs / SCALE);
  const fraction = String(abs % SCALE).padStart(6, '0').replace(/0+$/, '');
  return `${sign}${whole}${fraction ? `.${fraction}` : ''}`;
}

/** A service number as a decimal string; null (unavailable) stays null, never "0". */
export const decimalOrNull = (value: number | null | undefined): string | null =>
  value === null || value === undefined || !Number.isFinite(value) ? null : microToDecimal(toMicro(value));
