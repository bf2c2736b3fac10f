/** One event in the list: title, then category, market count, 24 h volume and a neg-risk badge. */
import { memo } from 'react';
import type { EventSummary } from '../../../shared/viewModels';
import { formatUsdCompact } from '../../lib/format';

export const EVENT_ROW_HEIGHT = 52;

export const eventOptionId = (eventId: string): string => `event-option-${eventId}`;

interface EventRowProps {
  summary: EventSummary;
  top: number;
  selected: boolean;
  onSelect: (eventId: string) => void;
}

export const EventRow = memo(function EventRow({ summary, top, selected, onSelect }: EventRowProps) {
  return (
    <div
      id={eventOptionId(summary.id)}
      className="event-row"
      role="option"
      aria-selected={selected}
      data-testid="event-row"
      data-event-id={summary.id}
      style={{ transform: `translateY(${top}px)` }}
      onClick={() => onSelect(summary.id)}
      title={summary.title}
    >
      <div className="event-row-title">{summary.title}</div>
      <div className="event-row-meta">
        <span className="event-row-category">{summary.category || 'Uncategorized'}</span>
        <span>
          {summary.marketCount} {summary.marketCount === 1 ? 'market' : 'markets'}
        </span>
        <span className="num" title="Volume over the last 24 hours">
          {formatUsdCompact(summary.volume24hr)} 24h
        </span>
        {summary.negRisk ? (
          <span className="badge badge-negrisk" title="Negative-risk event: its markets are mutually exclusive">
            NEG RISK
          </span>
        ) : null}
        {summary.closed ? <span className="badge">CLOSED</span> : null}
      </div>
    </div>
  );
});
