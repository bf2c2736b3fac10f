/**
 * The exact amounts a ticket will sign, from its price and its size (shares) or amount (USD,
 * market BUY). Integers from src/shared/orders, formatted for the preview.
 */
import { limitOrderAmounts, marketBuyAmounts } from '../../../shared/orders/orderAmounts';
import { AMOUNT_DECIMALS } from '../../../shared/orders/orderSchema';
import type { TickSize } from '../../../shared/protocol/clob';
import type { OrderTicket } from '../../../shared/tradingViews';

const UNIT = 10n ** BigInt(AMOUNT_DECIMALS);

export const baseUnitsToDecimal = (units: bigint): string => {
  const whole = units / UNIT;
  const fraction = (units % UNIT).toString().padStart(AMOUNT_DECIMALS, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : String(whole);
};

export interface TicketAmounts {
  makerAmount: bigint;
  takerAmount: bigint;
  /** Shares bought or sold, decimal. */
  shares: string;
  /** USD paid (BUY) or asked (SELL), decimal. */
  notional: string;
}

export function ticketAmounts(ticket: OrderTicket, tickSize: TickSize): TicketAmounts {
  const { makerAmount, takerAmount } =
    ticket.amount !== undefined
      ? marketBuyAmounts(ticket.amount, ticket.price, tickSize)
      : limitOrderAmounts(ticket.side, ticket.price, ticket.size ?? '0', tickSize);
  const [sharesUnits, usdUnits] = ticket.side === 'BUY' ? [takerAmount, makerAmount] : [makerAmount, takerAmount];
  return { makerAmount, takerAmount, shares: baseUnitsToDecimal(sharesUnits), notional: baseUnitsToDecimal(usdUnits) };
}
