/**
 * Whether a walked page came newest first (the feeds' order), by its first and last rows' keys
 * (ts, seq). The tables insert such a page from its end, oldest first (activityInsert.ts says why).
 */
interface KeyedRow {
  block_timestamp: number;
  sequence_id: number;
}

export function pageIsNewestFirst(rows: readonly KeyedRow[]): boolean {
  if (rows.length < 2) return false;
  const [first, last] = [rows[0]!, rows[rows.length - 1]!];
  return first.block_timestamp > last.block_timestamp || (first.block_timestamp === last.block_timestamp && first.sequence_id > last.sequence_id);
}
