/** One outcome's live book: its summary header over the DOM ladder. Subscribes to its own book only. */
import { useMemo } from 'react';
import type { EventDetail, MarketSummary } from '../../../shared/viewModels';
import { selectBook, selectWatchLoading, useBookStore } from '../../stores/bookStore';
import { MarketsLadder } from '../ladder/MarketsLadder';
import { BookHeader } from './BookHeader';

interface OrderBookProps {
  market: MarketSummary;
  event: Pick<EventDetail, 'id' | 'title'> | null;
  tokenId: string;
  outcome: string;
  /** The catalog's tick size, until the first book brings the live one. */
  tickSize: string;
  onTrade?: () => void;
}

export function OrderBook({ market, event, tokenId, outcome, tickSize, onTrade }: OrderBookProps) {
  const book = useBookStore(useMemo(() => selectBook(tokenId), [tokenId]));
  const hasBook = book !== undefined;
  const loading = useBookStore(selectWatchLoading);
  const tick = book?.tickSize ?? tickSize;
  return (
    <section className="order-book" data-testid="order-book" data-outcome={outcome} data-token-id={tokenId} aria-label={`${outcome} order book`}>
      <BookHeader outcome={outcome} book={book} tickSize={tick} onTrade={onTrade} />
      {hasBook ? (
        <MarketsLadder market={market} event={event} tokenId={tokenId} outcome={outcome} tickSize={tick} />
      ) : (
        <p className="pane-note">{loading ? 'Loading book…' : 'No book yet for this outcome.'}</p>
      )}
    </section>
  );
}
