/**
 * The transfer history's filter bar (what the user typed) and the PerpsTransferFilter main
 * applies to the local store. Days are whole UTC days, the end day included.
 */
import type { PerpsTransferFilter } from '../../../shared/perpsViews';

export interface TransferFilterForm {
  direction: '' | 'in' | 'out';
  asset: string;
  text: string;
  /** `YYYY-MM-DD` from a date input, or empty. */
  from: string;
  to: string;
}

export const EMPTY_TRANSFER_FORM: TransferFilterForm = { direction: '', asset: '', text: '', from: '', to: '' };

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;
const dayStart = (day: string): number => Date.parse(`${day}T00:00:00Z`);

export function toTransferFilter(form: TransferFilterForm): { filter: PerpsTransferFilter } | { problem: string } {
  const filter: PerpsTransferFilter = {};
  if (form.direction) filter.direction = form.direction;
  if (form.asset) filter.asset = form.asset;
  const text = form.text.trim();
  if (text.length > 100) return { problem: 'The search text is at most 100 characters.' };
  if (text) filter.text = text;
  if (form.from && DAY.test(form.from)) filter.fromMs = dayStart(form.from);
  if (form.to && DAY.test(form.to)) filter.toMs = dayStart(form.to) + DAY_MS - 1;
  if (filter.fromMs !== undefined && filter.toMs !== undefined && filter.fromMs > filter.toMs) return { problem: 'The date range starts after it ends.' };
  return { filter };
}
