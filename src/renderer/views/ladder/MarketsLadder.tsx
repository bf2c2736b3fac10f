/**
 * The ladder in Markets, where no account trades: a click on a level opens Trade on this outcome
 * with the ticket prefilled — buy at that price from the bid column, sell from the ask column,
 * the price alone from the price column — for the trader to check and send there.
 */
import { useCallback } from 'react';
import type { EventDetail, MarketSummary } from '../../../shared/viewModels';
import { useTicketStore } from '../../stores/ticketStore';
import { openTrade, targetFromMarket } from '../../stores/tradeTargetStore';
import { DomLadder, type LadderAction } from './DomLadder';

export const MARKETS_LADDER_ROWS = 21;

interface MarketsLadderProps {
  market: MarketSummary;
  event: Pick<EventDetail, 'id' | 'title'> | null;
  tokenId: string;
  outcome: string;
  tickSize: string;
}

export function MarketsLadder({ market, event, tokenId, outcome, tickSize }: MarketsLadderProps) {
  const onAction = useCallback(
    ({ column, price }: LadderAction) => {
      openTrade(targetFromMarket(market, event, tokenId));
      // The ticket is keyed by outcome: naming it here keeps the Trade view from clearing the price.
      useTicketStore.setState({ tokenId, price, ...(column === 'price' ? {} : { side: column === 'bid' ? 'BUY' : 'SELL' }) });
    },
    [market, event, tokenId],
  );
  return <DomLadder key={tokenId} tokenId={tokenId} outcome={outcome} tickSize={tickSize} rows={MARKETS_LADDER_ROWS} variant="markets" onAction={onAction} />;
}
