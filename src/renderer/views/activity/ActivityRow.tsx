/**
 * One row of the Activity table, memoized: its props (the row, its index, its offset) do not
 * change while the table scrolls, so a scroll renders only the rows coming into view, not every
 * row on screen again. That keeps a frame's work small at any history size. Each cell is one
 * element with text in it (see activityColumns.tsx).
 */
import { memo } from 'react';
import type { ActivityRowView } from '../../../shared/portfolioViews';
import { ACTIVITY_COLUMNS, ACTIVITY_ROW_HEIGHT, ACTIVITY_TEMPLATE } from './activityColumns';

/** Rows sit at whole-pixel offsets (index × row height), so a row never lands between pixels. */
const rowStyle = (start: number) => ({ gridTemplateColumns: ACTIVITY_TEMPLATE, height: ACTIVITY_ROW_HEIGHT, transform: `translateY(${Math.round(start)}px)` });

export const ActivityRow = memo(function ActivityRow({ row, index, start }: { row: ActivityRowView; index: number; start: number }) {
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      className="vtable-row"
      style={rowStyle(start)}
      data-testid="activity-row"
      data-key={row.key}
      data-type={row.type}
      data-condition-id={row.conditionId ?? ''}
      data-token-id={row.tokenId ?? ''}
      data-side={row.side ?? ''}
    >
      {ACTIVITY_COLUMNS.map((column) => {
        const cell = column.cell(row);
        return (
          <span key={column.id} role="cell" className={column.numeric ? 'cell-num num' : cell.className} title={cell.title}>
            {cell.text}
          </span>
        );
      })}
    </div>
  );
});

export const PendingRow = memo(function PendingRow({ index, start }: { index: number; start: number }) {
  return (
    <div role="row" aria-rowindex={index + 2} className="vtable-row act-row-pending" style={rowStyle(start)} aria-busy="true">
      <span className="muted">…</span>
    </div>
  );
});
