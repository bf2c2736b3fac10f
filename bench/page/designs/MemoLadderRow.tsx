/** The memoised-rows design's row (see MemoDomLadder.tsx): re-renders only when its props change. */
import { memo, useRef, type DragEvent } from 'react';
import { useFlashOnChange } from '../../../src/renderer/hooks/useFlashOnChange';
import { formatPrice, formatSize } from '../../../src/renderer/lib/format';
import { priceText } from '../../../src/renderer/lib/ticks';
import type { OwnAtPrice } from '../../../src/renderer/views/ladder/levelIndex';

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
  role: string;
  bidSize: string;
  askSize: string;
  bidDepth: number;
  askDepth: number;
  onCell: (index: number, column: LadderColumn) => void;
  onDropOrder: (orderId: string, priceKey: string) => void;
}

interface SizeCellProps {
  side: LadderSide;
  size: string;
  depth: number;
  active: boolean;
  index: number;
  onCell: (index: number, column: LadderColumn) => void;
}

const SizeCell = memo(function SizeCell({ side, size, depth, active, index, onCell }: SizeCellProps) {
  const cell = useRef<HTMLSpanElement>(null);
  useFlashOnChange(cell, size);
  return (
    <span role="gridcell" className={`dl-size dl-${side} num flash-cell`} ref={cell} aria-selected={active} onClick={() => onCell(index, side)} data-testid={`ladder-${side}`}>
      {depth > 0 ? <span className={`dl-depth dl-depth-${depth}`} aria-hidden="true" /> : null}
      <span className="dl-size-text">{size === '' ? '' : formatSize(size)}</span>
    </span>
  );
});

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
  const { priceKey, tickSize, index, focused, column, rowTestId, showOwn, ownBid, ownAsk, role, bidSize, askSize, bidDepth, askDepth, onCell, onDropOrder } = props;
  const side = role.endsWith('bid') ? 'bid' : role.endsWith('ask') ? 'ask' : '';
  const shown = priceText(priceKey, tickSize);
  const onDragOver = (event: DragEvent) => {
    if (showOwn && event.dataTransfer.types.includes(ORDER_DRAG_TYPE)) event.preventDefault();
  };
  const onDrop = (event: DragEvent) => {
    const orderId = event.dataTransfer.getData(ORDER_DRAG_TYPE);
    if (!orderId) return;
    event.preventDefault();
    onDropOrder(orderId, priceKey);
  };
  return (
    <div
      role="row"
      className={`dl-row${role.startsWith('best') ? ' dl-touch' : ''}`}
      data-side={side}
      data-touch={role.startsWith('best') ? side : undefined}
      tabIndex={focused ? 0 : -1}
      aria-current={focused || undefined}
      data-row-index={index}
      data-testid={rowTestId}
      data-price={shown}
      onDragOver={onDragOver}
      onDrop={onDrop}
    >
      {showOwn ? <OwnCell side="bid" own={ownBid} shown={shown} /> : null}
      <SizeCell side="bid" size={bidSize} depth={bidDepth} active={focused && column === 'bid'} index={index} onCell={onCell} />
      <span role="gridcell" className={`dl-price num${side ? ` dl-price-${side}` : ''}`} aria-selected={focused && column === 'price'} onClick={() => onCell(index, 'price')} data-testid="ladder-price">
        {formatPrice(priceKey, tickSize)}
      </span>
      <SizeCell side="ask" size={askSize} depth={askDepth} active={focused && column === 'ask'} index={index} onCell={onCell} />
      {showOwn ? <OwnCell side="ask" own={ownAsk} shown={shown} /> : null}
    </div>
  );
});
