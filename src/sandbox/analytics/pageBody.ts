/** The spec's paged envelope: `{data, pagination: {next_cursor, has_more}}`. */
export function pageBody<T>(data: T[], nextCursor: string | null, hasMore: boolean): { data: T[]; pagination: { next_cursor: string | null; has_more: boolean } } {
  return { data, pagination: { next_cursor: nextCursor, has_more: hasMore } };
}
