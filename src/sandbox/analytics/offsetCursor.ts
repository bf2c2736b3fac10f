/**
 * Offset-behind-token cursors for boards, positions and holders: the cursor carries the offset,
 * the page size and the cohort it was issued for (time period, category, wallet, sort...).
 * Resuming bare or restating the same cohort values is allowed; contradicting one is a 400
 * naming that parameter. A data refresh between pages can skip or repeat rows (spec, rule 3).
 */
import type { AnalyticsContext } from './context';
import { num, str } from './cursor';
import { invalid } from './errors';
import { nextPageSize, pageBody } from './pageBody';
import type { QueryParams } from './params';

export interface CohortValue {
  value: string;
  /** Whether the client sent the parameter on this request. */
  sent: boolean;
}

export interface OffsetPage {
  offset: number;
  limit: number;
  /** The cohort in force (the cursor's when resuming). */
  cohort: Record<string, string>;
}

export function readOffsetCursor(ctx: AnalyticsContext, route: string, params: QueryParams, cohort: Record<string, CohortValue>, limit: number): OffsetPage {
  const cursor = params.string('cursor');
  const values = Object.fromEntries(Object.entries(cohort).map(([k, v]) => [k, v.value]));
  if (cursor === undefined) return { offset: 0, limit, cohort: values };
  const payload = ctx.cursors.decode(route, cursor);
  const pinned: Record<string, string> = {};
  for (const [name, given] of Object.entries(cohort)) {
    const value = str(payload, `c.${name}`);
    if (given.sent && given.value !== value) {
      throw invalid(name, `${name}=${given.value} contradicts the cursor, which was issued for ${name}=${value}`);
    }
    pinned[name] = value;
  }
  return { offset: num(payload, 'o'), limit: num(payload, 'n'), cohort: pinned };
}

/** The page of `rows` at the cursor's offset, with the next cursor (null at the end). */
export function offsetPage<T>(ctx: AnalyticsContext, route: string, page: OffsetPage, rows: readonly T[]) {
  const data = rows.slice(page.offset, page.offset + page.limit);
  const end = page.offset + data.length;
  const hasMore = end < rows.length;
  const cohort = Object.fromEntries(Object.entries(page.cohort).map(([k, v]) => [`c.${k}`, v]));
  const next = hasMore ? ctx.cursors.encode(route, { o: end, n: nextPageSize(page.limit), ...cohort }) : null;
  return pageBody(data, next, hasMore);
}
