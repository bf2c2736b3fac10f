/**
 * Exact decimal arithmetic for prices and sizes (DESIGN invariant 4: never floats for amounts
 * that matter). Values are held as bigint counts of 10^-SCALE units.
 */
export const DECIMAL_SCALE = 8;
const ONE = 10n ** BigInt(DECIMAL_SCALE);

/** Parses a non-negative or negative decimal string like "0.56" or "-12.5"; throws on anything else. */
export function parseDecimal(text: string): bigint {
  const match = /^(-)?(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!match) throw new Error(`"${text.slice(0, 40)}" is not a decimal number`);
  const [, sign, whole = '0', fraction = ''] = match;
  if (fraction.length > DECIMAL_SCALE) throw new Error(`"${text}" has more than ${DECIMAL_SCALE} decimals`);
  const units = BigInt(whole) * ONE + BigInt(fraction.padEnd(DECIMAL_SCALE, '0') || '0');
  return sign ? -units : units;
}

/** Formats units back to the shortest exact decimal string ("0.5", "12", "0.0035"). */
export function formatDecimal(units: bigint): string {
  const negative = units < 0n;
  const abs = negative ? -units : units;
  const whole = abs / ONE;
  const fraction = (abs % ONE).toString().padStart(DECIMAL_SCALE, '0').replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

export function tryParseDecimal(text: unknown): bigint | null {
  if (typeof text !== 'string') return null;
  try {
    return parseDecimal(text);
  } catch {
    return null;
  }
}
