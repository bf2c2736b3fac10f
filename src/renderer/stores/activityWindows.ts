/**
 * The Activity table holds up to a quarter-million rows without holding them: the store keeps
 * fixed windows of rows (by offset in the filtered, sorted result) around what is on screen and
 * forgets the ones far away. Pure helpers, so the window arithmetic is testable on its own.
 */
import type { ActivityRowView } from '../../shared/portfolioViews';

/** Rows per `queryActivity` call (the channel allows up to 500). */
export const WINDOW_ROWS = 200;
/** Windows kept in memory: 40 × 200 = 8,000 rows, whatever the history's size. */
export const MAX_WINDOWS = 40;

export interface RowWindow {
  rows: ActivityRowView[];
  /** The store revision the rows were read at; an older one is shown until re-read. */
  revision: number;
}

export type Windows = Readonly<Record<number, RowWindow>>;

/** Window indexes covering rows [first, last] (inclusive), clamped to the total. */
export function windowsFor(first: number, last: number, total: number): number[] {
  if (total <= 0 || last < first) return [];
  const from = Math.max(0, Math.floor(first / WINDOW_ROWS));
  const to = Math.min(Math.floor((total - 1) / WINDOW_ROWS), Math.floor(Math.max(first, last) / WINDOW_ROWS));
  const indexes: number[] = [];
  for (let i = from; i <= to; i += 1) indexes.push(i);
  return indexes;
}

export function rowAt(windows: Windows, index: number): ActivityRowView | undefined {
  return windows[Math.floor(index / WINDOW_ROWS)]?.rows[index % WINDOW_ROWS];
}

/** Drops the windows farthest from `center` once more than MAX_WINDOWS are held. */
export function evictFar(windows: Windows, center: number): Windows {
  const keys = Object.keys(windows).map(Number);
  if (keys.length <= MAX_WINDOWS) return windows;
  const keep = keys.sort((a, b) => Math.abs(a - center) - Math.abs(b - center)).slice(0, MAX_WINDOWS);
  const next: Record<number, RowWindow> = {};
  for (const key of keep) next[key] = windows[key]!;
  return next;
}
