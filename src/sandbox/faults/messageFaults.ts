/**
 * The `message` fault kind: one of the order-book service's documented answers that the sandbox
 * has no other way to produce on demand (spec "Order processing" and "Credentials"). Two sorts:
 *
 * - order variants act inside `POST /order` and `POST /orders`, on every order of the faulted
 *   request, after its signature is checked (so `{id}` is the order's real hash) and before it
 *   touches the book: the order is refused with the message (inside the 200 array for a batch),
 *   or — `delayed` — accepted with status `delayed` and matched `delayMs` later. A rule with an
 *   order variant must name `service: "clob"`, `method: "POST"` and the path `/order` or `/orders`.
 * - request variants answer the request itself with the message, before any route runs.
 */
import { reply, type Reply } from '../http/reply';
import { TRADING_MESSAGES } from '../trading/tradingMessages';

interface OrderVariant {
  scope: 'order';
  status: number;
  /** The message for the order with this id; null for `delayed` (accepted, not refused). */
  message: ((orderId: string) => string) | null;
}

interface RequestVariant {
  scope: 'request';
  status: number;
  message: string;
}

export const MESSAGE_VARIANTS: Readonly<Record<string, OrderVariant | RequestVariant>> = {
  'crosses-book': { scope: 'order', status: 400, message: TRADING_MESSAGES.crossesBook },
  'canceled-in-contract': { scope: 'order', status: 400, message: () => TRADING_MESSAGES.canceledInContract },
  'match-delayed': { scope: 'order', status: 400, message: () => TRADING_MESSAGES.matchDelayed },
  delayed: { scope: 'order', status: 200, message: null },
  'timed-out': { scope: 'order', status: 500, message: () => TRADING_MESSAGES.orderTimedOut },
  'no-matching-orders': { scope: 'order', status: 500, message: () => TRADING_MESSAGES.noMatchingOrders },
  'fok-killed': { scope: 'order', status: 500, message: () => TRADING_MESSAGES.fokKilled },
  'rounding-issues': { scope: 'order', status: 500, message: () => TRADING_MESSAGES.roundingIssues },
  'price-discrepancy': { scope: 'order', status: 500, message: () => TRADING_MESSAGES.priceDiscrepancy },
  'api-keys': { scope: 'request', status: 500, message: 'Could not retrieve API keys' },
  'delete-api-key': { scope: 'request', status: 500, message: 'Could not delete API key' },
  'internal-error': { scope: 'request', status: 500, message: 'Internal server error' },
};

export const MESSAGE_VARIANT_NAMES = Object.keys(MESSAGE_VARIANTS);

/** Why a `message` rule cannot stand as given, or null. */
export function messageRuleProblem(variant: unknown, service: unknown, method: unknown, pathPattern: string): string | null {
  if (typeof variant !== 'string' || !(variant in MESSAGE_VARIANTS)) return `kind message needs a variant, one of ${MESSAGE_VARIANT_NAMES.join(', ')}`;
  if (service !== 'clob') return 'kind message applies to service clob only';
  const chosen = MESSAGE_VARIANTS[variant] as OrderVariant | RequestVariant;
  if (chosen.scope === 'order' && (typeof method !== 'string' || method.toUpperCase() !== 'POST' || (pathPattern !== '/order' && pathPattern !== '/orders'))) {
    return `variant ${variant} acts on orders: give method POST and pathPattern /order or /orders`;
  }
  return null;
}

export const isOrderVariant = (variant: string | null): boolean => variant !== null && MESSAGE_VARIANTS[variant]?.scope === 'order';

/** The answer of a request variant, in the order book's `{error}` body. */
export function requestMessageReply(variant: string): Reply {
  const chosen = MESSAGE_VARIANTS[variant] as RequestVariant;
  return reply(chosen.status, { error: chosen.message });
}

/** What an order variant does to one order: refuse it, or accept it as delayed. */
export type OrderFaultEffect = { kind: 'refuse'; status: number; message: string } | { kind: 'delay' };

export function orderFaultEffect(variant: string, orderId: string): OrderFaultEffect {
  const chosen = MESSAGE_VARIANTS[variant] as OrderVariant;
  return chosen.message === null ? { kind: 'delay' } : { kind: 'refuse', status: chosen.status, message: chosen.message(orderId) };
}
