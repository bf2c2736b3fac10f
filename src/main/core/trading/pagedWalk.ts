/**
 * Walks a cursor-paged order-book listing (`{data, next_cursor}`, first cursor `MA==`, end
 * `LTE=`) to the end, reporting each page, stopping on cancellation or after `maxPages`.
 */
import { CoreError } from '../coreError';

export const FIRST_CURSOR = 'MA==';
export const END_CURSOR = 'LTE=';

export interface Page<T> {
  data?: T[];
  next_cursor?: string;
}

export async function walkPages<T>(
  fetchPage: (cursor: string) => Promise<Page<T>>,
  options: { maxPages?: number; signal?: AbortSignal; onPage?: (rows: number, pages: number) => void } = {},
): Promise<T[]> {
  const rows: T[] = [];
  let cursor = FIRST_CURSOR;
  const maxPages = options.maxPages ?? 1_000;
  for (let pages = 1; pages <= maxPages; pages++) {
    if (options.signal?.aborted) throw new CoreError('cancelled', `The walk was cancelled after ${rows.length} rows.`);
    const page = await fetchPage(cursor);
    if (Array.isArray(page?.data)) rows.push(...page.data);
    options.onPage?.(rows.length, pages);
    const next = page?.next_cursor;
    if (!next || next === END_CURSOR || next === cursor) return rows;
    cursor = next;
  }
  throw new CoreError('bad_response', `The listing did not end after ${maxPages} pages; stopped there.`);
}
