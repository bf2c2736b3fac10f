/**
 * One event in the list: a star, the title and the leading outcome's probability with its 24 h
 * change; then its state badge, the leading outcome's name, category, market count, 24 h volume.
 */
import { memo } from 'react';
import type { EventSummary } from '../../../shared/viewModels';
import { formatNumber, formatPercent, formatUsdCompact } from '../../lib/format';
import { StateBadge } from './MarketBadges';
import { PriceChange } from './PriceChange';
import { RowWatchStar } from './WatchStar';

export const EVENT_ROW_HEIGHT = 52;

export const eventOptionId = (eventId: string): string => `event-option-${eventId}`;

interface EventRowProps {
  summary: EventSummary;
  top: number;
  selected: boolean;
  onSelect: (eventId: string) => void;
}

export const EventRow = memo(function EventRow({ summary, top, selected, onSelect }: EventRowProps) {
  const { leading } = summary;
  return (
    <div
      id={eventOptionId(summary.id)}
      className="event-row"
      role="option"
      aria-selected={selected}
      data-testid="event-row"
      data-event-id={summary.id}
      data-closed={summary.closed}
      data-ended={summary.ended}
      // What the sorts order by, for tests and assistive tools; the row shows the 24 h figures.
      data-volume={summary.volume}
      data-liquidity={summary.liquidity}
      data-created={summary.createdAt ?? ''}
      data-end={summary.endDate ?? ''}
      data-change={summary.leading?.change24h ?? ''}
      style={{ transform: `translateY(${top}px)` }}
      onClick={() => onSelect(summary.id)}
      title={summary.title}
    >
      <div className="event-row-line">
        <RowWatchStar eventId={summary.id} />
        <div className="event-row-title">{summary.title}</div>
        {leading ? (
          <span className="event-row-leading" title={`${leading.name}: the likeliest outcome`}>
            <span className="num event-row-prob" data-testid="event-leading-price" data-price={leading.price}>
              {formatPercent(leading.price)}
            </span>
            {summary.closed ? null : <PriceChange change={leading.change24h} testId="event-change" />}
          </span>
        ) : null}
      </div>
      <div className="event-row-meta">
        {/* First: on a narrow row the end of the line is cut, and the state matters most. */}
        <StateBadge facts={summary} testId="event-state" />
        {leading ? (
          <span className="event-row-leader" data-testid="event-leading-name">
            {leading.name}
          </span>
        ) : null}
        <span className="event-row-category">{summary.category || 'Uncategorized'}</span>
        <span className="event-row-extra">
          <span>
            {formatNumber(summary.marketCount)} {summary.marketCount === 1 ? 'market' : 'markets'}
          </span>
          <span className="num" title="Volume over the last 24 hours">
            {formatUsdCompact(summary.volume24hr)} 24h
          </span>
        </span>
        {summary.negRisk ? (
          <span className="badge badge-negrisk" title="Negative-risk event: its markets are mutually exclusive">
            NEG RISK
          </span>
        ) : null}
      </div>
    </div>
  );
});
