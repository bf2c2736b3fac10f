/**
 * The strip over the Trade view: what is traded (with the picker to change it and Yes/No to flip
 * outcome) and the book's key numbers — bid, ask, spread, midpoint, last trade, tick and minimum.
 */
import { useState } from 'react';
import type { OrderBookView } from '../../../shared/viewModels';
import { formatClock, formatPrice, formatSize } from '../../lib/format';
import { useTradeTargetStore, type TradeTarget } from '../../stores/tradeTargetStore';
import { MarketPicker } from './MarketPicker';
import { useTradeDialogs } from './tradeDialogs';

function Stat({ label, value, testId, tone }: { label: string; value: string; testId: string; tone?: 'bid' | 'ask' }) {
  return (
    <div className="stat">
      <dt>{label}</dt>
      <dd className={`num${tone ? ` tone-${tone}` : ''}`} data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

export function TradeHeader({ target, book, stale }: { target: TradeTarget | null; book: OrderBookView | undefined; stale: boolean }) {
  const [picking, setPicking] = useState(target === null);
  const selectOutcome = useTradeTargetStore((s) => s.selectOutcome);
  const tick = book?.tickSize ?? target?.tickSize ?? '0.01';
  const price = (value: string | null | undefined) => formatPrice(value, tick);
  return (
    <header className="trade-header">
      <div className="trade-target">
        <button type="button" className="trade-target-button" aria-expanded={picking} onClick={() => setPicking((v) => !v)} data-testid="trade-picker-button" title="Choose another market">
          {target ? (
            <>
              <span className="trade-target-question" data-testid="trade-target-question">
                {target.question}
              </span>
              {target.eventTitle && target.eventTitle !== target.question ? <span className="trade-target-event muted">{target.eventTitle}</span> : null}
            </>
          ) : (
            <span className="muted">Choose a market…</span>
          )}
          <span className="caret" aria-hidden="true">
            ▾
          </span>
        </button>
        {picking ? <MarketPicker onClose={() => setPicking(false)} /> : null}
        {target ? (
          <div className="segmented outcome-switch" role="group" aria-label="Outcome">
            {target.outcomes.map((outcome, index) => (
              <button
                key={outcome.tokenId}
                type="button"
                className={`segment outcome-${index === 0 ? 'first' : 'other'}`}
                aria-pressed={outcome.tokenId === target.tokenId}
                onClick={() => selectOutcome(outcome.tokenId)}
                data-testid="trade-outcome"
                data-token-id={outcome.tokenId}
              >
                {outcome.name}
              </button>
            ))}
          </div>
        ) : null}
        {target?.negRisk ? <span className="badge badge-negrisk">NEG RISK</span> : null}
      </div>
      {target ? (
        <dl className="trade-stats" data-testid="trade-stats" data-stale={stale}>
          <Stat label="Bid" value={price(book?.bestBid)} testId="trade-best-bid" tone="bid" />
          <Stat label="Ask" value={price(book?.bestAsk)} testId="trade-best-ask" tone="ask" />
          <Stat label="Spread" value={price(book?.spread)} testId="trade-spread" />
          <Stat label="Mid" value={price(book?.midpoint)} testId="trade-midpoint" />
          <Stat label="Last" value={price(book?.lastTradePrice)} testId="trade-last" />
          <Stat label="Tick" value={formatPrice(tick, tick)} testId="trade-tick" />
          <Stat label="Min size" value={formatSize(book?.minOrderSize ?? target.minOrderSize)} testId="trade-min-size" />
          <Stat label="Book at" value={book ? formatClock(book.timestamp) : '—'} testId="trade-book-time" />
        </dl>
      ) : null}
      <button
        type="button"
        className="button button-small button-danger kill-switch-button"
        onClick={() => useTradeDialogs.getState().askKill()}
        title="Cancel every open order of every account on this network and stop heartbeats (Shift+K); asks once"
        data-testid="kill-switch-button"
      >
        Kill switch
      </button>
    </header>
  );
}
