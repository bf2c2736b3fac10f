/**
 * What an order will do, and did, in the trader's words — per order type, because "rests on
 * the book" is only true of GTC and GTD: a FOK fills whole now or is cancelled whole, a FAK
 * fills what it can now and cancels the rest. Exact decimals; the caller formats for display.
 */
import { formatDecimal, parseDecimal, tryParseDecimal } from '../../../../shared/decimal';
import type { OrderPreview, PlacedOrder } from '../../../../shared/tradingViews';
import { formatSize, formatUsd } from '../../../lib/format';

const ONE = parseDecimal('1');
/** One base unit of the exchange (10^-6): rounding slack when USD budgets are compared. */
const SLACK = parseDecimal('0.000001');

export type BookEffect = 'takes' | 'adds' | 'partly' | 'cancelled';

export interface PreviewEffect {
  effect: BookEffect;
  text: string;
}

const sh = (units: bigint) => `${formatSize(formatDecimal(units))} sh`;
const usd = (units: bigint) => `$${formatUsd(formatDecimal(units))}`;

/** How much of the ticket the book fills now: in shares, or for a market BUY by amount, in USD. */
function fillNow(preview: OrderPreview): { wanted: bigint; now: bigint; show: (units: bigint) => string } {
  const fillable = tryParseDecimal(preview.estimate.fillableShares) ?? 0n;
  if (preview.ticket.amount !== undefined) {
    const average = tryParseDecimal(preview.estimate.averagePrice ?? '') ?? 0n;
    const wanted = parseDecimal(preview.ticket.amount);
    const spent = (fillable * average) / ONE;
    return { wanted, now: spent + SLACK >= wanted ? wanted : spent, show: usd };
  }
  return { wanted: tryParseDecimal(preview.shares) ?? 0n, now: fillable, show: sh };
}

export function previewEffect(preview: OrderPreview): PreviewEffect {
  const { wanted, now, show } = fillNow(preview);
  const whole = wanted > 0n && now >= wanted;
  const rest = wanted > now ? wanted - now : 0n;
  switch (preview.ticket.orderType) {
    case 'FOK':
      return whole
        ? { effect: 'takes', text: `Fills now against the book, all ${show(wanted)} — or, if the book moves first, the whole order is cancelled.` }
        : { effect: 'cancelled', text: `The book cannot fill all ${show(wanted)} now: the whole order would be cancelled.` };
    case 'FAK':
      if (whole) return { effect: 'takes', text: `Fills now against the book, all ${show(wanted)}; whatever does not fill is cancelled.` };
      if (now > 0n) return { effect: 'partly', text: `Fills ${show(now)} now; the other ${show(rest)} would be cancelled.` };
      return { effect: 'cancelled', text: 'Nothing fills at this price now: the whole order would be cancelled.' };
    default:
      if (whole) return { effect: 'takes', text: 'Crosses the book: fills now, takes liquidity.' };
      if (now > 0n) return { effect: 'partly', text: `Fills ${show(now)} now (takes liquidity); the other ${show(rest)} rest on the book.` };
      return { effect: 'adds', text: 'Rests on the book — adds liquidity.' };
  }
}

/**
 * After the exchange answered: how much filled and what became of the rest ("6.00 of 10.00 sh
 * filled; 4.00 sh cancelled"), or null when there is nothing to say beyond the status.
 */
export function placedFillText(placed: PlacedOrder): string | null {
  if (!placed.success) return null;
  const { ticket } = placed;
  const byAmount = ticket.amount !== undefined;
  const filledText = byAmount ? placed.makingAmount : ticket.side === 'BUY' ? placed.takingAmount : placed.makingAmount;
  const filled = tryParseDecimal(filledText) ?? 0n;
  const ordered = tryParseDecimal(byAmount ? (ticket.amount ?? '') : (ticket.size ?? '')) ?? 0n;
  const show = byAmount ? usd : sh;
  const rest = ordered > filled + (byAmount ? SLACK : 0n) ? ordered - filled : 0n;
  if (ordered === 0n) return null;
  const took = `${show(filled)} of ${show(ordered)} filled`;
  if (ticket.orderType === 'FOK' || ticket.orderType === 'FAK') {
    if (filled === 0n) return `Nothing filled; the whole order (${show(ordered)}) was cancelled.`;
    return rest > 0n ? `${took}; the other ${show(rest)} ${byAmount ? 'was' : 'were'} cancelled.` : `All ${show(ordered)} filled.`;
  }
  if (filled === 0n) return null;
  return rest > 0n ? `${took} now; the other ${show(rest)} rest on the book.` : `All ${show(ordered)} filled now.`;
}
