/**
 * Perps amounts are decimal strings in asset units (never floats on the way to a signature):
 * checked and shown as text, so what the user typed is exactly what the core signs.
 */

const DECIMAL = /^\d+(\.\d+)?$/;

/** Why `text` is not an amount of an asset with `decimals` decimals, or null when it is one. */
export function amountProblem(text: string, decimals: number, asset: string): string | null {
  const value = text.trim();
  if (value === '') return 'Enter an amount.';
  if (!DECIMAL.test(value)) return 'The amount is a plain decimal number such as 25 or 12.5.';
  const [whole = '', fraction = ''] = value.split('.');
  if (fraction.length > decimals) return `${asset} has ${decimals} decimals: the amount has ${fraction.length}.`;
  if (whole.replace(/^0+/, '').length > 15) return 'The amount is too large.';
  if (/^0*$/.test(whole) && /^0*$/.test(fraction)) return 'The amount must be more than zero.';
  return null;
}

/** "1234567.5" → "1,234,567.5", exact (the fraction is kept as given, no rounding). */
export function groupDecimal(text: string): string {
  const negative = text.startsWith('-');
  const [whole = '0', fraction] = (negative ? text.slice(1) : text).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '−' : ''}${grouped}${fraction ? `.${fraction}` : ''}`;
}

/** A signed amount with its sign spelled out: "+25" / "−25". */
export function signedDecimal(text: string): string {
  if (text.startsWith('-')) return groupDecimal(text);
  return /^0*(\.0*)?$/.test(text) ? groupDecimal(text) : `+${groupDecimal(text)}`;
}
