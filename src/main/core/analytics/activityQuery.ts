/**
 * `/v2/activity` filters as query parameters, always spelled the same way in the same order:
 * the spec says feed cursors carry only the anchor, so a walk must re-send its filters
 * identically on every page, and one builder used for every page guarantees that.
 */
import type { ActivityType } from '../../../shared/protocol/analytics';

export type Query = Record<string, string | number | boolean | undefined>;

export interface ActivityQuery {
  user: string;
  types?: readonly ActivityType[];
  conditions?: readonly string[];
  eventIds?: readonly string[];
  side?: 'BUY' | 'SELL';
  /** Epoch seconds; `1` is the whole history (the spec's opt-out of the three-year floor). */
  start?: number;
  end?: number;
  direction?: 'ASC' | 'DESC';
  excludeDepositsWithdrawals?: boolean;
}

export function activityQuery(query: ActivityQuery): Query {
  return {
    user: query.user,
    type: query.types && query.types.length > 0 ? query.types.join(',') : undefined,
    condition: query.conditions && query.conditions.length > 0 ? query.conditions.join(',') : undefined,
    event_id: query.eventIds && query.eventIds.length > 0 ? query.eventIds.join(',') : undefined,
    side: query.side,
    start: query.start,
    end: query.end,
    sort_by: 'TIMESTAMP',
    sort_direction: query.direction,
    exclude_deposits_withdrawals: query.excludeDepositsWithdrawals,
  };
}
