/**
 * Cursor paging of `/data/orders` and `/data/trades` (wire-formats.md): `{data, next_cursor}`
 * where a cursor is the base64 of a decimal offset — the first is `MA==` ("0") and the end
 * marker `LTE=` ("-1"), as the public service writes them. A missing cursor means the first
 * page; anything that is not one of these cursors is a bad request.
 */
export const FIRST_CURSOR = 'MA==';
export const END_CURSOR = 'LTE=';
export const DEFAULT_PAGE_SIZE = 100;

const OFFSET = /^(0|[1-9]\d{0,8})$/;

/** The offset a cursor points at, 'end' for the end marker, null when it is not a cursor. */
export function decodeCursor(cursor: string | null): number | 'end' | null {
  if (cursor === null || cursor === '') return 0;
  if (cursor === END_CURSOR) return 'end';
  const text = Buffer.from(cursor, 'base64').toString('utf8');
  return OFFSET.test(text) && Buffer.from(text, 'utf8').toString('base64') === cursor ? Number(text) : null;
}

export const encodeCursor = (offset: number): string => Buffer.from(String(offset), 'utf8').toString('base64');

export interface Page<T> {
  data: T[];
  next_cursor: string;
  limit: number;
  count: number;
}

export function pageOf<T>(items: readonly T[], offset: number | 'end', size: number): Page<T> {
  if (offset === 'end') return { data: [], next_cursor: END_CURSOR, limit: size, count: 0 };
  const data = items.slice(offset, offset + size);
  const next = offset + size < items.length ? encodeCursor(offset + size) : END_CURSOR;
  return { data, next_cursor: next, limit: size, count: data.length };
}
