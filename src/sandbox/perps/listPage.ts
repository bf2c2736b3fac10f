/**
 * One page of a perps list (`{data, more}`, newest first). The spec gives these lists no cursor:
 * a walk continues by asking again with `end_time` = the oldest timestamp it got (inclusive),
 * so a page never ends inside a millisecond. When the row after a full page shares the last
 * row's millisecond, the rows of that millisecond leave the page (the next page starts with
 * them); when the whole page is one millisecond, the page takes all of that millisecond's rows
 * instead, so a walk always moves on. `limit` 0 is an empty page with an exact `more`; asking
 * the same window again with a limit continues from its start (docs/decisions/38-…).
 */
import type { PerpsList } from '../../shared/protocol/perps';

export function pageByMillisecond<T>(rows: Iterable<T>, limit: number, timeOf: (row: T) => number): PerpsList<T> {
  const data: T[] = [];
  const iterator = rows[Symbol.iterator]();
  for (let next = iterator.next(); !next.done; next = iterator.next()) {
    if (data.length < limit) {
      data.push(next.value);
      continue;
    }
    // A row beyond a full page: there is more. Only the millisecond at the page's edge matters.
    const edge = limit > 0 ? timeOf(data[limit - 1] as T) : null;
    if (edge === null || timeOf(next.value) !== edge) return { data, more: true };
    const firstAtEdge = data.findIndex((row) => timeOf(row) === edge);
    if (firstAtEdge > 0) return { data: data.slice(0, firstAtEdge), more: true };
    // The page is one millisecond: it takes the rest of that millisecond too.
    data.push(next.value);
    for (next = iterator.next(); !next.done; next = iterator.next()) {
      if (timeOf(next.value) !== edge) return { data, more: true };
      data.push(next.value);
    }
    return { data, more: false };
  }
  return { data, more: false };
}
