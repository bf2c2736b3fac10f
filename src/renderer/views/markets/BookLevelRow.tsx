/**
 * One price level. Memoized on its primitive values, so when a new book is published only the
 * levels that actually changed re-render; a changed size flashes its cell.
 */
import { memo, useRef } from 'react';
import { formatPrice, formatSize } from '../../lib/format';
import { useFlashOnChange } from '../../hooks/useFlashOnChange';

interface BookLevelRowProps {
  side: 'bid' | 'ask';
  price: string;
  size: string;
  cumulative: number;
  /** Cumulative depth as a share of the deepest level shown on either side (0..1). */
  depthFraction: number;
  tickSize: string;
}

export const BookLevelRow = memo(function BookLevelRow({ side, price, size, cumulative, depthFraction, tickSize }: BookLevelRowProps) {
  const sizeCell = useRef<HTMLSpanElement>(null);
  useFlashOnChange(sizeCell, size);
  return (
    <div role="row" className={`ladder-row level level-${side}`} data-testid="book-level" data-side={side}>
      <span className="depth-bar" style={{ width: `${(depthFraction * 100).toFixed(1)}%` }} aria-hidden="true" />
      <span role="cell" className="num level-price col-price">
        {formatPrice(price, tickSize)}
      </span>
      <span role="cell" className="num level-size flash-cell" ref={sizeCell}>
        {formatSize(size)}
      </span>
      <span role="cell" className="num level-total">
        {formatSize(cumulative)}
      </span>
    </div>
  );
});
