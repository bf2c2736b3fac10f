/** Best bid, best ask, spread, midpoint, last trade and tick size of one outcome's book. */
import type { OrderBookView } from '../../../shared/viewModels';
import { formatClock, formatPrice } from '../../lib/format';

interface BookHeaderProps {
  outcome: string;
  book: OrderBookView | undefined;
  tickSize: string;
  /** Opens the Trade view on this outcome. */
  onTrade?: () => void;
}

interface StatProps {
  label: string;
  value: string;
  testId: string;
  tone?: 'bid' | 'ask';
}

function Stat({ label, value, testId, tone }: StatProps) {
  return (
    <div className="stat">
      <dt>{label}</dt>
      <dd className={`num${tone ? ` tone-${tone}` : ''}`} data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

export function BookHeader({ outcome, book, tickSize, onTrade }: BookHeaderProps) {
  const price = (value: string | null | undefined) => formatPrice(value, tickSize);
  return (
    <header className="book-header">
      <div className="book-title-row">
        <h3 className="book-outcome">{outcome}</h3>
        <span className="book-updated muted" title="Time of this book on the exchange">
          {book ? formatClock(book.timestamp) : ''}
        </span>
        {onTrade ? (
          <button type="button" className="button button-small book-trade" onClick={onTrade} title={`Trade ${outcome} in the Trade view`} data-testid="book-trade">
            Trade
          </button>
        ) : null}
      </div>
      <dl className="book-stats">
        <Stat label="Bid" value={price(book?.bestBid)} testId="book-best-bid" tone="bid" />
        <Stat label="Ask" value={price(book?.bestAsk)} testId="book-best-ask" tone="ask" />
        <Stat label="Spread" value={price(book?.spread)} testId="book-spread" />
        <Stat label="Mid" value={price(book?.midpoint)} testId="book-midpoint" />
        <Stat label="Last" value={price(book?.lastTradePrice)} testId="book-last-trade" />
        <Stat label="Tick" value={tickSize} testId="book-tick-size" />
      </dl>
    </header>
  );
}
