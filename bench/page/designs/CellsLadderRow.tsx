/** The per-cell design's row (see CellsDomLadder.tsx): each cell subscribes to its own value. */
import { memo, useRef, type DragEvent } from 'react';
import { formatPrice, formatSize } from '../../../src/renderer/lib/format';
import { priceText } from '../../../src/renderer/lib/ticks';
import { useFlashOnChange } from '../../../src/renderer/hooks/useFlashOnChange';
import { useOpenOrdersStore } from '../../../src/renderer/stores/openOrdersStore';
import { ownIndex } from '../../../src/renderer/views/ladder/levelIndex';
import { useLevelDepth, useLevelRole, useLevelSize, useOwnCount, useOwnSize, type LadderSide } from './useLevelCells';

export type LadderColumn = 'bid' | 'price' | 'ask';

/** The drag of one of your orders onto another price (amend); its id travels in this type. */
export const ORDER_DRAG_TYPE = 'application/x-marketdesk-order';

export interface LadderRowProps {
  tokenId: string;
  priceKey: string;
  tickSize: string;
  index: number;
  /** The row has the keyboard focus (roving tabindex); `column` is the one Enter acts on. */
  focused: boolean;
  column: LadderColumn;
  rowTestId: string;
  /** Trade shows your working orders and takes drags; Markets is read-only. */
  showOwn: boolean;
  onCell: (index: number, column: LadderColumn) => void;
  onDropOrder: (orderId: string, priceKey: string) => void;
}

interface SizeCellProps {
  tokenId: string;
  side: LadderSide;
  priceKey: string;
  active: boolean;
  index: number;
  onCell: (index: number, column: LadderColumn) => void;
}

const SizeCell = memo(function SizeCell({ tokenId, side, priceKey, active, index, onCell }: SizeCellProps) {
  const size = useLevelSize(tokenId, side, priceKey);
  const depth = useLevelDepth(tokenId, side, priceKey);
  const cell = useRef<HTMLSpanElement>(null);
  useFlashOnChange(cell, size);
  return (
    <span role="gridcell" className={`dl-size dl-${side} num flash-cell`} ref={cell} aria-selected={active} onClick={() => onCell(index, side)} data-testid={`ladder-${side}`}>
      {depth > 0 ? <span className={`dl-depth dl-depth-${depth}`} aria-hidden="true" /> : null}
      <span className="dl-size-text">{size === '' ? '' : formatSize(size)}</span>
    </span>
  );
});

const OwnCell = memo(function OwnCell({ tokenId, side, priceKey, shown }: { tokenId: string; side: LadderSide; priceKey: string; shown: string }) {
  const size = useOwnSize(tokenId, side, priceKey);
  const count = useOwnCount(tokenId, side, priceKey);
  const onDragStart = (event: DragEvent) => {
    const orders = useOpenOrdersStore.getState().orders;
    const own = ownIndex(orders, tokenId)[side === 'bid' ? 'bids' : 'asks'].get(priceKey);
    if (!own) return;
    event.dataTransfer.setData(ORDER_DRAG_TYPE, own.orderIds[0]!);
    event.dataTransfer.effectAllowed = 'move';
  };
  return (
    <span role="gridcell" className={`dl-own dl-own-${side} num`}>
      {count > 0 ? (
        <span
          className="dl-own-mark"
          draggable
          onDragStart={onDragStart}
          data-testid="ladder-own"
          data-side={side}
          title={`${count} working order${count === 1 ? '' : 's'} of yours at ${shown}: drag to another price to amend, or press A`}
        >
          {formatSize(size)}
        </span>
      ) : null}
    </span>
  );
});

export const LadderLevelRow = memo(function LadderLevelRow(props: LadderRowProps) {
  const { tokenId, priceKey, tickSize, index, focused, column, rowTestId, showOwn, onCell, onDropOrder } = props;
  const role = useLevelRole(tokenId, priceKey);
  const shown = priceText(priceKey, tickSize);
  const side = role.endsWith('bid') ? 'bid' : role.endsWith('ask') ? 'ask' : '';
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
      tabIndex={focused ? 0 : -1}
      aria-current={focused || undefined}
      data-row-index={index}
      data-testid={rowTestId}
      data-price={shown}
      data-side={side}
      data-touch={role.startsWith('best') ? side : undefined}
      onDragOver={onDragOver}
      onDrop={onDrop}
    >
      {showOwn ? <OwnCell tokenId={tokenId} side="bid" priceKey={priceKey} shown={shown} /> : null}
      <SizeCell tokenId={tokenId} side="bid" priceKey={priceKey} active={focused && column === 'bid'} index={index} onCell={onCell} />
      <span
        role="gridcell"
        className={`dl-price num${side ? ` dl-price-${side}` : ''}`}
        aria-selected={focused && column === 'price'}
        onClick={() => onCell(index, 'price')}
        data-testid="ladder-price"
      >
        {formatPrice(priceKey, tickSize)}
      </span>
      <SizeCell tokenId={tokenId} side="ask" priceKey={priceKey} active={focused && column === 'ask'} index={index} onCell={onCell} />
      {showOwn ? <OwnCell tokenId={tokenId} side="ask" priceKey={priceKey} shown={shown} /> : null}
    </div>
  );
});
