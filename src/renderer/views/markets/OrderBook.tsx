/** One outcome's live book: its summary header over a depth ladder. Subscribes to its own book only. */
import { useMemo } from 'react';
import { selectBook, selectWatchLoading, useBookStore } from '../../stores/bookStore';
import { BookHeader } from './BookHeader';
import { BookLadder } from './BookLadder';

interface OrderBookProps {
  tokenId: string;
  outcome: string;
  /** The catalog's tick size, until the first book brings the live one. */
  tickSize: string;
  onTrade?: () => void;
}

export function OrderBook({ tokenId, outcome, tickSize, onTrade }: OrderBookProps) {
  const book = useBookStore(useMemo(() => selectBook(tokenId), [tokenId]));
  const loading = useBookStore(selectWatchLoading);
  const tick = book?.tickSize ?? tickSize;
  return (
    <section className="order-book" data-testid="order-book" data-outcome={outcome} data-token-id={tokenId} aria-label={`${outcome} order book`}>
      <BookHeader outcome={outcome} book={book} tickSize={tick} onTrade={onTrade} />
      {book ? (
        <BookLadder book={book} tickSize={tick} outcome={outcome} />
      ) : (
        <p className="pane-note">{loading ? 'Loading book…' : 'No book yet for this outcome.'}</p>
      )}
    </section>
  );
}
