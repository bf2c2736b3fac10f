/**
 * Display formatting: every number and time on screen goes through here, and here follows the
 * user's display preferences (price as decimal or cents, 12- or 24-hour clock, time zone).
 * Prices and sizes arrive as decimal strings and stay strings everywhere except here, where
 * they become text; nothing computed for display flows back to the core. One fixed locale
 * keeps columns aligned and screenshots stable across machines.
 *
 * The preferences live in prefsStore, which calls `setFormatPrefs` when they load or change;
 * components that show numbers re-render then (App re-keys the current view).
 */
import { DEFAULT_DISPLAY_PREFS, type DisplayPrefs } from '../../shared/prefs';

const LOCALE = 'en-US';

export type FormatPrefs = Pick<DisplayPrefs, 'priceStyle' | 'clock' | 'timeZone'>;

let prefs: FormatPrefs = {
  priceStyle: DEFAULT_DISPLAY_PREFS.priceStyle,
  clock: DEFAULT_DISPLAY_PREFS.clock,
  timeZone: DEFAULT_DISPLAY_PREFS.timeZone,
};

/** Called by prefsStore only: the formats every function below follows from now on. */
export function setFormatPrefs(next: FormatPrefs): void {
  prefs = { priceStyle: next.priceStyle, clock: next.clock, timeZone: next.timeZone };
}

export function currentFormatPrefs(): FormatPrefs {
  return prefs;
}

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

/** A price in the user's style: "0.55" (decimal, tick digits) or "55¢" / "55.5¢" (cents). */
export function formatPrice(price: string | null | undefined, tickSize: string | number): string {
  if (price === null || price === undefined || price === '') return DASH;
  const value = Number(price);
  if (!Number.isFinite(value)) return DASH;
  const decimals = tickDecimals(tickSize);
  if (prefs.priceStyle === 'cents') return `${fixedFormat(decimals - 2).format(value * 100)}¢`;
  return fixedFormat(decimals).format(value);
}

/** The unit a price column or field is in, for headers and hints ("¢" or ""). */
export function priceUnit(): string {
  return prefs.priceStyle === 'cents' ? '¢' : '';
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

/** A plain count or amount with a thousands separator and at most `decimals` decimals. */
export function formatNumber(value: number, decimals = 0): string {
  if (!Number.isFinite(value)) return DASH;
  let format = plain.get(decimals);
  if (!format) {
    format = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: decimals });
    plain.set(decimals, format);
  }
  return format.format(value);
}
const plain = new Map<number, Intl.NumberFormat>();

interface MomentParts {
  year: string;
  month: string;
  monthName: string;
  day: string;
  hour: string;
  minute: string;
  second: string;
  dayPeriod: string;
}

const partFormats = new Map<string, Intl.DateTimeFormat>();
function momentFormat(): Intl.DateTimeFormat {
  const key = `${prefs.timeZone}|${prefs.clock}`;
  let format = partFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(LOCALE, {
      ...(prefs.timeZone === 'system' ? {} : { timeZone: prefs.timeZone }),
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: prefs.clock === '12h' ? 'h12' : 'h23',
    });
    partFormats.set(key, format);
  }
  return format;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A moment's fields in the user's time zone and clock. */
function partsOf(epochMs: number): MomentParts {
  const parts: Record<string, string> = {};
  for (const part of momentFormat().formatToParts(new Date(epochMs))) parts[part.type] = part.value;
  const month = parts.month ?? '01';
  return {
    year: parts.year ?? '',
    month,
    monthName: MONTHS[Number(month) - 1] ?? month,
    day: parts.day ?? '',
    hour: parts.hour ?? '',
    minute: parts.minute ?? '',
    second: parts.second ?? '',
    dayPeriod: parts.dayPeriod ?? '',
  };
}

const validMoment = (epochMs: number) => Number.isFinite(epochMs) && epochMs > 0;

/** "14:05" or "2:05 PM" (with seconds: "14:05:09" / "2:05:09 PM"). */
function clockText(parts: MomentParts, withSeconds: boolean): string {
  const seconds = withSeconds ? `:${parts.second}` : '';
  if (prefs.clock === '12h') return `${Number(parts.hour)}:${parts.minute}${seconds} ${parts.dayPeriod}`;
  return `${parts.hour}:${parts.minute}${seconds}`;
}

/** A time of day with seconds, for tapes and status lines: "14:05:09" or "2:05:09 PM". */
export function formatClock(epochMs: number): string {
  return validMoment(epochMs) ? clockText(partsOf(epochMs), true) : DASH;
}

/** A time of day without seconds: "14:05" or "2:05 PM". */
export function formatTime(epochMs: number): string {
  return validMoment(epochMs) ? clockText(partsOf(epochMs), false) : DASH;
}

const dayText = (parts: MomentParts) => `${parts.monthName} ${Number(parts.day)}, ${parts.year}`;

export function formatDate(iso: string | null): string {
  if (!iso) return DASH;
  const ms = new Date(iso).getTime();
  return Number.isNaN(ms) ? DASH : dayText(partsOf(ms));
}

/** A moment as "Nov 1, 2026, 14:05", for creation times. */
export function formatDateTime(epochMs: number): string {
  if (!validMoment(epochMs)) return DASH;
  const parts = partsOf(epochMs);
  return `${dayText(parts)}, ${clockText(parts, false)}`;
}

/** A day as "Nov 1, 2026", for expiry dates. */
export function formatDay(epochMs: number): string {
  return validMoment(epochMs) ? dayText(partsOf(epochMs)) : DASH;
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

const numberOrNull = (value: string | number | null | undefined): number | null => {
  if (value === null || value === undefined || value === '') return null;
  const number = Number(value);
  return Number.isFinite(number) ? number : null;
};

/** A signed amount: "+1,234.56" / "−12.00" (a real minus sign lines up with the plus); unknown is a dash, never 0. */
export function formatSignedUsd(value: string | number | null | undefined): string {
  const number = numberOrNull(value);
  if (number === null) return DASH;
  const text = formatUsd(Math.abs(number));
  return number > 0 ? `+${text}` : number < 0 ? `−${text}` : text;
}

/** A signed percentage in percent units (12.5 means 12.5 %): "+12.50%" / "−3.00%". */
export function formatSignedPercent(value: string | number | null | undefined): string {
  const number = numberOrNull(value);
  if (number === null) return DASH;
  const text = `${fixedFormat(2).format(Math.abs(number))}%`;
  return number > 0 ? `+${text}` : number < 0 ? `−${text}` : text;
}

/** "just now", "42 s", "5 min", "3 h", "2 d": how old a copy is. */
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
export function formatAgo(ms: number): string {
  const age = formatAge(ms);
  return age === 'just now' ? age : `${age} ago`;
}

/** A moment as "11-25 22:33", for dense table columns. */
export function formatShortDateTime(epochMs: number): string {
  if (!validMoment(epochMs)) return DASH;
  const parts = partsOf(epochMs);
  return `${parts.month}-${parts.day} ${clockText(parts, false)}`;
}

/** What a chart's time-axis label shows at its scale (lightweight-charts' tick mark types). */
export type ChartTickKind = 'year' | 'month' | 'day' | 'time' | 'seconds';

/** A chart axis label in the user's zone and clock: "2026", "Nov", "26", "14:05", "14:05:09". */
export function formatChartTick(epochMs: number, kind: ChartTickKind): string {
  if (!validMoment(epochMs)) return DASH;
  const parts = partsOf(epochMs);
  if (kind === 'year') return parts.year;
  if (kind === 'month') return parts.monthName;
  if (kind === 'day') return String(Number(parts.day));
  return clockText(parts, kind === 'seconds');
}

/** A day as "2026-11-13" in the user's zone, the narrowest date a column can hold. */
export function formatIsoDay(epochMs: number): string {
  if (!validMoment(epochMs)) return DASH;
  const parts = partsOf(epochMs);
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** The zone times are shown in, for a hint: "UTC", "Asia/Tokyo" or this computer's zone. */
export function timeZoneLabel(): string {
  return prefs.timeZone === 'system' ? new Intl.DateTimeFormat(LOCALE).resolvedOptions().timeZone : prefs.timeZone;
}

/** Allowances are often "approve max" (2^256 − 1 base units): say unlimited rather than print 78 digits. */
export function formatAllowance(value: string, format: (value: string) => string): string {
  const number = Number(value);
  return Number.isFinite(number) && number >= 1e15 ? 'unlimited' : format(value);
}
