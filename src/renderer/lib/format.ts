/**
 * Display formatting. Prices and sizes arrive as decimal strings and stay strings everywhere
 * except here, where they become text; nothing computed for display flows back to the core.
 * One fixed locale keeps columns aligned and screenshots stable across machines.
 */
const LOCALE = 'en-US';

const fixed = new Map<number, Intl.NumberFormat>();
function fixedFormat(decimals: number): Intl.NumberFormat {
  let format = fixed.get(decimals);
  if (!format) {
    format = new Intl.NumberFormat(LOCALE, { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
    fixed.set(decimals, format);
  }
  return format;
}

const compactUsd = new Intl.NumberFormat(LOCALE, {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  maximumFractionDigits: 1,
});

const DASH = '—';

/** Digits after the point in a tick size like "0.001"; prices show at least cents. */
export function tickDecimals(tickSize: string | number): number {
  const text = String(tickSize);
  const point = text.indexOf('.');
  const fromText = point === -1 ? 0 : text.length - point - 1;
  const exponent = /e-(\d+)$/.exec(text);
  return Math.max(2, exponent ? Number(exponent[1]) : fromText);
}

export function formatPrice(price: string | null | undefined, tickSize: string | number): string {
  if (price === null || price === undefined || price === '') return DASH;
  const value = Number(price);
  return Number.isFinite(value) ? fixedFormat(tickDecimals(tickSize)).format(value) : DASH;
}

/** Shares, with two decimals so the size column lines up on the point. */
export function formatSize(size: string | number): string {
  const value = Number(size);
  return Number.isFinite(value) ? fixedFormat(2).format(value) : DASH;
}

export function formatUsdCompact(value: number): string {
  return Number.isFinite(value) ? compactUsd.format(value) : DASH;
}

export function formatPercent(fraction: number): string {
  return `${Math.round(Math.max(0, fraction) * 100)}%`;
}

export function formatClock(epochMs: number): string {
  if (!Number.isFinite(epochMs) || epochMs <= 0) return DASH;
  const date = new Date(epochMs);
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

export function formatDate(iso: string | null): string {
  if (!iso) return DASH;
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? DASH
    : date.toLocaleDateString(LOCALE, { year: 'numeric', month: 'short', day: 'numeric' });
}

/** A moment as "Nov 1, 2026, 14:05", for creation times. */
export function formatDateTime(epochMs: number): string {
  if (!Number.isFinite(epochMs) || epochMs <= 0) return DASH;
  const date = new Date(epochMs);
  return `${date.toLocaleDateString(LOCALE, { year: 'numeric', month: 'short', day: 'numeric' })}, ${formatClock(epochMs).slice(0, 5)}`;
}

/** A day as "Nov 1, 2026", for expiry dates. */
export function formatDay(epochMs: number): string {
  if (!Number.isFinite(epochMs) || epochMs <= 0) return DASH;
  return new Date(epochMs).toLocaleDateString(LOCALE, { year: 'numeric', month: 'short', day: 'numeric' });
}

/** A countdown as "42 s" or "3:05", for modes that end by themselves. */
export function formatCountdown(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${String(seconds % 60).padStart(2, '0')}`;
}

/** USD with cents and a thousands separator: "1,234.56". */
export function formatUsd(value: string | number): string {
  const number = Number(value);
  return Number.isFinite(number) ? fixedFormat(2).format(number) : DASH;
}

/** A moment as "11-25 22:33", for dense table columns. */
export function formatShortDateTime(epochMs: number): string {
  if (!Number.isFinite(epochMs) || epochMs <= 0) return DASH;
  const date = new Date(epochMs);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${formatClock(epochMs).slice(0, 5)}`;
}

/** Allowances are often "approve max" (2^256 − 1 base units): say unlimited rather than print 78 digits. */
export function formatAllowance(value: string, format: (value: string) => string): string {
  const number = Number(value);
  return Number.isFinite(number) && number >= 1e15 ? 'unlimited' : format(value);
}
