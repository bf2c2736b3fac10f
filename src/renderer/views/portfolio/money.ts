/**
 * Money as the analytics views read it: amounts arrive as decimal strings or null (the service
 * could not say), and a P&L's tone. The text of every number is format.ts's.
 */

export const toNumber = (value: string | null | undefined): number | null => {
  if (value === null || value === undefined || value === '') return null;
  const number = Number(value);
  return Number.isFinite(number) ? number : null;
};

/** `tone-bid` for a gain, `tone-ask` for a loss, nothing for zero or unknown. */
export function pnlTone(value: string | number | null | undefined): string | undefined {
  const number = typeof value === 'number' ? value : toNumber(value);
  if (number === null || number === 0) return undefined;
  return number > 0 ? 'tone-bid' : 'tone-ask';
}

/**
 * The view types carry moments as unix seconds (block timestamps) or ms (read times); a value
 * under 10^11 is seconds (that is the year 5138 in ms), so both show right.
 */
export const epochMs = (value: number): number => (value < 1e11 ? value * 1000 : value);
