/**
 * The Activity filter bar's form (what the user typed) and the ActivityFilter the local store
 * applies. Pure, so the rules are in one place: tips only when ticked, at most 20 well-formed
 * condition ids, a time window of whole UTC days (the end day included).
 */
import { ACTIVITY_TYPES } from '../../../shared/protocol/analytics';
import { parseConditionIds } from '../../lib/conditionIds';
import type { ActivityFilter, ActivityType } from '../../../shared/portfolioViews';

export const DEFAULT_TYPES = ACTIVITY_TYPES.filter((type) => type !== 'TIP');

export interface FilterForm {
  types: readonly ActivityType[];
  includeTips: boolean;
  markets: string;
  eventSlug: string;
  side: '' | 'BUY' | 'SELL' | 'IN' | 'OUT';
  /** `YYYY-MM-DD` from a date input, or empty. */
  from: string;
  to: string;
  text: string;
}

export const EMPTY_FORM: FilterForm = { types: DEFAULT_TYPES, includeTips: false, markets: '', eventSlug: '', side: '', from: '', to: '', text: '' };

const DAY = /^\d{4}-\d{2}-\d{2}$/;

const dayStart = (day: string): number => Math.floor(Date.parse(`${day}T00:00:00Z`) / 1000);

/** The filter, or the problem that keeps the form from being one (said under the bar). */
export function toFilter(form: FilterForm): { filter: ActivityFilter } | { problem: string } {
  const filter: ActivityFilter = {};
  const allDefault = DEFAULT_TYPES.every((type) => form.types.includes(type));
  if (!allDefault || form.includeTips) filter.types = [...form.types.filter((t) => t !== 'TIP'), ...(form.includeTips ? (['TIP'] as const) : [])];
  if (filter.types && filter.types.length === 0) return { problem: 'Choose at least one activity type.' };
  const markets = parseConditionIds(form.markets, { one: 'condition id', many: 'markets' });
  if ('problem' in markets) return markets;
  if (markets.ids.length > 0 && form.eventSlug.trim()) return { problem: 'Filter by markets or by an event, not both.' };
  if (markets.ids.length > 0) filter.conditionIds = markets.ids;
  if (form.eventSlug.trim()) filter.eventSlug = form.eventSlug.trim();
  if (form.side) filter.side = form.side;
  if (form.from && DAY.test(form.from)) filter.startTs = dayStart(form.from);
  if (form.to && DAY.test(form.to)) filter.endTs = dayStart(form.to) + 86_399;
  if (filter.startTs !== undefined && filter.endTs !== undefined && filter.startTs > filter.endTs) return { problem: 'The window starts after it ends.' };
  if (form.text.trim()) filter.text = form.text.trim();
  return { filter };
}
