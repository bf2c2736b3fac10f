/**
 * An order POST whose answer was lost (timeout, reset connection) may or may not have reached
 * the book: sending it again could place it twice, and saying "failed" could hide a live order.
 * The client computed each order's hash before sending, and the exchange's order id is that
 * hash, so `GET /data/order/{hash}` settles it: found → the order was placed (with its status
 * now); "not found" → it never arrived and may be sent again; no answer either → the ticket
 * says the outcome is unknown and refuses to offer a resend until the open orders show it.
 */
import type { OrderTicket, PlacedOrder } from '../../../shared/tradingViews';
import type { StoredAccount } from '../accounts/accountRegistry';
import { CoreError } from '../coreError';
import type { AuthenticatedClob } from './authenticatedClob';
import { sentence } from '../../../shared/sentence';
import { saidWith, ticketSentence } from './placedOrders';

/** A failure that left the outcome unknown: the request may have been processed. */
export function answerWasLost(error: unknown): boolean {
  return error instanceof CoreError && error.status === undefined && (error.code === 'timeout' || error.code === 'network');
}

export async function reconcileLostOrder(clob: AuthenticatedClob, account: StoredAccount, ticket: OrderTicket, orderHash: string): Promise<PlacedOrder> {
  const base = { ticket, makingAmount: '', takingAmount: '', tradeIds: [] as string[] };
  const what = ticketSentence(ticket);
  try {
    const row = await clob.request<{ status?: unknown; size_matched?: unknown }>(account, { method: 'GET', path: `/data/order/${orderHash}` });
    const status = typeof row?.status === 'string' ? row.status : 'unknown';
    return {
      ...base,
      success: true,
      orderId: orderHash,
      status: status.toLowerCase(),
      ...saidWith(sentence`The answer to ${what} was lost, but the exchange has the order (${status.toLowerCase()}): it was placed once and is not sent again.`),
      resubmittable: false,
      reconciled: 'found',
    };
  } catch (error) {
    if (error instanceof CoreError && (error.status === 404 || (error.status === 400 && /not found/i.test(error.service.message ?? '')))) {
      return {
        ...base,
        success: false,
        orderId: '',
        status: '',
        ...saidWith(sentence`The answer to ${what} was lost and the exchange has no such order: it never reached the book and can be sent again.`),
        resubmittable: true,
        reconciled: 'absent',
      };
    }
    return {
      ...base,
      success: false,
      orderId: orderHash,
      status: '',
      ...saidWith(sentence`The answer to ${what} was lost and the exchange could not be asked whether it arrived (${error instanceof Error ? error.message : 'no answer'}). Check the open orders before sending it again.`),
      resubmittable: false,
      reconciled: 'unknown',
    };
  }
}
