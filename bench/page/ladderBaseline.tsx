/**
 * The ladder bench's baseline: the same DOM ladder rows (every tick of the window, bid · price ·
 * ask, depth bars, flash), written the naive React way — one component selects the whole book
 * and re-renders every row and cell on every publish, as the old BookLadder's parent did. Same
 * store, same once-per-frame publishing; only the narrow subscriptions differ.
 */
import { useRef } from 'react';
import { useFlashOnChange } from '../../src/renderer/hooks/useFlashOnChange';
import { formatPrice, formatSize } from '../../src/renderer/lib/format';
import { priceKey } from '../../src/renderer/lib/ticks';
import { useBookStore } from '../../src/renderer/stores/bookStore';
import { ladderPrices, touchCentre } from '../../src/renderer/views/ladder/ladderWindow';

function Cell({ side, size, depth }: { side: 'bid' | 'ask'; size: string; depth: number }) {
  const ref = useRef<HTMLSpanElement>(null);
  useFlashOnChange(ref, size);
  return (
    <span role="gridcell" className={`dl-size dl-${side} num flash-cell`} ref={ref}>
      {depth > 0 ? <span className={`dl-depth dl-depth-${depth}`} aria-hidden="true" /> : null}
      <span className="dl-size-text">{size === '' ? '' : formatSize(size)}</span>
    </span>
  );
}

export function NaiveLadder({ tokenId, rows }: { tokenId: string; rows: number }) {
  const book = useBookStore((s) => s.books[tokenId]);
  if (!book) return null;
  const bids = new Map(book.bids.map((l) => [priceKey(l.price), l.size]));
  const asks = new Map(book.asks.map((l) => [priceKey(l.price), l.size]));
  const largest = Math.max(0, ...[...bids.values(), ...asks.values()].map(Number));
  const depth = (size: string | undefined) => (largest > 0 && size ? Math.round((Number(size) / largest) * 20) * 5 : 0);
  return (
    <div className="dl dl-trade">
      <div role="grid" className="dl-grid" data-testid="trade-ladder">
        {ladderPrices(touchCentre(book), book.tickSize, rows).map((key) => (
          <div role="row" key={key} className="dl-row" data-price={key}>
            <span role="gridcell" className="dl-own" />
            <Cell side="bid" size={bids.get(key) ?? ''} depth={depth(bids.get(key))} />
            <span role="gridcell" className="dl-price num">
              {formatPrice(key, book.tickSize)}
            </span>
            <Cell side="ask" size={asks.get(key) ?? ''} depth={depth(asks.get(key))} />
            <span role="gridcell" className="dl-own" />
          </div>
        ))}
      </div>
    </div>
  );
}
