/**
 * A sortable, filterable, virtualized table: TanStack Table (v9) owns the sorting and the text
 * filter, TanStack Virtual renders only the rows in view. Same look as VirtualTable (one CSS grid
 * template for header and rows), so the new views match the Trade view's tables.
 */
import { useMemo, useRef, useState, type ReactNode } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import {
  createFilteredRowModel,
  createSortedRowModel,
  globalFilteringFeature,
  columnFilteringFeature,
  rowSortingFeature,
  tableFeatures,
  useTable,
  type ColumnDef,
  type FilterFn,
  type RowData,
  type SortingState,
} from '@tanstack/react-table';
import { scrollableRows } from './VirtualTable';
import { templateMinWidth } from './templateMinWidth';
import { SortableHeaderCell } from './SortableHeaderCell';

export interface DataColumn<Row> {
  id: string;
  header: string;
  cell: (row: Row) => ReactNode;
  /** The value sorted on; a column without one cannot be sorted. Null sorts last. */
  sortValue?: (row: Row) => number | string | null;
  numeric?: boolean;
  title?: string;
}

interface DataTableProps<Row> {
  rows: readonly Row[];
  columns: readonly DataColumn<Row>[];
  rowKey: (row: Row) => string;
  /** The text a row is found by with the filter box (lower case is not required). */
  searchText: (row: Row) => string;
  filter: string;
  template: string;
  label: string;
  testId: string;
  rowTestId: string;
  rowAttributes?: (row: Row) => Record<string, string | number | boolean | undefined>;
  onRowClick?: (row: Row) => void;
  /** Whether a row can be clicked (a pointer and a title say so). */
  rowClickable?: (row: Row) => boolean;
  empty: ReactNode;
  initialSort?: SortingState;
  /**
   * Sorting done elsewhere (e.g. main sorting every stored row, not only the loaded ones): the
   * headers show this state and report clicks, and the rows keep the order they come in.
   */
  manualSort?: { sorting: SortingState; onChange: (next: SortingState) => void };
  rowHeight?: number;
}

const features = tableFeatures({
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
  columnFilteringFeature,
  globalFilteringFeature,
  filteredRowModel: createFilteredRowModel(),
});

type Features = typeof features;

function toColumnDefs<Row extends RowData>(columns: readonly DataColumn<Row>[]): ColumnDef<Features, Row, unknown>[] {
  return columns.map((column, index) => ({
    id: column.id,
    // Unknown values (null) become undefined, which `sortUndefined: 'last'` keeps at the bottom
    // in both directions: a sort by value lists what has a value first.
    accessorFn: (row: Row) => column.sortValue?.(row) ?? undefined,
    enableSorting: column.sortValue !== undefined,
    // The filter matches the whole row's text: one column carries it, so it runs once per row.
    enableGlobalFilter: index === 0,
    sortUndefined: 'last' as const,
    sortFn: (a, b, id) => {
      const x = a.getValue<number | string>(id);
      const y = b.getValue<number | string>(id);
      if (typeof x === 'number' && typeof y === 'number') return x - y;
      return String(x).localeCompare(String(y));
    },
  }));
}

export function DataTable<Row extends RowData>(props: DataTableProps<Row>) {
  const { rows, columns, rowKey, searchText, filter, template, label, testId, rowTestId, rowAttributes, onRowClick, rowClickable, empty, initialSort = [], manualSort, rowHeight = 26 } = props;
  const [sorting, setSorting] = useState<SortingState>(initialSort);
  const columnDefs = useMemo(() => toColumnDefs(columns), [columns]);
  const globalFilterFn = useMemo<FilterFn<Features, Row>>(
    () => (row, _columnId, value: string) => searchText(row.original).toLowerCase().includes(value.toLowerCase()),
    [searchText],
  );
  const table = useTable(
    {
      features,
      columns: columnDefs,
      data: rows as Row[],
      getRowId: (row) => rowKey(row),
      state: { sorting: manualSort?.sorting ?? sorting, globalFilter: filter.trim() },
      onSortingChange: (updater) => {
        if (!manualSort) return setSorting((old) => (typeof updater === 'function' ? updater(old) : updater));
        manualSort.onChange(typeof updater === 'function' ? updater(manualSort.sorting) : updater);
      },
      manualSorting: manualSort !== undefined,
      globalFilterFn,
      getColumnCanGlobalFilter: () => true,
      enableSortingRemoval: manualSort === undefined,
    },
    (state) => ({ sorting: state.sorting, globalFilter: state.globalFilter }),
  );
  const model = table.getRowModel().rows;
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({ count: model.length, getScrollElement: () => scrollRef.current, estimateSize: () => rowHeight, overscan: 12 });
  const gridStyle = { gridTemplateColumns: template };
  const minWidth = templateMinWidth(template);
  const byId = new Map(columns.map((column) => [column.id, column]));
  const headers = table.getHeaderGroups()[0]?.headers ?? [];

  return (
    <div className="vtable" role="table" aria-label={label} aria-rowcount={model.length + 1} data-testid={testId} data-count={model.length}>
      <div className="vtable-head" role="row" style={{ ...gridStyle, minWidth }}>
        {headers.map((header) => {
          const column = byId.get(header.column.id);
          return (
            <SortableHeaderCell
              key={header.id}
              label={column?.header}
              title={column?.title}
              numeric={column?.numeric}
              sorted={header.column.getIsSorted()}
              toggle={header.column.getCanSort() ? header.column.getToggleSortingHandler() : undefined}
              testId={`${testId}-sort-${header.column.id}`}
            />
          );
        })}
      </div>
      <div className="vtable-body" ref={scrollRef} style={{ minWidth }} {...scrollableRows(label, model.length)}>
        {model.length === 0 ? (
          <div className="vtable-empty">{rows.length > 0 ? `Nothing matches “${filter.trim()}”.` : empty}</div>
        ) : (
          <div className="vtable-inner" style={{ height: virtualizer.getTotalSize() }}>
            {virtualizer.getVirtualItems().map((item) => {
              const row = model[item.index]?.original;
              if (row === undefined) return null;
              const clickable = onRowClick !== undefined && (rowClickable?.(row) ?? true);
              return (
                <div
                  key={rowKey(row)}
                  role="row"
                  aria-rowindex={item.index + 2}
                  className={clickable ? 'vtable-row vtable-row-link' : 'vtable-row'}
                  data-testid={rowTestId}
                  data-row-key={rowKey(row)}
                  {...rowAttributes?.(row)}
                  onClick={clickable ? () => onRowClick(row) : undefined}
                  style={{ ...gridStyle, height: rowHeight, transform: `translateY(${item.start}px)` }}
                >
                  {columns.map((column) => (
                    <span key={column.id} role="cell" className={column.numeric ? 'cell-num num' : undefined} data-col={column.id}>
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
