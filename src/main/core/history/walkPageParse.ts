/**
 * A walked page's body parsed and checked where it is written (the walk writer's thread), with
 * the same checks and the same sentences as the analytics client's (responseChecks.ts), and a
 * head walk's stop applied: the rows at or below the stop key are dropped and the walk ends there.
 * The main thread gets back only what its loop needs (the next cursor, the count and the
 * timestamps of the first and last rows kept), so no row crosses between the threads.
 */
import { checkEnvelope, checkPagination, checkRows } from '../analytics/responseChecks';
import { activityRow, tradeRow } from '../analytics/rowChecks';
import type { FeedKey } from './activityTable';
import { atOrBelow } from './feedWalk';
import type { Feed } from './walkTable';

export interface ParsedWalkPage {
  rows: Array<{ block_timestamp: number; sequence_id: number }>;
  next: string | null;
}

/** The body was not JSON: the walk fetches the page again the main thread's way (its retries and its sentence). */
export class UnparsedPage extends Error {}

export function parseWalkPage(feed: Feed, call: string, text: string, stop: FeedKey | null): ParsedWalkPage {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new UnparsedPage(`${call}: not JSON`);
  }
  const envelope = checkEnvelope(call, body);
  const pagination = checkPagination(call, envelope);
  const rows = checkRows<{ block_timestamp: number; sequence_id: number }>(call, envelope.data, feed === 'activity' ? activityRow : tradeRow);
  if (stop) {
    const known = rows.findIndex((row) => atOrBelow({ ts: row.block_timestamp, seq: row.sequence_id }, stop));
    if (known >= 0) return { rows: rows.slice(0, known), next: null };
  }
  return { rows, next: pagination.next_cursor };
}
