/** The width a grid table's columns need (its own file: pure, and tested without React). */

/** The tables' gap between columns (trade.css `.vtable-row`); a table may pass its own. */
export const COLUMN_GAP = 8;
/** A row's padding, left and right together (trade.css). */
const ROW_PADDING = 16;

/**
 * The narrowest the columns can be, from the template's fixed widths and minmax() minimums;
 * below it the table scrolls sideways instead of squeezing numbers into each other.
 */
export function templateMinWidth(template: string, columnGap = COLUMN_GAP): number {
  const columns = template.match(/minmax\([^)]*\)|\S+/g) ?? [];
  const widths = columns.map((column) => Number(/(\d+(?:\.\d+)?)px/.exec(column)?.[1] ?? 0));
  return widths.reduce((sum, width) => sum + width, 0) + columnGap * Math.max(0, columns.length - 1) + ROW_PADDING;
}
