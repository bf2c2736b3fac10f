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

/** One level of a grid as its funds check needs it. */
export interface GridLevel {
  ticket: OrderTicket;
  shares: string;
  notional: string;
  /** What the level may use on its own (USD for a BUY, the outcome's shares for a SELL); null: unknown. */
  available: string | null;
  problems: readonly Sentence[];
}

/**
 * The levels of a grid draw on the same funds: each is checked after what the levels before it
 * commit (BUYs share the USD, SELLs of one outcome its shares). A level already refused for its
 * own shortfall is not named twice. Returns the extra problem per level index.
 */
export function gridShortfalls(levels: readonly GridLevel[]): Map<number, Sentence> {
  const committed = new Map<string, bigint>();
  const problems = new Map<number, Sentence>();
  levels.forEach((level, index) => {
    if (level.available === null) return;
    const buy = level.ticket.side === 'BUY';
    const pool = buy ? 'usd' : `shares:${level.ticket.tokenId}`;
    const needed = tryParseDecimal(buy ? level.notional : level.shares) ?? 0n;
    const before = committed.get(pool) ?? 0n;
    committed.set(pool, before + needed);
    const available = tryParseDecimal(level.available) ?? 0n;
    if (before + needed <= available || before === 0n || level.problems.some((p) => /^Not enough (USD|shares)\b/.test(p.text))) return;
    const left = available > before ? available - before : 0n;
    problems.set(
      index,
      buy
        ? sentence`Not enough USD for this level: the levels before it commit ${usd(formatDecimal(before))} of the ${usd(level.available)} available, leaving ${usd(formatDecimal(left))}; it needs ${usd(level.notional)}.`
        : sentence`Not enough shares for this level: the levels before it sell ${sharesFigure(formatDecimal(before))} of the ${sharesFigure(level.available)} available, leaving ${sharesFigure(formatDecimal(left))}; it sells ${sharesFigure(level.shares)}.`,
    );
  });
  return problems;
}
