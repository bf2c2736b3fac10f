/**
 * A dense, virtualized table: a header row and only the body rows in view in the DOM, so
 * thousands of orders or trades scroll smoothly. Columns share one CSS grid template (set by the
 * caller's class via `--columns`), so header and cells line up without measuring anything.
 */
import { useRef, type ReactNode } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { COLUMN_GAP, templateMinWidth } from './templateMinWidth';

export interface Column<Row> {
  id: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** Right-aligned numeric column. */
  numeric?: boolean;
  title?: string;
}

interface VirtualTableProps<Row> {
  rows: readonly Row[];
  columns: readonly Column<Row>[];
  rowKey: (row: Row) => string;
  /** CSS grid-template-columns for header and rows. */
  template: string;
  label: string;
  testId: string;
  rowTestId: string;
  rowAttributes?: (row: Row) => Record<string, string | number | boolean | undefined>;
  empty: ReactNode;
  rowHeight?: number;
  /** Pixels between columns (8 by default): a table that must fit a narrow pane may take less. */
  columnGap?: number;
}

/**
 * The attributes of a table's scrolling body: a named, focusable row group while it has rows, so
 * the keyboard can scroll rows that hold nothing focusable; an empty body is no stop.
 */
export function scrollableRows(label: string, rowCount: number): { role?: 'rowgroup'; tabIndex?: number; 'aria-label'?: string } {
  return rowCount > 0 ? { role: 'rowgroup', tabIndex: 0, 'aria-label': `${label}: rows` } : {};
}

export function VirtualTable<Row>({ rows, columns, rowKey, template, label, testId, rowTestId, rowAttributes, empty, rowHeight = 24, columnGap = COLUMN_GAP }: VirtualTableProps<Row>) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: 12,
  });
  const gridStyle = { gridTemplateColumns: template, columnGap: `${columnGap}px` };
  const minWidth = templateMinWidth(template, columnGap);
  return (
    <div className="vtable" role="table" aria-label={label} aria-rowcount={rows.length + 1} data-testid={testId} data-count={rows.length}>
      <div className="vtable-head" role="row" style={{ ...gridStyle, minWidth }}>
        {columns.map((column) => (
          <span key={column.id} role="columnheader" className={column.numeric ? 'cell-num' : undefined} title={column.title}>
            {column.header}
          </span>
        ))}
      </div>
      <div className="vtable-body" ref={scrollRef} style={{ minWidth }} {...scrollableRows(label, rows.length)}>
        {rows.length === 0 ? (
          <div className="vtable-empty">{empty}</div>
        ) : (
          <div className="vtable-inner" style={{ height: virtualizer.getTotalSize() }}>
            {virtualizer.getVirtualItems().map((item) => {
              const row = rows[item.index];
              if (row === undefined) return null;
              return (
                <div
                  key={rowKey(row)}
                  role="row"
                  aria-rowindex={item.index + 2}
                  className="vtable-row"
                  data-testid={rowTestId}
                  data-row-key={rowKey(row)}
                  {...rowAttributes?.(row)}
                  style={{ ...gridStyle, height: rowHeight, transform: `translateY(${item.start}px)` }}
                >
                  {columns.map((column) => (
                    <span key={column.id} role="cell" className={column.numeric ? 'cell-num num' : undefined}>
                      {column.cell(row)}
                    </span>
                  ))}
                </div>
              );
            })}
          </div>
        )}
      </div>
    </div>
  );
}
