/**
 * Money as the analytics views show it: signed P&L with its tone, percentages, ages. Amounts
 * arrive as decimal strings or null (the service could not say); null shows as a dash, never 0.
 */
import { formatUsd } from '../../lib/format';

const DASH = '—';

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

/** "+1,234.56" / "−12.00" (a real minus sign lines up with the plus). */
export function formatSignedUsd(value: string | number | null | undefined): string {
  const number = typeof value === 'number' ? value : toNumber(value);
  if (number === null) return DASH;
  const text = formatUsd(Math.abs(number));
  return number > 0 ? `+${text}` : number < 0 ? `−${text}` : text;
}

/** The service's percent P&L is in percent units (12.5 means 12.5 %), as the public API's `percentPnl`. */
export function formatSignedPercent(value: string | number | null | undefined): string {
  const number = typeof value === 'number' ? value : toNumber(value);
  if (number === null) return DASH;
  const text = `${Math.abs(number).toFixed(2)}%`;
  return number > 0 ? `+${text}` : number < 0 ? `−${text}` : text;
}

/** "just now", "42 s", "5 min", "3 h", "2 d": how old a stale copy is. */
export function formatAge(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  if (seconds < 5) return 'just now';
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return `${hours} h`;
  return `${Math.round(hours / 24)} d`;
}

/** "just now" or "5 min ago". */
export const formatAgo = (ms: number): string => {
  const age = formatAge(ms);
  return age === 'just now' ? age : `${age} ago`;
};

/**
 * The view types carry moments as unix seconds (block timestamps) or ms (read times); a value
 * under 10^11 is seconds (that is the year 5138 in ms), so both show right.
 */
export const epochMs = (value: number): number => (value < 1e11 ? value * 1000 : value);
