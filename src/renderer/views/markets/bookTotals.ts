/**
 * A book side's total: shares resting on it, or what they are worth at their prices (USD).
 * Sizes and prices are decimal strings; the sums are for display only.
 */
import type { BookLevel } from '../../../shared/viewModels';
import type { BookUnit } from '../../stores/bookUnitStore';

export function sideTotal(levels: readonly BookLevel[], unit: BookUnit): number {
  let total = 0;
  for (const level of levels) {
    const size = Number(level.size);
    const price = Number(level.price);
    if (!Number.isFinite(size) || !Number.isFinite(price)) continue;
    total += unit === 'usd' ? size * price : size;
  }
  return total;
}
