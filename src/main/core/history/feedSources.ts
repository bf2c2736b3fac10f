/**
 * The feeds the store walks, as FeedSources. The store keeps a wallet's WHOLE activity, so the
 * sync asks for every type (tips included: the view filters them out unless asked), deposits and
 * withdrawals included and the full history (`start=1`), and re-sends exactly these filters on
 * every page, as the spec requires of feed walks.
 */
import { ACTIVITY_TYPES, MAX_PAGE_LIMIT, type ActivityRow, type TradeRow } from '../../../shared/protocol/analytics';
import type { ActivityQuery } from '../analytics/activityQuery';
import type { AnalyticsClient } from '../analytics/analyticsClient';
import type { HistoryStore } from './historyStore';
import type { FeedSource } from './feedWalk';

export const syncActivityQuery = (wallet: string): ActivityQuery => ({
  user: wallet,
  types: ACTIVITY_TYPES,
  start: 1,
  direction: 'DESC',
  excludeDepositsWithdrawals: false,
});

export function activitySource(client: AnalyticsClient, store: HistoryStore, wallet: string, pageSize = MAX_PAGE_LIMIT): FeedSource<ActivityRow> {
  const query = syncActivityQuery(wallet);
  return {
    feed: 'activity',
    fetch: async (cursor, signal) => {
      const page = await client.activity(query, { cursor, limit: pageSize, signal, priority: 'background' });
      return { rows: page.rows, next: page.pagination.next_cursor };
    },
    keyOf: (row) => ({ ts: row.block_timestamp, seq: row.sequence_id }),
    insert: (key, rows) => store.activity.insertRows(key, rows),
    text: { call: '/v2/activity', fetch: (cursor, signal) => client.activityText(query, { cursor, limit: pageSize, signal, priority: 'background' }) },
  };
}

export function tradesSource(client: AnalyticsClient, store: HistoryStore, wallet: string, pageSize = MAX_PAGE_LIMIT): FeedSource<TradeRow> {
  return {
    feed: 'trades',
    fetch: async (cursor, signal) => {
      const page = await client.trades({ user: wallet, start: 1 }, { cursor, limit: pageSize, signal, priority: 'background' });
      return { rows: page.rows, next: page.pagination.next_cursor };
    },
    keyOf: (row) => ({ ts: row.block_timestamp, seq: row.sequence_id }),
    insert: (key, rows) => store.trades.insertRows(key, rows),
    text: { call: '/v2/trades', fetch: (cursor, signal) => client.tradesText({ user: wallet, start: 1 }, { cursor, limit: pageSize, signal, priority: 'background' }) },
  };
}

/** The oldest activity timestamp of a wallet (one ascending row), so a first walk can show an ETA. */
export async function oldestActivityTs(client: AnalyticsClient, wallet: string, signal: AbortSignal): Promise<number | null> {
  const page = await client.activity({ ...syncActivityQuery(wallet), direction: 'ASC' }, { limit: 1, signal });
  return page.rows[0]?.block_timestamp ?? null;
}
