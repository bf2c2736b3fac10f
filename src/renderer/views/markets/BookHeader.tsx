/**
 * Best bid, best ask, spread, midpoint, last trade and tick size of one outcome's book, and the
 * depth on each side in shares or USD (one switch for every book shown).
 */
import type { OrderBookView } from '../../../shared/viewModels';
import { formatClock, formatPrice, formatSize, formatUsd } from '../../lib/format';
import { useBookUnitStore, type BookUnit } from '../../stores/bookUnitStore';
import { sideTotal } from './bookTotals';

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

const UNIT_LABELS: Record<BookUnit, string> = { shares: 'Shares', usd: 'USD' };

function UnitSwitch() {
  const unit = useBookUnitStore((s) => s.unit);
  const setUnit = useBookUnitStore((s) => s.setUnit);
  return (
    <div className="segmented book-unit" role="group" aria-label="Book totals in">
      {(['shares', 'usd'] as const).map((choice) => (
        <button key={choice} type="button" className="segment" aria-pressed={unit === choice} onClick={() => setUnit(choice)} data-testid={`book-unit-${choice}`}>
          {UNIT_LABELS[choice]}
        </button>
      ))}
    </div>
  );
}

export function BookHeader({ outcome, book, tickSize, onTrade }: BookHeaderProps) {
  const unit = useBookUnitStore((s) => s.unit);
  const price = (value: string | null | undefined) => formatPrice(value, tickSize);
  const total = (levels: OrderBookView['bids'] | undefined) => {
    if (!levels) return '—';
    const value = sideTotal(levels, unit);
    return unit === 'usd' ? `$${formatUsd(value)}` : formatSize(value);
  };
  return (
    <header className="book-header">
      <div className="book-title-row">
        <h3 className="book-outcome">{outcome}</h3>
        <span className="book-updated muted" title="Time of this book on the exchange">
          {book ? formatClock(book.timestamp) : ''}
        </span>
        <UnitSwitch />
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
        <Stat label="Tick" value={formatPrice(tickSize, tickSize)} testId="book-tick-size" />
      </dl>
      <dl className="book-stats book-totals" data-testid="book-totals" data-unit={unit}>
        <Stat label={`Bids total (${UNIT_LABELS[unit]})`} value={total(book?.bids)} testId="book-bids-total" tone="bid" />
        <Stat label={`Asks total (${UNIT_LABELS[unit]})`} value={total(book?.asks)} testId="book-asks-total" tone="ask" />
      </dl>
    </header>
  );
}
