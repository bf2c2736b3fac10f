/**
 * Service positions → PositionView, with the order book's live midpoint laid over the service's
 * price where the market is open, and the totals of a portfolio. Unavailable numbers stay null
 * and are left out of sums rather than counted as zero.
 */
import type { ClosedPositionRow, PositionRow } from '../../../shared/protocol/analytics';
import type { ClosedPositionView, PortfolioTotals, PositionView, WalletRef } from '../../../shared/portfolioViews';
import { decimalOrNull, microToDecimal, percentOf, toMicro } from './money';

export function toPositionView(wallet: WalletRef, row: PositionRow, midpoint: number | undefined): PositionView {
  const live = row.tradable && !row.redeemable && midpoint !== undefined;
  const curPrice = live ? midpoint : row.cur_price;
  const currentValue = live ? row.size * midpoint : row.current_value;
  const cashPnl = currentValue !== null && row.initial_value !== null ? currentValue - row.initial_value : row.cash_pnl;
  const percentPnl = live
    ? cashPnl !== null && row.initial_value ? percentOf(cashPnl, row.initial_value) : null
    : row.percent_pnl === null ? null : row.percent_pnl.toFixed(2);
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
    initialValue: decimalOrNull(row.initial_value),
    currentValue: decimalOrNull(currentValue),
    cashPnl: decimalOrNull(cashPnl),
    percentPnl,
    curPrice: decimalOrNull(curPrice),
    priceSource: live ? 'book' : row.cur_price === null ? null : 'analytics',
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

const micro = (value: string | null) => (value === null ? 0 : toMicro(Number(value)));

export function totalsOf(positions: readonly PositionView[], perpsEquity: string | null = null): PortfolioTotals {
  let value = 0;
  let initial = 0;
  let pnl = 0;
  let redeemable = 0;
  let basisOfPnl = 0;
  for (const p of positions) {
    value += micro(p.currentValue);
    if (p.redeemable) redeemable += micro(p.currentValue);
    if (p.initialValue !== null) initial += micro(p.initialValue);
    // Percent P&L over the positions that have both a cost basis and a value.
    if (p.cashPnl !== null && p.initialValue !== null) {
      pnl += micro(p.cashPnl);
      basisOfPnl += micro(p.initialValue);
    }
  }
  return {
    positions: positions.length,
    value: microToDecimal(value),
    initialValue: microToDecimal(initial),
    cashPnl: microToDecimal(pnl),
    percentPnl: basisOfPnl === 0 ? null : percentOf(pnl, basisOfPnl),
    redeemableValue: microToDecimal(redeemable),
    perpsEquity,
  };
}
