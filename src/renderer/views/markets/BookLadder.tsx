/**
 * The depth ladder: asks above, bids below, meeting at the spread line — the best ask sits just
 * above the line and the best bid just below, as traders read a book. Each side keeps a fixed
 * number of rows so the spread line never jumps as levels come and go.
 */
import type { OrderBookView } from '../../../shared/viewModels';
import { deepest, ladder, type LadderLevel } from '../../lib/depth';
import { formatPrice } from '../../lib/format';
import { BookLevelRow } from './BookLevelRow';

export const LADDER_DEPTH = 15;

interface BookLadderProps {
  book: OrderBookView;
  tickSize: string;
  outcome: string;
}

function Fillers({ count }: { count: number }) {
  return Array.from({ length: count }, (_, index) => <div key={`filler-${index}`} className="ladder-row filler" aria-hidden="true" />);
}

function Side({ side, levels, max, tickSize }: { side: 'bid' | 'ask'; levels: LadderLevel[]; max: number; tickSize: string }) {
  return levels.map((level) => (
    <BookLevelRow
      key={level.price}
      side={side}
      price={level.price}
      size={level.size}
      cumulative={level.cumulative}
      depthFraction={max > 0 ? level.cumulative / max : 0}
      tickSize={tickSize}
    />
  ));
}

export function BookLadder({ book, tickSize, outcome }: BookLadderProps) {
  const asks = ladder(book.asks, LADDER_DEPTH);
  const bids = ladder(book.bids, LADDER_DEPTH);
  const max = deepest(asks, bids);
  // Asks arrive best-first (ascending); shown reversed so the best ask is nearest the spread.
  const asksTopDown = [...asks].reverse();
  return (
    <div className="ladder" role="table" aria-label={`${outcome} bids and asks`} data-testid="book-table">
      <div role="rowgroup">
        <div role="row" className="ladder-row ladder-head">
          <span role="columnheader" className="col-price">
            Price
          </span>
          <span role="columnheader">Size</span>
          <span role="columnheader">Total</span>
        </div>
      </div>
      <div role="rowgroup" className="ladder-side ladder-asks" data-testid="book-asks" data-count={asks.length}>
        <Fillers count={LADDER_DEPTH - asks.length - (asks.length === 0 ? 1 : 0)} />
        {asks.length === 0 ? <div className="ladder-row ladder-none">No asks</div> : null}
        <Side side="ask" levels={asksTopDown} max={max} tickSize={tickSize} />
      </div>
      <div role="rowgroup">
        <div role="row" className="ladder-row ladder-spread" data-testid="book-spread-line">
          <span role="cell" className="col-price">
            {formatPrice(book.spread, tickSize)}
          </span>
          <span role="cell" className="muted">
            spread
          </span>
          <span role="cell" className="muted">
            mid {formatPrice(book.midpoint, tickSize)}
          </span>
        </div>
      </div>
      <div role="rowgroup" className="ladder-side ladder-bids" data-testid="book-bids" data-count={bids.length}>
        <Side side="bid" levels={bids} max={max} tickSize={tickSize} />
        {bids.length === 0 ? <div className="ladder-row ladder-none">No bids</div> : null}
        <Fillers count={LADDER_DEPTH - bids.length - (bids.length === 0 ? 1 : 0)} />
      </div>
    </div>
  );
}
