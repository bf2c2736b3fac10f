/**
 * One row of the Activity table, memoized: its props (the row, its index, its offset) do not
 * change while the table scrolls, so a scroll renders only the rows coming into view, not every
 * row on screen again. That keeps a frame's work small at any history size.
 */
import { memo } from 'react';
import type { ActivityRowView } from '../../../shared/portfolioViews';
import { ACTIVITY_COLUMNS, ACTIVITY_ROW_HEIGHT, ACTIVITY_TEMPLATE } from './activityColumns';

const rowStyle = (start: number) => ({ gridTemplateColumns: ACTIVITY_TEMPLATE, height: ACTIVITY_ROW_HEIGHT, transform: `translateY(${start}px)` });

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
      {ACTIVITY_COLUMNS.map((column) => (
        <span key={column.id} role="cell" className={column.numeric ? 'cell-num num' : undefined}>
          {column.cell(row)}
        </span>
      ))}
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
