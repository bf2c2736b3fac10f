/**
 * The middle pane: the chosen event's facts, state and rules, and its markets with the likeliest
 * first; choosing a market opens its books.
 */
import { useShallow } from 'zustand/react/shallow';
import { useEventDetailStore } from '../../stores/eventDetailStore';
import { EmptyState } from '../../components/EmptyState';
import { InlineError } from '../../components/InlineError';
import { formatNumber, formatUsdCompact } from '../../lib/format';
import { EventRules, endTime } from './EventRules';
import { StateBadge } from './MarketBadges';
import { marketsByProbability } from './marketOrder';
import { MarketRow } from './MarketRow';
import { WatchStar } from './WatchStar';

export function EventDetailPane() {
  const { phase, detail, error, selectedMarketId, selectMarket, retry } = useEventDetailStore(
    useShallow((s) => ({
      phase: s.phase,
      detail: s.detail,
      error: s.error,
      selectedMarketId: s.selectedMarketId,
      selectMarket: s.selectMarket,
      retry: s.retry,
    })),
  );

  let body;
  if (phase === 'idle') {
    body = (
      <EmptyState title="No event chosen" testId="event-detail-empty">
        <p>Choose an event on the left to see its markets.</p>
      </EmptyState>
    );
  } else if (phase === 'error' && error) {
    body = <InlineError what="Could not load this event" error={error} onRetry={() => void retry()} />;
  } else if (!detail) {
    body = <p className="pane-note">Loading event…</p>;
  } else {
    body = (
      <>
        <div className="event-head" data-testid="event-detail" data-event-id={detail.id}>
          <div className="event-title-row">
            <WatchStar eventId={detail.id} title={detail.title} />
            <h2 className="event-title">{detail.title}</h2>
          </div>
          <dl className="facts">
            <div>
              <dt>Category</dt>
              <dd>{detail.category || '—'}</dd>
            </div>
            <div>
              <dt>24h vol</dt>
              <dd className="num">{formatUsdCompact(detail.volume24hr)}</dd>
            </div>
            <div>
              <dt>Volume</dt>
              <dd className="num">{formatUsdCompact(detail.volume)}</dd>
            </div>
            <div>
              <dt>Liquidity</dt>
              <dd className="num">{formatUsdCompact(detail.liquidity)}</dd>
            </div>
            <div>
              <dt>Ends</dt>
              <dd data-testid="event-ends">{endTime(detail.endDate)}</dd>
            </div>
          </dl>
          <div className="chips">
            <StateBadge facts={detail} testId="event-detail-state" />
            {detail.negRisk ? <span className="badge badge-negrisk">NEG RISK</span> : null}
            {detail.tags.map((tag) => (
              <span key={tag.id} className="chip">
                {tag.label}
              </span>
            ))}
          </div>
        </div>
        <div className="market-list" role="list" aria-label="Markets of this event" data-testid="market-list">
          {marketsByProbability(detail.markets).map((market) => (
            <MarketRow
              key={market.id}
              market={market}
              selected={market.id === selectedMarketId}
              showGroupTitle={detail.markets.length > 1}
              onSelect={selectMarket}
            />
          ))}
        </div>
        <EventRules detail={detail} />
      </>
    );
  }

  return (
    <div className="pane detail-pane">
      <div className="pane-header">
        <h2 className="pane-title">Markets</h2>
        {detail ? <span className="pane-meta">{formatNumber(detail.markets.length)}</span>
 : null}
      </div>
      <div className="pane-scroll">{body}</div>
    </div>
  );
}
