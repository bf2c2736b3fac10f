/** One column header of a virtualized table: its label, and a sort button when it sorts. */
import type { ReactNode } from 'react';
import { SortGlyph } from './SortGlyph';

export interface SortableHeaderCellProps {
  label: ReactNode;
  title?: string | undefined;
  numeric?: boolean | undefined;
  sorted: 'asc' | 'desc' | false;
  /** Absent when the column does not sort. */
  toggle: ((event: unknown) => void) | undefined;
  testId: string;
}

export function SortableHeaderCell({ label, title, numeric, sorted, toggle, testId }: SortableHeaderCellProps) {
  return (
    <span role="columnheader" className={numeric ? 'cell-num' : undefined} title={title} aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}>
      {toggle ? (
        <button type="button" className="sort-button" onClick={toggle} data-testid={testId}>
          {label}
          <SortGlyph direction={sorted || null} />
        </button>
      ) : (
        label
      )}
    </span>
  );
}
