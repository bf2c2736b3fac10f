/**
 * What the exchange would reject, checked before anything is signed, each as a sentence the
 * ticket shows inline. The exchange still has the last word; this saves a round trip and a
 * signature, and explains the refusal in the user's terms. Figures stay figures (shared/sentence)
 * so the page shows them in the user's price style and clock.
 */
import { formatDecimal, parseDecimal, tryParseDecimal } from '../../../shared/decimal';
import { moment, price as priceFigure, sentence, shares as sharesFigure, usd, words, type Sentence } from '../../../shared/sentence';
import type { OrderTicket } from '../../../shared/tradingViews';
import type { ModeSnapshot } from './exchangeModeTracker';

export interface TicketContext {
  tickSize: string;
  minOrderSize: string;
  mode: ModeSnapshot;
  /** Shares the order is for (computed from size, or from amount ÷ price for a market BUY). */
  shares: string;
  /** USD the order commits (BUY) — compared with the available collateral. */
  notional: string;
  /**
   * Collateral (BUY) or shares of the token (SELL) left after what open orders hold — the
   * exchange checks a new order against this, not the whole balance; null when unknown.
   */
  available: string | null;
  /** What the account's open orders hold of the same asset, to say why less is available. */
  inOrders?: string;
  now: number;
}

const decimalsOf = (text: string) => (text.split('.')[1] ?? '').length;

export function ticketProblems(ticket: OrderTicket, context: TicketContext): Sentence[] {
  const problems: Sentence[] = [];
  const tick = tryParseDecimal(context.tickSize);
  const price = tryParseDecimal(ticket.price);
  if (tick === null || tick <= 0n) return [words('The market has no valid tick size.')];
  if (price === null) return [words('The price is not a number.')];
  const one = parseDecimal('1');
  const onTick = (value: string) => priceFigure(value, context.tickSize);
  if (price < tick || price > one - tick) {
    problems.push(sentence`The price must be between ${onTick(context.tickSize)} and ${onTick(formatDecimal(one - tick))}.`);
  } else if (price % tick !== 0n) {
    problems.push(sentence`The price must be a multiple of the tick size ${onTick(context.tickSize)}.`);
  }
  if (ticket.size !== undefined && decimalsOf(ticket.size) > 2) problems.push(words('The size can have at most 2 decimals.'));
  if (ticket.amount !== undefined && decimalsOf(ticket.amount) > 4) problems.push(words('The amount can have at most 4 decimals (cents and fractions of a cent).'));
  const shares = tryParseDecimal(context.shares) ?? 0n;
  const minimum = tryParseDecimal(context.minOrderSize) ?? 0n;
  if (shares <= 0n) problems.push(words('The order is for no shares.'));
  else if (shares < minimum) problems.push(sentence`The size ${sharesFigure(context.shares)} is below the market's minimum of ${sharesFigure(context.minOrderSize)} shares.`);
  if (ticket.orderType === 'GTD' && (ticket.expiration ?? 0) * 1000 <= context.now + 60_000) {
    problems.push(words('A GTD order must expire at least a minute from now.'));
  }
  if (context.available !== null) {
    const needed = ticket.side === 'BUY' ? context.notional : context.shares;
    if (parseDecimal(needed) > parseDecimal(context.available)) problems.push(shortfall(ticket, needed, context.available, context.inOrders));
  }
  problems.push(...modeProblems(ticket, context.mode));
  return problems;
}

/** "Not enough shares: the order sells 10, 5 are available (5 more are held by your open sell orders)." */
function shortfall(ticket: OrderTicket, needed: string, available: string, inOrders = '0'): Sentence {
  const held = parseDecimal(inOrders) > 0n;
  if (ticket.side === 'BUY') {
    const tail = held ? sentence` (${usd(inOrders)} more is held by your open bids)` : '';
    return sentence`Not enough USD: the order needs ${usd(needed)}, ${usd(available)} is available${tail}.`;
  }
  const tail = held ? sentence` (${sharesFigure(inOrders)} more are held by your open sell orders)` : '';
  return sentence`Not enough shares: the order sells ${sharesFigure(needed)}, ${sharesFigure(available)} are available${tail}.`;
}

function modeProblems(ticket: OrderTicket, mode: ModeSnapshot): Sentence[] {
  if (mode.banned) return [words('This address is banned from trading on the exchange.')];
  if (mode.closedOnly) return [words('This address is in closed-only mode: the exchange refuses new orders from it.')];
  const until = mode.retryAt ? sentence` until about ${moment(mode.retryAt)}` : '';
  switch (mode.mode) {
    case 'trading-disabled':
      return [words('Trading is disabled on the exchange right now.')];
    case 'cancel-only':
      return [words('The exchange is in cancel-only mode: new orders are refused, cancels work.')];
    case 'restarting':
      return [sentence`The matching engine is restarting${until}.`];
    case 'post-only':
      return ticket.postOnly ? [] : [sentence`The exchange accepts only post-only orders${until}: tick "post-only" (GTC or GTD).`];
    default:
      return [];
  }
}
