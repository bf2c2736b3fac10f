/**
 * The fee the exchange charges on a fill, as its contract computes it from the order's fee rate:
 * rate × min(price, 1 − price) × shares, in USD. The spec names the rate (`/fee-rate`, a trade's
 * `fee_rate_bps`) but not the formula; this is the public exchange contract's. The fee is
 * symmetric around 0.50, so buying a long shot costs what selling its complement costs.
 */
import { DECIMAL_SCALE, formatDecimal, tryParseDecimal } from '../../../shared/decimal';

const ONE = 10n ** BigInt(DECIMAL_SCALE);

/** In 10^-8 USD, rounded down; `price` and `shares` in the shared decimals' units. */
export function feeUnits(bps: number, price: bigint, shares: bigint): bigint {
  if (!Number.isSafeInteger(bps) || bps <= 0 || price <= 0n || price >= ONE) return 0n;
  const cheaper = price < ONE - price ? price : ONE - price;
  return (BigInt(bps) * cheaper * shares) / (10_000n * ONE);
}

/** The same for decimal strings, as an exact decimal string ("0" when a part is not a number). */
export function feeOf(bps: number, price: string, shares: string): string {
  const p = tryParseDecimal(price);
  const n = tryParseDecimal(shares);
  return p === null || n === null ? '0' : formatDecimal(feeUnits(bps, p, n));
}
