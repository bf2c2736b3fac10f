/**
 * The history table: as many rows as the filter matches in the local store (a quarter-million
 * is fine), of which only the ones on screen are in the DOM and only windows around them are in
 * memory. Sorting is the store's (it sorts all rows, not the loaded ones): TanStack Table owns
 * the sort state in manual mode, the header clicks go to the store.
 */
import { memo, useEffect, useMemo, useRef } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { rowSortingFeature, tableFeatures, useTable, type ColumnDef, type SortingState } from '@tanstack/react-table';
import type { ActivityRowView } from '../../../shared/portfolioViews';
import { SortableHeaderCell } from '../../components/SortableHeaderCell';
import { scrollableRows } from '../../components/VirtualTable';
import { templateMinWidth } from '../../components/templateMinWidth';
import { useActivityStore } from '../../stores/activityStore';
import { rowAt } from '../../stores/activityWindows';
import { ACTIVITY_COLUMNS, ACTIVITY_ROW_HEIGHT, ACTIVITY_TEMPLATE } from './activityColumns';
import { ActivityRow, PendingRow } from './ActivityRow';

const features = tableFeatures({ rowSortingFeature });
const NO_ROWS: ActivityRowView[] = [];
const MIN_WIDTH = templateMinWidth(ACTIVITY_TEMPLATE);
/**
 * Rows rendered beyond each edge of the viewport. Measured (docs/decisions/, "Activity table
 * frame cost"): with 4, rows reach the screen before their tiles are rastered; 20 (about 40% more
 * rows to render and paint on every jump) was slower too; 10 was the cheapest.
 */
const OVERSCAN_ROWS = 10;
const GRID_STYLE = { gridTemplateColumns: ACTIVITY_TEMPLATE, minWidth: MIN_WIDTH };
const COLUMN_DEFS: ColumnDef<typeof features, ActivityRowView, unknown>[] = ACTIVITY_COLUMNS.map((column) => ({
  id: column.id,
  accessorFn: () => null,
  enableSorting: column.sortKey !== undefined,
  sortDescFirst: column.numeric === true || column.id === 'timestamp',
}));

/** The sortable header: its own component, so a scroll (which re-renders the body) leaves it be. */
const ActivityHeader = memo(function ActivityHeader() {
  const sort = useActivityStore((s) => s.sort);
  const setSort = useActivityStore((s) => s.setSort);
  const sorting = useMemo<SortingState>(() => [{ id: sort.key, desc: sort.direction === 'desc' }], [sort]);

  const table = useTable(
    {
      features,
      columns: COLUMN_DEFS,
      data: NO_ROWS,
      manualSorting: true,
      enableSortingRemoval: false,
      state: { sorting },
      onSortingChange: (updater) => {
        const next = (typeof updater === 'function' ? updater(sorting) : updater)[0];
        const key = ACTIVITY_COLUMNS.find((c) => c.id === next?.id)?.sortKey;
        if (next && key) setSort({ key, direction: next.desc ? 'desc' : 'asc' });
      },
    },
    (state) => ({ sorting: state.sorting }),
  );

  const headers = table.getHeaderGroups()[0]?.headers ?? [];
  return (
    <div className="vtable-head" role="row" style={GRID_STYLE}>
      {headers.map((header) => {
        const column = ACTIVITY_COLUMNS.find((c) => c.id === header.column.id);
        return (
          <SortableHeaderCell
            key={header.id}
            label={column?.header}
            numeric={column?.numeric}
            sorted={header.column.getIsSorted()}
            toggle={header.column.getToggleSortingHandler()}
            testId={`activity-sort-${header.column.id}`}
          />
        );
      })}
    </div>
  );
});

/**
 * Memoized: the page above re-renders for its own reasons (sync facts, tabs) and the table, which
 * reads its rows from the store itself, has nothing to redo then.
 */
export const ActivityTable = memo(function ActivityTable({ empty }: { empty: string }) {
  const known = useActivityStore((s) => s.total !== null);
  const total = useActivityStore((s) => s.total ?? 0);
  const windows = useActivityStore((s) => s.windows);
  const ensureRows = useActivityStore((s) => s.ensureRows);
  const sort = useActivityStore((s) => s.sort);
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({ count: total, getScrollElement: () => scrollRef.current, estimateSize: () => ACTIVITY_ROW_HEIGHT, overscan: OVERSCAN_ROWS });
  const items = virtualizer.getVirtualItems();
  const first = items[0]?.index ?? 0;
  const last = items[items.length - 1]?.index ?? 0;
  useEffect(() => {
    ensureRows(first, Math.max(first, last));
  }, [first, last, ensureRows, total]);
  // A new query starts at the top.
  useEffect(() => {
    scrollRef.current?.scrollTo({ top: 0 });
  }, [sort]);

  return (
    <div className="vtable act-table" role="table" aria-label="Activity history" aria-rowcount={total + 1} data-testid="activity-table" data-count={total} data-loading={!known}>
      <ActivityHeader />
      <div className="vtable-body" ref={scrollRef} style={{ minWidth: MIN_WIDTH }} data-testid="activity-scroll" {...scrollableRows('Activity history', total)}>
        {total === 0 ? (
          <div className="vtable-empty">{empty}</div>
        ) : (
          <div className="vtable-inner" style={{ height: virtualizer.getTotalSize() }}>
            {items.map((item) => {
              const row = rowAt(windows, item.index);
              return row ? <ActivityRow key={row.key} row={row} index={item.index} start={item.start} /> : <PendingRow key={`pending-${item.index}`} index={item.index} start={item.start} />;
            })}
          </div>
        )}
      </div>
    </div>
  );
});
