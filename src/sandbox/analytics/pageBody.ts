/** The spec's paged envelope `{data, pagination: {next_cursor, has_more}}` and the sandbox's one paging rule. */
import { DEFAULT_ACTIVITY_LIMIT } from '../../shared/protocol/analytics';

export function pageBody<T>(data: T[], nextCursor: string | null, hasMore: boolean): { data: T[]; pagination: { next_cursor: string | null; has_more: boolean } } {
  return { data, pagination: { next_cursor: nextCursor, has_more: hasMore } };
}

/**
 * The page size a next cursor carries. `limit=0` asks for an empty page (the spec's minimum is
 * 0); its `has_more` is exact and, when true, its cursor starts the walk from the beginning at
 * the route's default size, since a cursor of size 0 could never advance. So on every paged route
 * `has_more: true` comes with a cursor that continues the walk, and `next_cursor: null` only
 * with `has_more: false` (docs/decisions/38-sandbox-spec-rules/).
 */
export const nextPageSize = (limit: number): number => (limit > 0 ? limit : DEFAULT_ACTIVITY_LIMIT);
