/**
 * The URL of one 1,000-row page of a wallet's activity feed, with the query a sync's walk sends
 * (so the bare loop and the store diagnostics read exactly the pages the walk reads).
 */
import { activityQuery } from '../src/main/core/analytics/activityQuery';
import { syncActivityQuery } from '../src/main/core/history/feedSources';

export function activityPageUrl(analyticsUrl: string, wallet: string, cursor: string | null): string {
  const query = Object.entries(activityQuery(syncActivityQuery(wallet)))
    .filter(([, v]) => v !== undefined)
    .map(([k, v]): [string, string] => [k, String(v)]);
  const params = new URLSearchParams([...query, ['limit', '1000'], ...(cursor ? [['cursor', cursor] as [string, string]] : [])]);
  return `${analyticsUrl}/v2/activity?${params}`;
}
