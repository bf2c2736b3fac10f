/**
 * The ticket's inputs as the `OrderTicket` main checks and signs — or what is missing before it
 * can be asked. Only the shape is checked here (a price, a size, an expiry); whether the exchange
 * would take the order is `previewOrder`'s answer.
 */
import type { OrderTicket } from '../../../../shared/tradingViews';
import { formatDateTimeInput, parseDateTimeInput } from '../../../lib/format';
import { postOnlyAllowed, usdAllowed, type TicketInputs } from '../../../stores/ticketStore';

const DECIMAL = /^\d{1,12}(\.\d{1,8})?$/;

export interface TicketDraft {
  ticket: OrderTicket | null;
  /** What the user still has to fill in, in words. */
  missing: string | null;
  /** Identifies the ticket, so a preview is only trusted for the exact ticket it priced. */
  key: string;
}

export function draftTicket(inputs: TicketInputs, tokenId: string): TicketDraft {
  const price = inputs.price.trim();
  if (price === '') return { ticket: null, missing: 'Enter a limit price.', key: '' };
  if (!DECIMAL.test(price)) return { ticket: null, missing: 'The price must be a decimal number like 0.45.', key: '' };
  const inUsd = inputs.unit === 'usd' && usdAllowed(inputs);
  const quantity = (inUsd ? inputs.amount : inputs.size).trim();
  if (quantity === '') return { ticket: null, missing: inUsd ? 'Enter an amount in USD.' : 'Enter a size in shares.', key: '' };
  if (!DECIMAL.test(quantity)) {
    return { ticket: null, missing: inUsd ? 'The amount must be a decimal number like 25.' : 'The size must be a decimal number like 10.', key: '' };
  }
  let expiration: number | undefined;
  if (inputs.orderType === 'GTD') {
    // The field shows the user's time zone (Settings), like every time on screen.
    const at = inputs.expiry ? parseDateTimeInput(inputs.expiry) : Number.NaN;
    if (!Number.isFinite(at)) return { ticket: null, missing: 'Choose when the GTD order expires.', key: '' };
    expiration = Math.floor(at / 1000);
  }
  const ticket: OrderTicket = {
    tokenId,
    side: inputs.side,
    orderType: inputs.orderType,
    price,
    ...(inUsd ? { amount: quantity } : { size: quantity }),
    ...(expiration !== undefined ? { expiration } : {}),
    ...(inputs.postOnly && postOnlyAllowed(inputs.orderType) ? { postOnly: true } : {}),
  };
  return { ticket, missing: null, key: ticketKey(ticket) };
}

export const ticketKey = (ticket: OrderTicket): string =>
  [ticket.tokenId, ticket.side, ticket.orderType, ticket.price, ticket.size ?? '', ticket.amount ?? '', ticket.expiration ?? '', ticket.postOnly ? 'P' : ''].join('|');

/** A `datetime-local` value `minutes` from now in the user's time zone, the GTD expiry a new ticket suggests. */
export function expiryFromNow(minutes: number): string {
  return formatDateTimeInput(Date.now() + minutes * 60_000);
}
