/** Cumulative depth for a book side, for the depth column and the bars behind each level. */
import type { BookLevel } from '../../shared/viewModels';

export interface LadderLevel {
  price: string;
  size: string;
  /** Shares available at this price or better. */
  cumulative: number;
}

/** `levels` are best-first, as OrderBookView serves both sides. */
export function ladder(levels: readonly BookLevel[], depth: number): LadderLevel[] {
  const rows: LadderLevel[] = [];
  let cumulative = 0;
  for (const level of levels.slice(0, depth)) {
    const size = Number(level.size);
    cumulative += Number.isFinite(size) ? size : 0;
    rows.push({ price: level.price, size: level.size, cumulative });
  }
  return rows;
}

/** Deepest cumulative size shown on either side: both sides share one scale so they compare. */
export function deepest(...sides: readonly LadderLevel[][]): number {
  let max = 0;
  for (const side of sides) {
    const last = side[side.length - 1];
    if (last && last.cumulative > max) max = last.cumulative;
  }
  return max;
}
