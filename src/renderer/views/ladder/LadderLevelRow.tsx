/**
 * One price of the DOM ladder: your bids · bid size · price · ask size · your asks. React renders
 * the row's structure, your orders, focus and handlers; the sizes, depth bars and which side
 * rests here are written by the ladder's painter (ladderPainter.ts) as books arrive, so a book
 * update renders nothing here.
 */
import { memo, useCallback, type DragEvent } from 'react';
import { formatPrice, formatSize } from '../../lib/format';
import { priceText } from '../../lib/ticks';
import type { OwnAtPrice } from './levelIndex';
import { PAINTED, type LadderPainter } from './ladderPainter';

export type LadderColumn = 'bid' | 'price' | 'ask';
type LadderSide = 'bid' | 'ask';

/** The drag of one of your orders onto another price (amend); its id travels in this type. */
export const ORDER_DRAG_TYPE = 'application/x-marketdesk-order';

export interface LadderRowProps {
  priceKey: string;
  tickSize: string;
  index: number;
  /** The row has the keyboard focus (roving tabindex); `column` is the one Enter acts on. */
  focused: boolean;
  column: LadderColumn;
  rowTestId: string;
  /** Trade shows your working orders and takes drags; Markets is read-only. */
  showOwn: boolean;
  /** Your working orders at this price, each side. */
  ownBid: OwnAtPrice | undefined;
  ownAsk: OwnAtPrice | undefined;
  painter: LadderPainter;
  onCell: (index: number, column: LadderColumn) => void;
  onDropOrder: (orderId: string, priceKey: string) => void;
}

interface SizeCellProps {
  side: LadderSide;
  active: boolean;
  index: number;
  onCell: (index: number, column: LadderColumn) => void;
}

/** Its bar and text are the painter's: React renders them empty and never changes them. */
function SizeCell({ side, active, index, onCell }: SizeCellProps) {
  return (
    <span role="gridcell" className={`dl-size dl-${side} num flash-cell`} aria-selected={active} onClick={() => onCell(index, side)} data-testid={`ladder-${side}`}>
      <span className={PAINTED.bar} aria-hidden="true" />
      <span className={PAINTED.text} />
    </span>
  );
}

function OwnCell({ side, own, shown }: { side: LadderSide; own: OwnAtPrice | undefined; shown: string }) {
  const count = own?.orderIds.length ?? 0;
  const onDragStart = (event: DragEvent) => {
    if (!own) return;
    event.dataTransfer.setData(ORDER_DRAG_TYPE, own.orderIds[0]!);
    event.dataTransfer.effectAllowed = 'move';
  };
  return (
    <span role="gridcell" className={`dl-own dl-own-${side} num`}>
      {own && count > 0 ? (
        <span
          className="dl-own-mark"
          draggable
          onDragStart={onDragStart}
          data-testid="ladder-own"
          data-side={side}
          title={`${count} working order${count === 1 ? '' : 's'} of yours at ${shown}: drag to another price to amend, or press A`}
        >
          {formatSize(own.size)}
        </span>
      ) : null}
    </span>
  );
}

export const LadderLevelRow = memo(function LadderLevelRow(props: LadderRowProps) {
  const { priceKey, tickSize, index, focused, column, rowTestId, showOwn, ownBid, ownAsk, painter, onCell, onDropOrder } = props;
  const shown = priceText(priceKey, tickSize);
  // Registered with the painter while mounted (a ref callback's cleanup, React 19).
  const register = useCallback(
    (row: HTMLDivElement | null) => {
      if (!row) return;
      painter.attach(priceKey, row);
      return () => painter.detach(priceKey, row);
    },
    [painter, priceKey],
  );
  const onDragOver = (event: DragEvent) => {
    if (showOwn && event.dataTransfer.types.includes(ORDER_DRAG_TYPE)) event.preventDefault();
  };
  const onDrop = (event: DragEvent) => {
    const orderId = event.dataTransfer.getData(ORDER_DRAG_TYPE);
    if (!orderId) return;
    event.preventDefault();
    onDropOrder(orderId, priceKey);
  };
  // The row's side and touch (data-side, data-touch, dl-touch, dl-price-bid/ask) are painted.
  return (
    <div
      ref={register}
      role="row"
      className="dl-row"
      tabIndex={focused ? 0 : -1}
      aria-current={focused || undefined}
      data-row-index={index}
      data-testid={rowTestId}
      data-price={shown}
      onDragOver={onDragOver}
      onDrop={onDrop}
    >
      {showOwn ? <OwnCell side="bid" own={ownBid} shown={shown} /> : null}
      <SizeCell side="bid" active={focused && column === 'bid'} index={index} onCell={onCell} />
      <span role="gridcell" className="dl-price num" aria-selected={focused && column === 'price'} onClick={() => onCell(index, 'price')} data-testid="ladder-price">
        {formatPrice(priceKey, tickSize)}
      </span>
      <SizeCell side="ask" active={focused && column === 'ask'} index={index} onCell={onCell} />
      {showOwn ? <OwnCell side="ask" own={ownAsk} shown={shown} /> : null}
    </div>
  );
});
