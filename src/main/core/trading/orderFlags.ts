/**
 * The post-only flag of the orders this app placed. The exchange's order rows carry no such
 * field, so an amend (cancel and replace) could only guess it; main remembers it from the ticket
 * of every accepted placement instead, for the session (bounded: the oldest are forgotten).
 * An order placed elsewhere, or before a restart, is "not known" (null), and says so.
 */
import type { PlacedOrder } from '../../../shared/tradingViews';

/** Far above the open orders one session places; a quote-grid day is hundreds. */
const MAX_REMEMBERED = 20_000;

export class OrderFlags {
  private readonly postOnly = new Map<string, boolean>();

  /** Remembers the flag of each accepted order. */
  record(placed: readonly PlacedOrder[]): void {
    for (const order of placed) {
      if (!order.success || order.orderId === '') continue;
      this.postOnly.delete(order.orderId);
      this.postOnly.set(order.orderId, order.ticket.postOnly === true);
    }
    for (const oldest of this.postOnly.keys()) {
      if (this.postOnly.size <= MAX_REMEMBERED) break;
      this.postOnly.delete(oldest);
    }
  }

  /** Whether the order was placed post-only; null when this app did not place it this session. */
  postOnlyOf(orderId: string): boolean | null {
    return this.postOnly.get(orderId) ?? null;
  }
}
