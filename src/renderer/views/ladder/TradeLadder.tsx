/**
 * The ladder in Trade: a click (or Enter) on the bid column buys at that price, on the ask column
 * sells at it, on the price puts it in the ticket. Your orders can be dragged to another price
 * (or A on their row) to amend them.
 */
import { useCallback } from 'react';
import { useTicketStore } from '../../stores/ticketStore';
import type { TradeTarget } from '../../stores/tradeTargetStore';
import { useAmendStore } from './amendStore';
import { DomLadder, type LadderAction } from './DomLadder';
import { LadderOrderOutcome } from './LadderOrderOutcome';
import { useLadderOrders } from './ladderOrders';
import { formatPrice } from '../../lib/format';

export const TRADE_LADDER_ROWS = 25;

export function TradeLadder({ target }: { target: TradeTarget }) {
  const tickSize = target.tickSize;
  const onAction = useCallback(
    ({ column, price }: LadderAction) => {
      if (column === 'price') useTicketStore.getState().set({ price });
      else void useLadderOrders.getState().send({ side: column === 'bid' ? 'BUY' : 'SELL', price, what: `${column === 'bid' ? 'Buy' : 'Sell'} at ${formatPrice(price, tickSize)}` });
    },
    [tickSize],
  );

  const onAmend = useCallback((orderId: string, price: string | null) => useAmendStore.getState().open(orderId, price), []);
  return (
    <>
      <DomLadder key={target.tokenId} tokenId={target.tokenId} outcome={target.outcome} tickSize={target.tickSize} rows={TRADE_LADDER_ROWS} variant="trade" onAction={onAction} onAmend={onAmend} />
      <LadderOrderOutcome target={target} />
    </>
  );
}
