/** The exchange's answer to each order, as a result that names the order in a sentence. */
import type { PostOrderResponse } from '../../../shared/orders/orderSchema';
import { price, sentence, shares, usd, type Sentence, type SentencePart } from '../../../shared/sentence';
import type { OrderTicket, PlacedOrder } from '../../../shared/tradingViews';
import type { CoreError } from '../coreError';
import { DELAYED_ORDER_SENTENCE, exchangeSentence } from './exchangeSentences';

/**
 * "BUY 10 shares at 0.45 (GTC)", its figures kept for the page (and main's own question) to
 * format; `tickSize`: the market's, when known, so the price shows its tick's digits.
 */
export function ticketSentence(ticket: OrderTicket, tickSize?: string): Sentence {
  const quantity = ticket.amount !== undefined ? sentence`${usd(ticket.amount)}` : sentence`${shares(ticket.size ?? '0')} shares`;
  const flags = ticket.postOnly ? ', post-only' : '';
  return sentence`${ticket.side} ${quantity} at ${price(ticket.price, tickSize)} (${ticket.orderType}${flags})`;
}

/** `order timed out`: the deadline passed before processing, so the order never reached the book. */
const isTimeout = (message: string) => /order timed out/i.test(message);

/** The refusal as a sentence naming the order, with the exchange's own words after it. */
function refusal(ticket: OrderTicket, said: string): Sentence {
  const plain = exchangeSentence(said);
  return plain ? sentence`${ticketSentence(ticket)} was refused: ${plain} (The exchange said “${said}”.)` : sentence`${ticketSentence(ticket)} was refused: ${said}.`;
}

/** A result's sentence: its text for logs, its parts for the page. */
export const saidWith = (whole: Sentence): { message: string; parts: SentencePart[] } => ({ message: whole.text, parts: whole.parts });

export function placedFromAnswer(ticket: OrderTicket, answer: PostOrderResponse | undefined): PlacedOrder {
  if (!answer) return placedFromMessage(ticket, 'The exchange sent no answer for this order.');
  const errorMsg = typeof answer.errorMsg === 'string' ? answer.errorMsg : '';
  // In post-only mode a refused order comes back with success still true and errorMsg set.
  const success = answer.success === true && errorMsg === '';
  const status = String(answer.status ?? '');
  return {
    ticket,
    success,
    orderId: String(answer.orderID ?? ''),
    status,
    ...(success ? { message: status === 'delayed' ? DELAYED_ORDER_SENTENCE : '' } : saidWith(refusal(ticket, errorMsg || 'no reason given'))),
    makingAmount: String(answer.makingAmount ?? ''),
    takingAmount: String(answer.takingAmount ?? ''),
    tradeIds: Array.isArray(answer.tradeIDs) ? answer.tradeIDs.map(String) : [],
    resubmittable: isTimeout(errorMsg),
  };
}

export function placedFromError(ticket: OrderTicket, error: CoreError): PlacedOrder {
  return placedFromMessage(ticket, error.service.message ?? error.message);
}

function placedFromMessage(ticket: OrderTicket, said: string): PlacedOrder {
  return {
    ticket,
    success: false,
    orderId: '',
    status: '',
    ...saidWith(refusal(ticket, said)),
    makingAmount: '',
    takingAmount: '',
    tradeIds: [],
    resubmittable: isTimeout(said),
  };
}
