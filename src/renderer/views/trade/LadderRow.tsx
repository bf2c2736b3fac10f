/** One clickable ladder level; memoized on primitives so a new book re-renders only what moved. */
import { memo, useRef } from 'react';
import { formatPrice, formatSize } from '../../lib/format';
import { priceText } from '../../lib/ticks';
import { useFlashOnChange } from '../../hooks/useFlashOnChange';

interface LadderRowProps {
  side: 'bid' | 'ask';
  price: string;
  size: string;
  cumulative: number;
  depthFraction: number;
  tickSize: string;
  ownSize: number;
  ownCount: number;
  atTicket: boolean;
  onPick: (price: string) => void;
}

export const LadderRow = memo(function LadderRow(props: LadderRowProps) {
  const { side, price, size, cumulative, depthFraction, tickSize, ownSize, ownCount, atTicket, onPick } = props;
  const sizeCell = useRef<HTMLSpanElement>(null);
  useFlashOnChange(sizeCell, size);
  const shown = priceText(price, tickSize);
  return (
    <div
      role="row"
      className={`tl-row tl-level tl-${side}`}
      data-testid="ladder-level"
      data-side={side}
      data-price={shown}
      data-own={ownCount > 0 || undefined}
      data-at-ticket={atTicket || undefined}
      onClick={() => onPick(price)}
      title={`Set the ticket price to ${shown}`}
    >
      <span className="depth-bar" style={{ width: `${(depthFraction * 100).toFixed(1)}%` }} aria-hidden="true" />
      <span role="cell" className="tl-own num">
        {ownCount > 0 ? (
          <span className="tl-own-mark" data-testid="ladder-own" title={`${ownCount} open order${ownCount === 1 ? '' : 's'} of yours at ${shown}`}>
            {formatSize(ownSize)}
          </span>
        ) : null}
      </span>
      <span role="cell" className="tl-price num">
        {formatPrice(price, tickSize)}
      </span>
      <span role="cell" className="num flash-cell" ref={sizeCell}>
        {formatSize(size)}
      </span>
      <span role="cell" className="num tl-total">
        {formatSize(cumulative)}
      </span>
    </div>
  );
});
