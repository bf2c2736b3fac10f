/**
 * Query parameters of the perps history routes (names in src/shared/protocol/perps.ts
 * PERPS_QUERY): `start_time` (default 0) and `end_time` (default now) in Unix ms, `limit`
 * (default and maximum: the route's cap; larger values are served at the cap; 0 is an empty page
 * whose `more` says whether the window holds anything, as everywhere in the sandbox), `instrument_id`,
 * `interval`. A parameter given twice is malformed. A malformed value answers 400 `invalid_request: <parameter> …`; an unlisted
 * instrument 400 `unknown_instrument`; an interval outside the spec's list 400 `invalid_interval: …`.
 */
import { PERPS_EQUITY_INTERVALS, PERPS_INTERVAL_MS, PERPS_QUERY, type PerpsEquityInterval } from '../../shared/protocol/perps';
import type { Reply } from '../http/reply';
import { invalidRequest, PERPS_ERRORS, perpsError } from './perpsErrors';
import type { Parsed } from './signedOp';
import { instrumentSpec, type InstrumentSpec } from './world/instruments';

export interface ListWindow {
  startMs: number;
  endMs: number;
  limit: number;
}

const INTEGER = /^\d{1,16}$/;
const fail = (reply: Reply) => ({ ok: false, reply }) as const;

function integerParam(query: URLSearchParams, name: string): number | undefined | null {
  const all = query.getAll(name);
  if (all.length === 0) return undefined;
  // Given twice is ambiguous, so malformed.
  const text = all[0] as string;
  if (all.length > 1 || !INTEGER.test(text)) return null;
  const value = Number(text);
  return Number.isSafeInteger(value) ? value : null;
}

export function parseListWindow(query: URLSearchParams, cap: number, nowMs: number): Parsed<ListWindow> {
  const start = integerParam(query, PERPS_QUERY.start);
  if (start === null) return fail(invalidRequest(`${PERPS_QUERY.start} must be a non-negative integer (unix milliseconds)`));
  const end = integerParam(query, PERPS_QUERY.end);
  if (end === null) return fail(invalidRequest(`${PERPS_QUERY.end} must be a non-negative integer (unix milliseconds)`));
  const limit = integerParam(query, PERPS_QUERY.limit);
  if (limit === null) return fail(invalidRequest(`${PERPS_QUERY.limit} must be a non-negative integer`));
  const window = { startMs: start ?? 0, endMs: end ?? nowMs, limit: Math.min(limit ?? cap, cap) };
  if (window.startMs > window.endMs) return fail(invalidRequest(`${PERPS_QUERY.start} must not be after ${PERPS_QUERY.end}`));
  return { ok: true, value: window };
}

/** The instrument named by `instrument_id`; `undefined` when absent and not required. */
export function parseInstrument(query: URLSearchParams, required: boolean): Parsed<InstrumentSpec | undefined> {
  const id = integerParam(query, PERPS_QUERY.instrument);
  if (id === null) return fail(invalidRequest(`${PERPS_QUERY.instrument} must be a non-negative integer`));
  if (id === undefined) return required ? fail(invalidRequest(`${PERPS_QUERY.instrument} is required`)) : { ok: true, value: undefined };
  const instrument = instrumentSpec(id);
  return instrument ? { ok: true, value: instrument } : fail(perpsError(PERPS_ERRORS.unknownInstrument));
}

export function parseInterval(query: URLSearchParams): Parsed<number> {
  const all = query.getAll(PERPS_QUERY.interval);
  const text = all[0];
  if (all.length !== 1 || text === undefined || !(PERPS_EQUITY_INTERVALS as readonly string[]).includes(text)) {
    return fail(perpsError(PERPS_ERRORS.invalidInterval, `${PERPS_QUERY.interval} must be one of ${PERPS_EQUITY_INTERVALS.join(', ')}`));
  }
  return { ok: true, value: PERPS_INTERVAL_MS[text as PerpsEquityInterval] };
}
