/**
 * The right pane: live books for every outcome of the chosen market, side by side, over its
 * trades, holders and open interest. Mounting it (or changing the market) tells main which books
 * to poll; leaving tells it to stop.
 */
import { lazy, Suspense, useEffect, useMemo } from 'react';
import { selectSelectedMarket, useEventDetailStore } from '../../stores/eventDetailStore';
import { selectWatchProblem, useBookStore } from '../../stores/bookStore';
import { useBridgeLinkStore } from '../../stores/bridgeLinkStore';
import { useAppStatusStore } from '../../stores/appStatusStore';
import { rewatchBooks, watchBooks } from '../../stores/bookWatch';
import { EmptyState } from '../../components/EmptyState';
import { InlineError } from '../../components/InlineError';
import { openTrade, targetFromMarket } from '../../stores/tradeTargetStore';
import { OrderBook } from './OrderBook';

/** Trades, holders and open interest load with the first chosen market, not with the app. */
const MarketDataPanel = lazy(() => import('./data/MarketDataPanel').then((module) => ({ default: module.MarketDataPanel })));

function useWatchedTokens(tokenIds: readonly string[]): void {
  const key = tokenIds.join(',');
  useEffect(() => {
    watchBooks(key === '' ? [] : key.split(','));
    return () => watchBooks([]);
  }, [key]);
}

/**
 * Books that stopped updating must not look live: a trader would act on old prices. When the
 * link to Marketdesk or main's link to the exchange is down, the books dim and say so.
 */
function useBooksAreStale(): boolean {
  const linkDown = useBridgeLinkStore((s) => s.link !== null && s.link.state !== 'open');
  const exchangeDown = useAppStatusStore((s) => s.status?.connection === 'offline');
  return linkDown || exchangeDown;
}

export function BooksPane() {
  const market = useEventDetailStore(selectSelectedMarket);
  const event = useEventDetailStore((s) => s.detail);
  const problem = useBookStore(selectWatchProblem);
  const stale = useBooksAreStale();
  const tokenIds = useMemo(() => market?.outcomes.map((o) => o.tokenId) ?? [], [market]);
  useWatchedTokens(tokenIds);

  return (
    <div className="pane books-pane">
      <div className="pane-header">
        <h2 className="pane-title">Order books</h2>
        {market ? (
          <span className="pane-meta books-question" title={market.question} data-testid="books-market">
            {market.question}
          </span>
        ) : null}
      </div>
      {problem ? <InlineError what="Could not watch these books" error={problem} onRetry={rewatchBooks} /> : null}
      {market && stale ? (
        <p className="books-stale-note" role="status" data-testid="books-stale">
          Not updating — the connection is down. Prices below may be out of date.
        </p>
      ) : null}
      {market ? (
        <>
          <div className="books" data-testid="books" data-stale={stale}>
            {market.outcomes.map((outcome) => (
              <OrderBook
                key={outcome.tokenId}
                market={market}
                event={event}
                tokenId={outcome.tokenId}
                outcome={outcome.name}
                tickSize={market.tickSize}
                onTrade={() => openTrade(targetFromMarket(market, event, outcome.tokenId))}
              />
            ))}
          </div>
          <Suspense fallback={<section className="md-panel" aria-label="Market data" aria-busy="true" />}>
            <MarketDataPanel market={market} />
          </Suspense>
        </>
      ) : (
        <EmptyState title="No market chosen" testId="books-empty">
          <p>Choose a market to watch its live order book for each outcome.</p>
        </EmptyState>
      )}
    </div>
  );
}
