/**
 * The user's display preferences and price alerts: their types, constants and defaults, and the
 * views that cross the bridge. Both sides import this file so they agree on the shape. The
 * schemas main parses every change with (and re-parses what it reads back from disk) are in
 * prefsSchemas.ts, apart: the renderer's entry needs the defaults, not zod.
 */
import type { SentencePart } from './sentence';

export const THEMES = ['system', 'light', 'dark'] as const;
export const PRICE_STYLES = ['decimal', 'cents'] as const;
export const CLOCK_STYLES = ['24h', '12h'] as const;

/** True when this runtime knows the IANA zone (a typo would otherwise show times in UTC silently). */
export function isKnownTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export type Theme = (typeof THEMES)[number];
export type PriceStyle = (typeof PRICE_STYLES)[number];
export type ClockStyle = (typeof CLOCK_STYLES)[number];

/** What the page shows numbers and times in (the schema main parses them with: prefsSchemas.ts). */
export interface DisplayPrefs {
  theme: Theme;
  priceStyle: PriceStyle;
  clock: ClockStyle;
  /** "system" or an IANA zone. */
  timeZone: string;
  /** Shares, a plain decimal; empty for "no default". */
  defaultOrderSize: string;
  /** Notify when one of the active account's orders fills. */
  fillAlerts: boolean;
}

export const DEFAULT_DISPLAY_PREFS: DisplayPrefs = {
  theme: 'system',
  priceStyle: 'decimal',
  clock: '24h',
  timeZone: 'system',
  defaultOrderSize: '',
  fillAlerts: true,
};

export const ALERT_DIRECTIONS = ['above', 'below'] as const;
export const ALERT_SOURCES = ['mid', 'last'] as const;
export type AlertDirection = (typeof ALERT_DIRECTIONS)[number];
export type AlertSource = (typeof ALERT_SOURCES)[number];

/** A price alert as the page asks for it (checked in main with priceAlertInputSchema). */
export interface PriceAlertInput {
  tokenId: string;
  /** What the notification names: the question and the outcome, as the user saw them. */
  question: string;
  outcome: string;
  direction: AlertDirection;
  source: AlertSource;
  /** Strictly between 0 and 1, at most 4 decimals. */
  price: string;
  tickSize: string;
}

export interface PriceAlert extends PriceAlertInput {
  id: string;
  createdAt: number;
}

/** One alert that went off: a price alert (removed when it fires) or a fill. */
export interface FiredAlert {
  id: string;
  kind: 'price' | 'fill';
  at: number;
  title: string;
  body: string;
  tokenId: string;
  /** Price alerts: the price that crossed; fills: the fill price. */
  price: string;
  tickSize: string;
  /** The body's words and figures apart, for the page to format (absent in logs kept before them). */
  bodyParts?: SentencePart[];
}

export interface AlertsState {
  alerts: PriceAlert[];
  /** Newest first, bounded (MAX_ALERT_LOG). */
  log: FiredAlert[];
}

export const MAX_PRICE_ALERTS = 200;
export const MAX_ALERT_LOG = 200;
