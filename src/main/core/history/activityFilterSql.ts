/**
 * The Activity view's filter and sort as SQL over the store (`activity a LEFT JOIN markets m`).
 * Every clause is led by the wallet so one of the store's indexes (migrations.ts) serves it; a
 * filter on market fields picks the matching `markets` ids first (a small table) and the rows by
 * their reference. Values are bound, never spliced.
 */
import type { ActivityFilter, ActivitySortKey } from '../../../shared/portfolioViews';

export interface FilterSql {
  where: string;
  params: Array<string | number>;
}

const SORT_COLUMNS: Record<ActivitySortKey, string> = {
  timestamp: 'a.ts',
  type: 'a.type',
  title: 'm.title',
  size: 'a.size',
  price: 'a.price',
  usdcSize: 'a.size_usdc',
};

/** `%`, `_` and the escape itself are literal in a search text. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The `markets` ids each market filter (condition ids, event, text) allows, one query per filter
 * given: a row passes when its market is in all of them. Shared by the SQL and the in-memory
 * filters, so both mean the same (SQLite's LIKE: ASCII case-insensitive).
 */
export function marketQueries(filter: ActivityFilter): FilterSql[] {
  const queries: FilterSql[] = [];
  if (filter.conditionIds && filter.conditionIds.length > 0) {
    queries.push({
      where: `SELECT id FROM markets WHERE condition_id IN (${filter.conditionIds.map(() => '?').join(',')})`,
      params: filter.conditionIds.map((id) => id.toLowerCase()),
    });
  }
  if (filter.eventSlug) queries.push({ where: 'SELECT id FROM markets WHERE event_slug = ?', params: [filter.eventSlug] });
  if (filter.text && filter.text.trim() !== '') {
    const pattern = likePattern(filter.text.trim());
    queries.push({ where: "SELECT id FROM markets WHERE title LIKE ? ESCAPE '\\' OR outcome LIKE ? ESCAPE '\\'", params: [pattern, pattern] });
  }
  return queries;
}

export function filterSql(walletId: number, filter: ActivityFilter): FilterSql {
  const clauses = ['a.wallet_id = ?'];
  const params: Array<string | number> = [walletId];
  if (filter.types && filter.types.length > 0) {
    clauses.push(`a.type IN (${filter.types.map(() => '?').join(',')})`);
    params.push(...filter.types);
  } else {
    // The default set never holds tips: they are an explicit opt-in, as on the service.
    clauses.push("a.type <> 'TIP'");
  }
  for (const market of marketQueries(filter)) {
    clauses.push(`a.market_ref IN (${market.where})`);
    params.push(...market.params);
  }
  if (filter.side) {
    clauses.push('a.side = ?');
    params.push(filter.side);
  }
  if (filter.startTs !== undefined) {
    clauses.push('a.ts >= ?');
    params.push(filter.startTs);
  }
  if (filter.endTs !== undefined) {
    clauses.push('a.ts <= ?');
    params.push(filter.endTs);
  }
  return { where: clauses.join(' AND '), params };
}

/** ORDER BY for a sort; the feed's own key breaks ties so pages never overlap. */
export function orderSql(key: ActivitySortKey, direction: 'asc' | 'desc'): string {
  const dir = direction === 'asc' ? 'ASC' : 'DESC';
  const column = SORT_COLUMNS[key];
  return column === 'a.ts' ? `a.ts ${dir}, a.seq ${dir}` : `${column} ${dir}, a.ts ${dir}, a.seq ${dir}`;
}

/**
 * The row keys (`ts`, `seq`) of one sorted window, `LIMIT ? OFFSET ?` last; `params` are the filter's,
 * repeated for each arm. The rows themselves are read after, by key: a deep window then steps over
 * index keys, never whole rows joined with their market. The title lives in `markets`, so its
 * order is the rows without a market (no title) merged with the markets in title order
 * (markets_by_title), each market's rows read off activity_by_market: SQLite merges the two arms
 * and sorts only the rows of markets sharing a title, never all of them.
 */
export function windowKeysSql(filter: FilterSql, key: ActivitySortKey, direction: 'asc' | 'desc'): FilterSql {
  const { where, params } = filter;
  if (key !== 'title') {
    return { where: `SELECT a.ts AS ts, a.seq AS seq FROM activity a WHERE ${where} ORDER BY ${orderSql(key, direction)} LIMIT ? OFFSET ?`, params };
  }
  const dir = direction === 'asc' ? 'ASC' : 'DESC';
  return {
    where:
      `SELECT NULL AS title, a.ts AS ts, a.seq AS seq FROM activity a WHERE a.market_ref IS NULL AND ${where} ` +
      `UNION ALL SELECT m.title, a.ts, a.seq FROM markets m CROSS JOIN activity a WHERE a.market_ref = m.id AND ${where} ` +
      `ORDER BY title ${dir}, ts ${dir}, seq ${dir} LIMIT ? OFFSET ?`,
    params: [...params, ...params],
  };
}
