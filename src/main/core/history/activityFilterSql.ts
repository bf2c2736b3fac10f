/**
 * The Activity view's filter and sort as SQL over the store. Every clause is led by the wallet
 * so one of the store's indexes (migrations.ts) serves it; values are bound, never spliced.
 */
import type { ActivityFilter, ActivitySortKey } from '../../../shared/portfolioViews';

export interface FilterSql {
  where: string;
  params: Array<string | number>;
}

const SORT_COLUMNS: Record<ActivitySortKey, string> = {
  timestamp: 'ts',
  type: 'type',
  title: 'title',
  size: 'size',
  price: 'price',
  usdcSize: 'size_usdc',
};

/** `%`, `_` and the escape itself are literal in a search text. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function filterSql(wallet: string, filter: ActivityFilter): FilterSql {
  const clauses = ['wallet = ?'];
  const params: Array<string | number> = [wallet];
  if (filter.types && filter.types.length > 0) {
    clauses.push(`type IN (${filter.types.map(() => '?').join(',')})`);
    params.push(...filter.types);
  } else {
    // The default set never holds tips: they are an explicit opt-in, as on the service.
    clauses.push("type <> 'TIP'");
  }
  if (filter.conditionIds && filter.conditionIds.length > 0) {
    clauses.push(`condition_id IN (${filter.conditionIds.map(() => '?').join(',')})`);
    params.push(...filter.conditionIds.map((id) => id.toLowerCase()));
  }
  if (filter.eventSlug) {
    clauses.push('event_slug = ?');
    params.push(filter.eventSlug);
  }
  if (filter.side) {
    clauses.push('side = ?');
    params.push(filter.side);
  }
  if (filter.startTs !== undefined) {
    clauses.push('ts >= ?');
    params.push(filter.startTs);
  }
  if (filter.endTs !== undefined) {
    clauses.push('ts <= ?');
    params.push(filter.endTs);
  }
  if (filter.text && filter.text.trim() !== '') {
    const pattern = likePattern(filter.text.trim());
    clauses.push("(title LIKE ? ESCAPE '\\' OR outcome LIKE ? ESCAPE '\\')");
    params.push(pattern, pattern);
  }
  return { where: clauses.join(' AND '), params };
}

/** ORDER BY for a sort; the feed's own key breaks ties so pages never overlap. */
export function orderSql(key: ActivitySortKey, direction: 'asc' | 'desc'): string {
  const dir = direction === 'asc' ? 'ASC' : 'DESC';
  const column = SORT_COLUMNS[key];
  return column === 'ts' ? `ts ${dir}, seq ${dir}` : `${column} ${dir}, ts ${dir}, seq ${dir}`;
}
