/**
 * Hand checks of the analytics service's answers: the envelope, and of each row the fields the
 * core relies on. Cheap enough for 1,000-row pages (no schema library in the hot path), strict
 * enough that a malformed answer becomes one clear `bad_response` instead of a crash later.
 */
import type { AnalyticsPagination } from '../../../shared/protocol/analytics';
import { CoreError } from '../coreError';

export type RowCheck<T> = (row: Record<string, unknown>) => row is Record<string, unknown> & T;
export type FieldKind = 'string' | 'number' | 'boolean' | 'string?' | 'number?' | 'array';

/** What a field of each kind may hold: `?` allows null or absent (the spec's "unavailable"), never a wrong type. */
export const fieldAllows: Record<FieldKind, (value: unknown) => boolean> = {
  string: (value) => typeof value === 'string',
  number: (value) => typeof value === 'number' && Number.isFinite(value),
  boolean: (value) => typeof value === 'boolean',
  array: (value) => Array.isArray(value),
  'string?': (value) => value === null || value === undefined || typeof value === 'string',
  'number?': (value) => value === null || value === undefined || (typeof value === 'number' && Number.isFinite(value)),
};

/** A row check from a field table. */
export function rowCheck<T>(fields: Record<string, FieldKind>): RowCheck<T> {
  const entries = Object.entries(fields).map(([name, kind]) => [name, fieldAllows[kind]] as const);
  return (row): row is Record<string, unknown> & T => {
    for (const [name, allows] of entries) if (!allows(row[name])) return false;
    return true;
  };
}

const badResponse = (call: string, what: string) =>
  new CoreError('bad_response', `The analytics service answered ${call} with ${what}.`, { retryable: false });

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `data` as an array whose every row passes `check`; names the first bad row's index. */
export function checkRows<T>(call: string, data: unknown, check: RowCheck<T>): T[] {
  // A documented miss may be `data: null`: that is an empty list, not an error.
  if (data === null) return [];
  if (!Array.isArray(data)) throw badResponse(call, 'a `data` that is not a list');
  for (let i = 0; i < data.length; i++) {
    const row: unknown = data[i];
    if (!isObject(row) || !check(row)) throw badResponse(call, `a malformed row at index ${i}`);
  }
  return data as T[];
}

export function checkEnvelope(call: string, body: unknown): Record<string, unknown> {
  if (!isObject(body) || !('data' in body)) throw badResponse(call, 'no `data` envelope');
  return body;
}

export function checkPagination(call: string, body: Record<string, unknown>): AnalyticsPagination {
  const pagination = body.pagination;
  if (!isObject(pagination)) throw badResponse(call, 'no `pagination` on a paged route');
  const { next_cursor: next, has_more: hasMore } = pagination;
  if (!(next === null || (typeof next === 'string' && next.length > 0)) || typeof hasMore !== 'boolean') {
    throw badResponse(call, 'a malformed `pagination`');
  }
  if (hasMore !== (next !== null)) throw badResponse(call, 'a `pagination` whose has_more contradicts its next_cursor');
  return { next_cursor: next, has_more: hasMore };
}
