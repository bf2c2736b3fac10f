/**
 * What an account's open orders hold back from its balances. The exchange reports the whole
 * balance on `/balance-allowance` (open orders not deducted) but checks each new order against
 * what is left after them: a resting SELL holds its unfilled shares of that token, a resting
 * BUY holds the USD of its unfilled shares at its limit price. The sandbox's paper ledger
 * reserves the same way (src/sandbox/trading/paperLedger.ts).
 */
import { formatDecimal, parseDecimal, tryParseDecimal } from '../../../shared/decimal';
import type { OpenOrderView } from '../../../shared/tradingViews';

const ONE = parseDecimal('1');
/** The exchange's base unit (10^-6): a reservation is never finer than what the exchange can hold. */
const BASE_UNIT = parseDecimal('0.000001');

export interface Reservations {
  /** USD held by open bids, decimal string. */
  collateral: string;
  /** Shares held by open asks, per token id, decimal strings. */
  shares: ReadonlyMap<string, string>;
}

/** Orders still working: the exchange lists only these, but a closed row must never hold anything. */
export const isWorking = (order: OpenOrderView) => !/^(matched|canceled|cancelled|expired)$/i.test(order.status);

/** Unfilled shares of an order; a row with unreadable numbers holds nothing rather than failing the whole view. */
export function remainingShares(order: OpenOrderView): bigint {
  const original = tryParseDecimal(order.originalSize);
  const matched = tryParseDecimal(order.sizeMatched) ?? 0n;
  if (original === null) return 0n;
  return original > matched ? original - matched : 0n;
}

/** USD of `shares` at `price`, rounded up to the base unit (the exchange never holds less than the order can spend). */
function usdAt(shares: bigint, price: bigint): bigint {
  const exact = shares * price;
  const scale = ONE * BASE_UNIT;
  return ((exact + scale - 1n) / scale) * BASE_UNIT;
}

export function reservedByOrders(orders: readonly OpenOrderView[]): Reservations {
  let collateral = 0n;
  const shares = new Map<string, bigint>();
  for (const order of orders) {
    if (!isWorking(order)) continue;
    const remaining = remainingShares(order);
    if (remaining === 0n) continue;
    if (order.side === 'BUY') {
      const price = tryParseDecimal(order.price);
      if (price !== null && price > 0n) collateral += usdAt(remaining, price);
    } else {
      shares.set(order.assetId, (shares.get(order.assetId) ?? 0n) + remaining);
    }
  }
  return {
    collateral: formatDecimal(collateral),
    shares: new Map([...shares].map(([tokenId, held]) => [tokenId, formatDecimal(held)])),
  };
}

/** What is left to trade with: the balance less what open orders hold, never below zero. */
export function availableAfter(balance: string, inOrders: string): string {
  const left = parseDecimal(balance) - parseDecimal(inOrders);
  return formatDecimal(left > 0n ? left : 0n);
}
