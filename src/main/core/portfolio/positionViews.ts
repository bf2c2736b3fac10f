/**
 * Service positions → PositionView, with the order book's live midpoint laid over the service's
 * price where the market is open. Value, cost and P&L are whole cents; a position without a price
 * says why. Unavailable numbers stay null, never zero (portfolioFigures.ts counts them apart).
 */
import type { ClosedPositionRow, PositionRow } from '../../../shared/protocol/analytics';
import { centsText, percentText, toCents } from '../../../shared/portfolioFigures';
import type { ClosedPositionView, PositionView, WalletRef } from '../../../shared/portfolioViews';
import { decimalOrNull, microToDecimal, toMicro } from './money';

/** Why a position has no price, in words a trader reads on the row. */
function unpricedReason(row: PositionRow): string {
  if (row.redeemable) return 'No price: the market resolved, but the service has not reported what the outcome pays.';
  if (row.tradable) return 'No price: the order book has no bids, no asks and no trades for this outcome.';
  return 'No price: the market is not trading (it has no order book), and the service has no price for it.';
}

export function toPositionView(wallet: WalletRef, row: PositionRow, midpoint: number | undefined): PositionView {
  const live = row.tradable && !row.redeemable && midpoint !== undefined;
  const curPrice = live ? midpoint : row.cur_price;
  // Whole cents, rounded once per row: the totals are sums of exactly these (portfolioFigures.ts).
  const value = curPrice === null ? null : toCents(row.size * curPrice);
  const cost = row.initial_value === null ? null : toCents(row.initial_value);
  const pnl = value !== null && cost !== null ? value - cost : null;
  return {
    wallet,
    conditionId: row.condition_id,
    tokenId: row.token_id,
    marketId: row.market_id,
    eventId: row.event_id,
    eventSlug: row.event_slug,
    title: row.title,
    outcome: row.outcome,
    outcomeIndex: row.outcome_index,
    size: microToDecimal(toMicro(row.size)),
    avgPrice: decimalOrNull(row.avg_price),
    initialValue: cost === null ? null : centsText(cost),
    currentValue: value === null ? null : centsText(value),
    cashPnl: pnl === null ? null : centsText(pnl),
    percentPnl: pnl === null || cost === null ? null : percentText(pnl, cost),
    curPrice: decimalOrNull(curPrice),
    priceSource: live ? 'book' : row.cur_price === null ? null : 'analytics',
    unpricedReason: curPrice === null ? unpricedReason(row) : null,
    redeemable: row.redeemable,
    tradable: row.tradable,
  };
}

export function toClosedPositionView(wallet: WalletRef, row: ClosedPositionRow): ClosedPositionView {
  return {
    wallet,
    conditionId: row.condition_id,
    tokenId: row.token_id,
    eventSlug: row.event_slug,
    title: row.title,
    outcome: row.outcome,
    outcomeIndex: row.outcome_index,
    avgPrice: decimalOrNull(row.avg_price),
    totalBought: microToDecimal(toMicro(row.total_bought)),
    realizedPnl: decimalOrNull(row.realized_pnl),
    closedAt: row.closed_at,
  };
}

