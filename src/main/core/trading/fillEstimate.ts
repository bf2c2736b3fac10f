/**
 * How a ticket would fare against the current book: shares fillable now up to the limit price,
 * their average and worst price, and (given the market's rate) the taker fee on that part.
 * Exact decimals throughout.
 */
import { formatDecimal, parseDecimal, DECIMAL_SCALE } from '../../../shared/decimal';
import type { OrderSide } from '../../../shared/tradingViews';
import type { BookLevel } from '../../../shared/viewModels';
import { feeUnits } from './exchangeFee';

const ONE = 10n ** BigInt(DECIMAL_SCALE);

export interface FillEstimate {
  fillableShares: string;
  averagePrice: string | null;
  worstPrice: string | null;
  crossesBook: boolean;
  /** USD the exchange charges as taker fee on the shares that fill now (with `feeBps` only). */
  takerFee?: string;
}

/**
 * `levels` is the opposite side, best first. `shares` limits by size; `budgetUsd` (market BUY)
 * limits by money spent instead.
 */
export function estimateFill(side: OrderSide, limitPrice: string, levels: BookLevel[], want: { shares?: string; budgetUsd?: string }, feeBps?: number): FillEstimate {
  const limit = parseDecimal(limitPrice);
  let remainingShares = want.shares !== undefined ? parseDecimal(want.shares) : null;
  let remainingUsd = want.budgetUsd !== undefined ? parseDecimal(want.budgetUsd) : null;
  let filled = 0n;
  let cost = 0n;
  let worst: bigint | null = null;
  let fee = 0n;
  for (const level of levels) {
    const price = parseDecimal(level.price);
    if (side === 'BUY' ? price > limit : price < limit) break;
    let take = parseDecimal(level.size);
    if (remainingShares !== null && take > remainingShares) take = remainingShares;
    if (remainingUsd !== null && (take * price) / ONE > remainingUsd) take = (remainingUsd * ONE) / price;
    if (take <= 0n) break;
    filled += take;
    cost += (take * price) / ONE;
    if (feeBps !== undefined) fee += feeUnits(feeBps, price, take);
    worst = price;
    if (remainingShares !== null) remainingShares -= take;
    if (remainingUsd !== null) remainingUsd -= (take * price) / ONE;
    if (remainingShares === 0n || (remainingUsd !== null && remainingUsd <= 0n)) break;
  }
  return {
    fillableShares: formatDecimal(filled),
    averagePrice: filled > 0n ? formatDecimal((cost * ONE) / filled) : null,
    worstPrice: worst === null ? null : formatDecimal(worst),
    crossesBook: worst !== null,
    ...(feeBps !== undefined ? { takerFee: formatDecimal(fee) } : {}),
  };
}
