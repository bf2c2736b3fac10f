/**
 * The `start`/`end` window rules of `/v2/activity` and `/v2/trades?user=`: omitted or 0 start
 * floors to three years back, 1 asks for the full history, omitted or 0 end means now plus one
 * day; both bounds inclusive, epoch seconds.
 */
import { invalid } from './errors';
import type { QueryParams } from './params';

export const DAY_S = 86_400;
export const THREE_YEARS_S = 3 * 365 * DAY_S;
const INT64_MAX = Number.MAX_SAFE_INTEGER;

export interface TimeWindowS {
  start: number;
  end: number;
}

export function activityWindow(params: QueryParams, nowS: number): TimeWindowS {
  const rawStart = params.integer('start', 0, INT64_MAX);
  const rawEnd = params.integer('end', 0, INT64_MAX);
  const start = rawStart === undefined || rawStart === 0 ? nowS - THREE_YEARS_S : rawStart === 1 ? 0 : rawStart;
  const end = rawEnd === undefined || rawEnd === 0 ? nowS + DAY_S : rawEnd;
  if (start > end) throw invalid('start', `start (${start}) is after end (${end})`);
  return { start, end };
}

/** Other windowed routes: omitted or 0 bounds are unbounded. */
export function openWindow(params: QueryParams): TimeWindowS {
  const start = params.integer('start', 0, INT64_MAX) ?? 0;
  const end = params.integer('end', 0, INT64_MAX) ?? 0;
  const window = { start, end: end === 0 ? INT64_MAX : end };
  if (window.start > window.end) throw invalid('start', `start (${start}) is after end (${end})`);
  return window;
}
