/**
 * Whether the ticket's last answer still belongs on screen: the account that sent it is active,
 * the vault is unlocked, the ticket still has the side and outcome the order was sent with, and
 * it is younger than RESULT_TTL_MS. A SELL refusal must not stand under a BUY being composed.
 */
import type { PlacedOrder } from '../../shared/tradingViews';
import { useTicketStore } from '../stores/ticketStore';
import { useShownResult } from './useScopedResult';

export const TICKET_RESULT = 'ticket.place';

export function useTicketResultHolds(placed: PlacedOrder): boolean {
  const side = useTicketStore((s) => s.side);
  const tokenId = useTicketStore((s) => s.tokenId);
  return useShownResult(TICKET_RESULT, placed, `${placed.ticket.side}|${placed.ticket.tokenId}`, `${side}|${tokenId ?? ''}`);
}
