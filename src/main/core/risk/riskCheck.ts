/**
 * The pre-trade check: a pure function of the limits, a snapshot of what the account has (open
 * orders, shares held, today's fills) and the orders about to be signed. A grid counts as a
 * whole — its orders are added one after another, and every order from the first that crosses a
 * limit is named. What each limit counts is written down in docs/decisions/40-risk-limits/.
 *
 * Orders that sell shares are never stopped by the position, daily-notional or loss limits:
 * on this exchange a SELL can only sell shares the account holds, so it only ever reduces a
 * position. The order-notional and open-order limits apply to every order.
 */
import type { OpenOrderView, OrderSide } from '../../../shared/tradingViews';
import { RISK_LIMIT_INFO, type RiskLimitKey, type RiskLimits } from '../../../shared/riskLimits';
import { isWorking, remainingShares } from '../trading/orderReservations';
import { limitFigure, times, units } from './riskFigures';

export interface RiskOrder {
  tokenId: string;
  side: OrderSide;
  /** Shares the order is for, decimal. */
  shares: string;
  /** USD it commits: what a BUY pays at most, what a SELL asks at its limit. */
  notional: string;
}

export interface RiskSnapshot {
  /** The account's open orders now (an amended order already left out). */
  openOrders: readonly OpenOrderView[];
  /** Shares held of each outcome token the orders buy. */
  heldShares: ReadonlyMap<string, string>;
  /** The price held shares are valued at, per token (the book's midpoint). */
  markPrice: ReadonlyMap<string, string>;
  /** USD of today's fills (UTC day), both sides. */
  tradedTodayUsd: string;
  /** Realised profit (+) or loss (−) of today's fills. */
  realisedTodayUsd: string;
  /**
   * Orders that passed this check and are not answered yet (awaiting a confirmation, being signed
   * or sent). Each counts as open, and a BUY as filled for the daily notional: two orders sent at
   * once must not both pass against the same figures.
   */
  inFlight?: readonly RiskOrder[];
}

/** What is being checked: one order, a quote grid, or an amend's replacement order. */
export type RiskSubject = 'order' | 'grid' | 'amend';

export interface RiskRefusal {
  limit: RiskLimitKey;
  /** Names the limit, its value and the order's figure (no "nothing was signed": callers add what applies). */
  sentence: string;
  /** Positions (0-based) of the orders that cross it. */
  crossing: number[];
}

export interface RiskScope {
  subject: RiskSubject;
  networkLabel: string;
}

/** Shares and USD of one outcome: held (at the mark) plus what open BUY orders would add (at their prices). */
export function positionOf(snapshot: RiskSnapshot, tokenId: string): { shares: bigint; usd: bigint } {
  const held = units(snapshot.heldShares.get(tokenId));
  let shares = held;
  let usd = times(held, units(snapshot.markPrice.get(tokenId)));
  for (const order of snapshot.openOrders) {
    if (order.assetId !== tokenId || order.side !== 'BUY' || !isWorking(order)) continue;
    const open = remainingShares(order);
    shares += open;
    usd += times(open, units(order.price));
  }
  for (const order of snapshot.inFlight ?? []) {
    if (order.tokenId !== tokenId || order.side !== 'BUY') continue;
    shares += units(order.shares);
    usd += units(order.notional);
  }
  return { shares, usd };
}

export const openOrderCount = (orders: readonly OpenOrderView[]): number => orders.filter((o) => isWorking(o) && remainingShares(o) > 0n).length;

/** The first limit the orders cross, in the order below, or null when they cross none. */
export function checkRiskLimits(limits: RiskLimits, snapshot: RiskSnapshot, orders: readonly RiskOrder[], scope: RiskScope): RiskRefusal | null {
  const checks: Array<[RiskLimitKey, (limit: bigint) => Omit<RiskRefusal, 'limit'> | null]> = [
    ['maxOrderNotionalUsd', (limit) => orderNotional(limit, orders, scope)],
    ['maxOpenOrders', (limit) => openOrders(limit, snapshot, orders, scope)],
    ['maxPositionShares', (limit) => position('maxPositionShares', limit, snapshot, orders, scope)],
    ['maxPositionUsd', (limit) => position('maxPositionUsd', limit, snapshot, orders, scope)],
    ['maxDailyNotionalUsd', (limit) => dailyNotional(limit, snapshot, orders, scope)],
    ['dailyLossStopUsd', (limit) => lossStop(limit, snapshot, orders, scope)],
  ];
  for (const [key, check] of checks) {
    const value = limits[key];
    const refusal = value === null ? null : check(units(value));
    if (refusal) return { limit: key, ...refusal };
  }
  return null;
}

const buys = (orders: readonly RiskOrder[]) => orders.flatMap((order, index) => (order.side === 'BUY' ? [{ order, index }] : []));

function orderNotional(limit: bigint, orders: readonly RiskOrder[], scope: RiskScope) {
  const crossing = orders.flatMap((order, index) => (units(order.notional) > limit ? [index] : []));
  if (crossing.length === 0) return null;
  const first = crossing[0]!;
  const figure = limitFigure('maxOrderNotionalUsd', units(orders[first]!.notional), limit);
  const above = `your ${RISK_LIMIT_INFO.maxOrderNotionalUsd.name} of ${limitFigure('maxOrderNotionalUsd', limit)} on ${scope.networkLabel}`;
  const sentence =
    scope.subject === 'grid'
      ? `Order ${first + 1} of this grid has a notional of ${figure}, above ${above}${gridCrossing(crossing, orders.length)}.`
      : `${subjectOf(scope)}'s notional ${figure} is above ${above}.`;
  return { sentence, crossing };
}

function openOrders(limit: bigint, snapshot: RiskSnapshot, orders: readonly RiskOrder[], scope: RiskScope) {
  const open = BigInt(openOrderCount(snapshot.openOrders) + (snapshot.inFlight?.length ?? 0));
  const crossing = orders.flatMap((_, index) => ((open + BigInt(index) + 1n) * ONE_UNIT > limit ? [index] : []));
  if (crossing.length === 0) return null;
  const total = (open + BigInt(orders.length)) * ONE_UNIT;
  return { sentence: wouldTake(scope, 'your open orders', 'maxOpenOrders', total, limit, crossing, orders.length), crossing };
}

function position(key: 'maxPositionShares' | 'maxPositionUsd', limit: bigint, snapshot: RiskSnapshot, orders: readonly RiskOrder[], scope: RiskScope) {
  const running = new Map<string, bigint>();
  const crossing: number[] = [];
  let crossedToken: string | null = null;
  for (const { order, index } of buys(orders)) {
    const before = running.get(order.tokenId) ?? figureOf(positionOf(snapshot, order.tokenId));
    const after = before + (key === 'maxPositionShares' ? units(order.shares) : units(order.notional));
    running.set(order.tokenId, after);
    if (after > limit) {
      crossing.push(index);
      crossedToken ??= order.tokenId;
    }
  }
  if (crossedToken === null) return null;
  return { sentence: wouldTake(scope, 'your position in this outcome (held and on open buy orders)', key, running.get(crossedToken)!, limit, crossing, orders.length), crossing };

  function figureOf(held: { shares: bigint; usd: bigint }): bigint {
    return key === 'maxPositionShares' ? held.shares : held.usd;
  }
}

function dailyNotional(limit: bigint, snapshot: RiskSnapshot, orders: readonly RiskOrder[], scope: RiskScope) {
  let running = units(snapshot.tradedTodayUsd);
  for (const { order } of buys(snapshot.inFlight ?? [])) running += units(order.notional);
  const crossing: number[] = [];
  for (const { order, index } of buys(orders)) {
    running += units(order.notional);
    if (running > limit) crossing.push(index);
  }
  if (crossing.length === 0) return null;
  return { sentence: wouldTake(scope, "today's traded notional (UTC day)", 'maxDailyNotionalUsd', running, limit, crossing, orders.length), crossing };
}

function lossStop(limit: bigint, snapshot: RiskSnapshot, orders: readonly RiskOrder[], scope: RiskScope) {
  const realised = units(snapshot.realisedTodayUsd);
  const loss = realised < 0n ? -realised : 0n;
  const crossing = buys(orders).map(({ index }) => index);
  if (loss < limit || crossing.length === 0) return null;
  const sentence =
    `Today's realised loss of ${limitFigure('dailyLossStopUsd', loss)} has reached your ${RISK_LIMIT_INFO.dailyLossStopUsd.name} of ` +
    `${limitFigure('dailyLossStopUsd', limit)} on ${scope.networkLabel}: until 00:00 UTC only orders that sell shares you hold are accepted` +
    `${scope.subject === 'grid' ? gridCrossing(crossing, orders.length, 'buy') : ''}.`;
  return { sentence, crossing };
}

/** One whole order, in the decimal units the figures use. */
const ONE_UNIT = units('1');

const subjectOf = (scope: RiskScope) => (scope.subject === 'order' ? 'This order' : scope.subject === 'grid' ? 'This grid' : 'the replacement order');

function wouldTake(scope: RiskScope, what: string, key: RiskLimitKey, figure: bigint, limit: bigint, crossing: number[], count: number): string {
  const subject = subjectOf(scope);
  const tail = scope.subject === 'grid' ? gridCrossing(crossing, count) : '';
  return `${subject} would take ${what} to ${limitFigure(key, figure, limit)}, above your ${RISK_LIMIT_INFO[key].name} of ${limitFigure(key, limit)} on ${scope.networkLabel}${tail}.`;
}

/** " (orders 13–15 of the 15 cross it)": which orders of a grid cross the limit. */
function gridCrossing(crossing: number[], count: number, verb: 'cross' | 'buy' = 'cross'): string {
  const one = crossing.length === 1;
  const action = verb === 'buy' ? (one ? 'buys' : 'buy') : one ? 'crosses it' : 'cross it';
  return ` (order${one ? '' : 's'} ${orderList(crossing)} of the ${count} ${action})`;
}

/** 1-based positions, runs of three or more as "a–b": "2, 5 and 9–15". */
export function orderList(indexes: readonly number[]): string {
  const parts: string[] = [];
  for (let i = 0; i < indexes.length; ) {
    let j = i;
    while (j + 1 < indexes.length && indexes[j + 1] === indexes[j]! + 1) j += 1;
    if (j - i >= 2) parts.push(`${indexes[i]! + 1}–${indexes[j]! + 1}`);
    else for (let k = i; k <= j; k += 1) parts.push(String(indexes[k]! + 1));
    i = j + 1;
  }
  return parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}
