/**
 * Display formatting: every number and time on screen goes through here, and here follows the
 * user's display preferences (price as decimal or cents, 12- or 24-hour clock, time zone).
 * Prices and sizes arrive as decimal strings and stay strings everywhere except here, where
 * they become text; nothing computed for display flows back to the core. One fixed locale
 * keeps columns aligned and screenshots stable across machines. The renderer reaches it through
 * src/renderer/lib/format.ts, and a source check (test/unit/renderer/formatSourceCheck.test.ts)
 * fails when a view formats on its own; main's own question pages use it too (withFormatPrefs),
 * so a figure main asks about reads as it does on the page.
 *
 * One shape per kind of value (docs/decisions/47-one-format/):
 *  - a moment: "2026-11-28 14:05" / "2026-11-28 2:05 PM" (formatDateTime), its day alone
 *    "2026-11-28" (formatDay), its time alone "14:05" (formatTime), and with seconds for
 *    live tapes "14:05:09" (formatClock);
 *  - a price: "0.55" or "55¢" at the market's tick; shares "1,234.50"; USD "1,234.56";
 *    an asset amount at least to the cent and exactly as sent beyond ("120.50", "0.123456");
 *  - a signed figure with a real minus sign ("−12.00"), unknown as a dash, never 0.
 *
 * In the renderer the preferences live in prefsStore, which calls `setFormatPrefs` when they load
 * or change; components that show numbers re-render then (App re-keys the current view).
 */
import { DEFAULT_DISPLAY_PREFS, type DisplayPrefs } from './prefs';
import type { Figure, SentencePart } from './sentence';

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

/**
 * `make` run with these preferences, the ones before restored after: main formats the text of
 * its own questions this way (synchronously, so nothing else formats in between).
 */
export function withFormatPrefs<T>(next: FormatPrefs, make: () => T): T {
  const before = prefs;
  setFormatPrefs(next);
  try {
    return make();
  } finally {
    prefs = before;
  }
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

/**
 * Built on first use, as every formatter here: the first Intl formatter a page builds loads the
 * locale's data (10–20 ms in the startup bench's profile), and one built when this module is
 * evaluated ran before the renderer's early entry could open the bridge's socket.
 */
let compactUsd: Intl.NumberFormat | undefined;

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
  if (!Number.isFinite(value)) return DASH;
  compactUsd ??= new Intl.NumberFormat(LOCALE, { style: 'currency', currency: 'USD', notation: 'compact', maximumFractionDigits: 1 });
  return compactUsd.format(value);
}

/** A share of a whole (0.425 → "43%", or "42.5%" with one decimal); never below 0. */
export function formatPercent(fraction: number, decimals = 0): string {
  return Number.isFinite(fraction) ? `${fixedFormat(decimals).format(Math.max(0, fraction) * 100)}%` : DASH;
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

/**
 * Builds the formatters a first frame uses (shares and prices at two decimals, a moment), so a
 * page can pay the locale data's first load (10–30 ms in the startup bench's profile) while it
 * waits for the network rather than inside its first render. Same formatters, same output.
 */
export function prepareFormats(): void {
  fixedFormat(2);
  momentFormat();
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

const dayText = (parts: MomentParts) => `${parts.year}-${parts.month}-${parts.day}`;

/** A day as "2026-11-28" in the user's zone: the day part of every moment on screen. */
export function formatDay(epochMs: number): string {
  return validMoment(epochMs) ? dayText(partsOf(epochMs)) : DASH;
}

/** An ISO date or date-time from a service, as its day. */
export function formatDate(iso: string | null): string {
  if (!iso) return DASH;
  const ms = new Date(iso).getTime();
  return Number.isNaN(ms) ? DASH : formatDay(ms);
}

/**
 * A moment, the one shape every table, note and dialog uses: "2026-11-28 14:05" or
 * "2026-11-28 2:05 PM"; with seconds for a tooltip that completes a tape's time of day.
 */
export function formatDateTime(epochMs: number, { seconds = false } = {}): string {
  if (!validMoment(epochMs)) return DASH;
  const parts = partsOf(epochMs);
  return `${dayText(parts)} ${clockText(parts, seconds)}`;
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

const GROUPED = /\B(?=(\d{3})+(?!\d))/g;

/**
 * An asset amount from a decimal string, exact: grouped, at least to the cent, and every digit
 * beyond as sent ("120.5" → "120.50", "0.123456" → "0.123456", "-3" → "−3.00"). Amounts are
 * what was signed or settled, so nothing is rounded away.
 */
export function formatAmount(text: string | null | undefined): string {
  const value = (text ?? '').trim();
  if (!/^-?\d+(\.\d+)?$/.test(value)) return DASH;
  const negative = value.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? value.slice(1) : value).split('.');
  const digits = fraction.replace(/0+$/, '').padEnd(2, '0');
  const zero = /^0*$/.test(whole) && /^0*$/.test(fraction);
  return `${negative && !zero ? '−' : ''}${whole.replace(/^0+(?=\d)/, '').replace(GROUPED, ',')}.${digits}`;
}

/** A signed asset amount: "+250.00" in, "−120.50" out, "0.00" for nothing. */
export function formatSignedAmount(text: string | null | undefined): string {
  const shown = formatAmount(text);
  return shown === DASH || shown.startsWith('−') || /^[0.,]+$/.test(shown) ? shown : `+${shown}`;
}

/** Axis labels of USD amounts: "1.62M" rather than "1,620,251.99" once they are large. */
export function formatAxisAmount(value: number): string {
  if (!Number.isFinite(value)) return DASH;
  if (Math.abs(value) < 10_000) return formatNumber(value, 2);
  compactNumber ??= new Intl.NumberFormat(LOCALE, { notation: 'compact', maximumFractionDigits: 2 });
  return compactNumber.format(value);
}
let compactNumber: Intl.NumberFormat | undefined;

/** A duration: "0.4 s" and "4.2 s" under ten seconds, "42 s", "90 s", "5 min", "2.5 h". */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms)) return DASH;
  const seconds = Math.max(0, ms) / 1000;
  if (seconds < 10) return `${fixedFormat(Number.isInteger(seconds) ? 0 : 1).format(seconds)} s`;
  if (seconds < 60 || (seconds < 120 && Math.round(seconds) % 60 !== 0)) return `${Math.round(seconds)} s`;
  if (seconds < 7200) return `${Math.round(seconds / 60)} min`;
  return `${formatNumber(seconds / 3600, 1)} h`;
}

/** A file's size: "12.3 KB", "4.5 MB". */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes)) return DASH;
  return bytes < 1024 * 1024 ? `${fixedFormat(1).format(bytes / 1024)} KB` : `${fixedFormat(1).format(bytes / 1024 / 1024)} MB`;
}

/** One figure of a sentence main wrote (shared/sentence), in the user's formats. */
export function formatFigure(figure: Figure): string {
  switch (figure.kind) {
    case 'price':
      return formatPrice(figure.value, figure.tickSize ?? figure.value);
    case 'shares':
      return formatSize(figure.value);
    case 'usd':
      return `$${formatUsd(figure.value)}`;
    case 'amount':
      return `${formatAmount(figure.value)} ${figure.unit ?? ''}`.trim();
    case 'time':
      return formatTime(Number(figure.value));
  }
}

/** A sentence main wrote with figures in it, as the page shows it. */
export function formatSentence(parts: readonly SentencePart[]): string {
  return parts.map((part) => (typeof part === 'string' ? part : formatFigure(part))).join('');
}

/** A message main sent with its figures apart when it has any (`parts`), else as written. */
export function formatMessage(said: { message: string; parts?: readonly SentencePart[] | undefined }): string {
  return said.parts ? formatSentence(said.parts) : said.message;
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

/**
 * The zone times are shown in, for a hint: "UTC", "Asia/Tokyo" or this computer's zone. Read from
 * the formatter the times go through (the zone they are really shown in), not a new one per call:
 * the Risk panel asks on every render.
 */
export function timeZoneLabel(): string {
  return prefs.timeZone === 'system' ? momentFormat().resolvedOptions().timeZone : prefs.timeZone;
}

const inputParts = new Map<string, Intl.DateTimeFormat>();
/** The wall clock of `epochMs` in the user's zone, as numbers (24-hour, whatever the clock style). */
function wallClock(epochMs: number): { year: number; month: number; day: number; hour: number; minute: number } {
  const zone = prefs.timeZone;
  let format = inputParts.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat(LOCALE, {
      ...(zone === 'system' ? {} : { timeZone: zone }),
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      hourCycle: 'h23',
    });
    inputParts.set(zone, format);
  }
  const parts: Record<string, number> = {};
  for (const part of format.formatToParts(new Date(epochMs))) parts[part.type] = Number(part.value);
  return { year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1, hour: parts.hour ?? 0, minute: parts.minute ?? 0 };
}

const two = (n: number) => String(n).padStart(2, '0');

/**
 * A moment as a `datetime-local` input's value ("2026-11-28T14:05"), in the user's zone: the
 * field shows the same wall clock as every time on screen, not this computer's.
 */
export function formatDateTimeInput(epochMs: number): string {
  const wall = wallClock(epochMs);
  return `${wall.year}-${two(wall.month)}-${two(wall.day)}T${two(wall.hour)}:${two(wall.minute)}`;
}

/** A `datetime-local` value read as a wall clock in the user's zone: Unix ms, or NaN. */
export function parseDateTimeInput(text: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(text.trim());
  if (!match) return Number.NaN;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  const wanted = Date.UTC(year, month - 1, day, hour, minute);
  // The zone's offset at a moment is its wall clock minus UTC; asked twice so a DST edge lands right.
  const offsetAt = (ms: number) => {
    const wall = wallClock(ms);
    return Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute) - Math.floor(ms / 60_000) * 60_000;
  };
  const first = wanted - offsetAt(wanted);
  return wanted - offsetAt(first);
}

/** Allowances are often "approve max" (2^256 − 1 base units): say unlimited rather than print 78 digits. */
export function formatAllowance(value: string, format: (value: string) => string): string {
  const number = Number(value);
  return Number.isFinite(number) && number >= 1e15 ? 'unlimited' : format(value);
}
