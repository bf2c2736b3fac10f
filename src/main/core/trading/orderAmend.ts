/**
 * Amending a working order: the exchange has no amend, so it is a cancel followed by a new order,
 * reported as one action with both answers. The order is never cancelled for a replacement that
 * is already known to fail: the replacement is checked first (tick, minimum size, exchange mode,
 * post-only crossing), and only a shortage of funds is left for after the cancel, because the
 * cancel itself frees what the old order held. If the replacement is refused after all, the
 * result says plainly that no order is working and carries the old one, ready to be put back.
 */
import { formatDecimal, parseDecimal, tryParseDecimal } from '../../../shared/decimal';
import { price, sentence, shares, withoutFullStop, words, type Sentence } from '../../../shared/sentence';
import type { AmendRequest, AmendResult, OpenOrderView, OrderTicket, PlacedOrder } from '../../../shared/tradingViews';
import { CoreError } from '../coreError';
import { saidWith, ticketSentence } from './placedOrders';

export interface AmendPorts {
  /** The order as the exchange has it now; null when it does not know it. */
  readOrder: (orderId: string) => Promise<OpenOrderView | null>;
  /** The order's post-only flag as main remembers it (orderFlags.ts); null when not known. */
  postOnlyOf?: (orderId: string) => boolean | null;
  /** Why the exchange would refuse this ticket, as the ticket checks say it (empty: none). */
  problems: (ticket: OrderTicket) => Promise<Sentence[]>;
  /** risk: the limit the replacement would cross, the replaced order no longer counting (null: none). */
  riskLimit?: (ticket: OrderTicket) => Promise<string | null>;
  /** Main's own question about the replacement, where main asks (rejects when the user says no). */
  confirm: (ticket: OrderTicket) => Promise<void>;
  cancel: (orderId: string) => Promise<{ canceled: string[]; notCanceled: Record<string, string> }>;
  /** Places the replacement, already confirmed. */
  place: (ticket: OrderTicket) => Promise<PlacedOrder>;
}

/** The balance checks' sentences (ticketChecks): the one problem a cancel can cure. */
export const isFundsProblem = (problem: Sentence): boolean => /^Not enough (USD|shares)\b/.test(problem.text);

const shortId = (id: string) => (id.length > 14 ? `${id.slice(0, 8)}…${id.slice(-4)}` : id);

/** Shares still open: original minus matched, exactly. */
function openShares(order: OpenOrderView): bigint {
  const original = tryParseDecimal(order.originalSize) ?? 0n;
  const matched = tryParseDecimal(order.sizeMatched || '0') ?? 0n;
  return original > matched ? original - matched : 0n;
}

const isWorking = (order: OpenOrderView): boolean => /^(live|open)$/i.test(order.status) && openShares(order) > 0n;

/** The ticket that would place `order`'s open part again, as it is (its post-only flag where known). */
export function ticketOfOpenPart(order: OpenOrderView, postOnly: boolean | null = order.postOnly ?? null): OrderTicket {
  const gtd = order.orderType.toUpperCase() === 'GTD' && order.expiration > 0;
  return {
    tokenId: order.assetId,
    side: order.side,
    orderType: gtd ? 'GTD' : 'GTC',
    price: order.price,
    size: formatDecimal(openShares(order)),
    ...(gtd ? { expiration: order.expiration } : {}),
    ...(postOnly ? { postOnly: true } : {}),
  };
}

export async function amendOrder(ports: AmendPorts, request: AmendRequest): Promise<AmendResult> {
  const order = await ports.readOrder(request.orderId);
  if (order === null || !isWorking(order)) {
    const why = order === null ? 'the exchange does not know it' : `it is ${order.status.toLowerCase() || 'closed'}${openShares(order) === 0n ? ' with nothing left open' : ''}`;
    throw new CoreError('not_found', `Order ${shortId(request.orderId)} is no longer working (${why}): nothing was changed.`);
  }
  // The replacement keeps the order's own flag unless the request says otherwise.
  const known = order.postOnly ?? ports.postOnlyOf?.(order.id) ?? null;
  const previous = ticketOfOpenPart(order, known);
  const postOnly = request.postOnly ?? known ?? false;
  const { postOnly: _kept, ...terms } = previous;
  const replacement: OrderTicket = {
    ...terms,
    price: request.price ?? previous.price,
    size: request.size ?? previous.size!,
    ...(postOnly ? { postOnly: true } : {}),
  };
  const sameFlag = postOnly === (known ?? false);
  if (sameFlag && parseDecimal(replacement.price) === parseDecimal(previous.price) && parseDecimal(replacement.size!) === parseDecimal(previous.size!)) {
    throw new CoreError('invalid_input', sentence`Nothing to change: order ${shortId(order.id)} already rests for ${shares(previous.size!)} shares at ${price(previous.price)}.`);
  }
  const blocking = (await ports.problems(replacement)).filter((problem) => !isFundsProblem(problem));
  if (blocking.length > 0) {
    throw new CoreError('invalid_input', sentence`Order ${shortId(order.id)} was not changed: ${ticketSentence(replacement)} would be refused. ${blocking}`);
  }
  // The replacement counts as a new order and the old one no longer does: checked before the cancel.
  const limit = (await ports.riskLimit?.(replacement)) ?? null;
  if (limit) throw new CoreError('risk_limit', `Order ${shortId(order.id)} was not changed: ${limit} Nothing was cancelled or signed.`);
  await ports.confirm(replacement);

  let cancelled: { canceled: string[]; notCanceled: Record<string, string> };
  try {
    cancelled = await ports.cancel(order.id);
  } catch (error) {
    const failure = error instanceof Error ? error.message : 'no answer';
    throw new CoreError(
      error instanceof CoreError ? error.code : 'network',
      `Order ${shortId(order.id)} was not changed: cancelling it failed (${failure}). Nothing new was placed; its row in open orders shows whether it still works.`,
      { retryable: error instanceof CoreError ? error.retryable : false, cause: error },
    );
  }
  const base = { orderId: order.id, previous };
  if (!cancelled.canceled.includes(order.id)) {
    const reason = cancelled.notCanceled[order.id] ?? 'no reason given';
    return {
      ...base,
      replacement,
      state: 'not-cancelled',
      cancel: { canceled: false, reason },
      placed: null,
      ...saidWith(sentence`Order ${shortId(order.id)} was not changed: the exchange did not cancel it (${reason}), so no replacement was placed.`),
    };
  }

  // Part of the old order may have filled between reading it and cancelling it: a replacement
  // that only moves the price rests for what was still open at the cancel, not more.
  const sized = request.size === undefined ? await resizedToOpenPartAtCancel(ports, order.id, replacement) : replacement;
  const cancel = { canceled: true, reason: null };
  let placed: PlacedOrder;
  try {
    placed = await ports.place(sized);
  } catch (error) {
    return refusedAfterCancel(base, sized, cancel, null, words(error instanceof Error ? error.message : 'no answer'));
  }
  if (!placed.success) return refusedAfterCancel(base, sized, cancel, placed, { text: placed.message, parts: placed.parts ?? [placed.message] });
  return {
    ...base,
    replacement: sized,
    state: 'amended',
    cancel,
    placed,
    ...saidWith(sentence`Amended: order ${shortId(order.id)} was cancelled and ${ticketSentence(sized)} placed${placed.status ? ` (${placed.status.toLowerCase()})` : ''}.`),
  };
}

async function resizedToOpenPartAtCancel(ports: AmendPorts, orderId: string, replacement: OrderTicket): Promise<OrderTicket> {
  const after = await ports.readOrder(orderId).catch(() => null);
  if (after === null) return replacement;
  const left = openShares(after);
  return left > 0n && left < parseDecimal(replacement.size!) ? { ...replacement, size: formatDecimal(left) } : replacement;
}

function refusedAfterCancel(
  base: { orderId: string; previous: OrderTicket },
  replacement: OrderTicket,
  cancel: AmendResult['cancel'],
  placed: PlacedOrder | null,
  reason: Sentence,
): AmendResult {
  return {
    ...base,
    replacement,
    state: 'replacement-refused',
    cancel,
    placed,
    ...saidWith(sentence`Order ${shortId(base.orderId)} was cancelled, but its replacement was not placed: ${withoutFullStop(reason)}. No order is working in its place now.`),
  };
}
