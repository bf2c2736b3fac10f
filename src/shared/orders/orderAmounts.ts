/**
 * Maker and taker amounts of an order, in 6-decimal base units, computed in integers from the
 * decimal strings the user typed (wire-formats.md, "Amounts"; never floats).
 *
 * The rounding is the reference client's (@polymarket/clob-client-v2, order-builder helpers
 * getOrderRawAmounts / getMarketOrderRawAmounts with ROUNDING_CONFIG), done exactly:
 * - shares (size) are rounded down to 2 decimals, the USD of a market BUY too;
 * - the price has the tick's decimals and must lie on the tick (the reference rounds it to those
 *   decimals; an off-tick price is rejected by the exchange anyway, so it is an error here);
 * - the computed side (shares × price, or USD ÷ price for a market BUY) keeps at most `amount`
 *   decimals of the tick's configuration: a product of a 2-decimal size and a price always fits,
 *   a quotient is rounded down (the reference's "round up at amount+4, then down" only cleans
 *   float noise; with exact inputs it is the same as rounding down, and is reproduced literally).
 * test/unit/orders/orderAmounts.test.ts checks every vector and agreement with the reference on
 * hundreds of random orders.
 */
import type { TickSize } from '../protocol/clob';
import type { OrderSide } from './orderSchema';

export interface OrderAmounts {
  makerAmount: bigint;
  takerAmount: bigint;
}

/** Decimals per tick size: price, and the computed amount (reference ROUNDING_CONFIG). */
const ROUNDING: Readonly<Record<TickSize, { price: number; amount: number }>> = {
  '0.1': { price: 1, amount: 3 },
  '0.01': { price: 2, amount: 4 },
  '0.005': { price: 3, amount: 5 },
  '0.0025': { price: 4, amount: 6 },
  '0.001': { price: 3, amount: 5 },
  '0.0001': { price: 4, amount: 6 },
};

/** Base units have 6 decimals on both sides. */
const BASE_DECIMALS = 6;
/** Shares (the size of any order, the SELL side of a market order) have at most 2 decimals. */
export const SIZE_DECIMALS = 2;
/** The USD amount of a market BUY has at most 2 decimals (the reference rounds it down to 2). */
export const MARKET_BUY_AMOUNT_DECIMALS = 2;

export class OrderAmountError extends Error {
  override name = 'OrderAmountError';
}

const pow10 = (n: number): bigint => 10n ** BigInt(n);
const DECIMAL = /^(\d*)(?:\.(\d*))?$/;

interface Scaled {
  /** The value × 10^decimals, rounded down. */
  units: bigint;
  /** Whether rounding down dropped nothing. */
  exact: boolean;
}

/** Parses a plain non-negative decimal ("12", "0.56", ".5") at `decimals`; null if it is not one. */
function parseScaled(text: unknown, decimals: number): Scaled | null {
  if (typeof text !== 'string') return null;
  const match = DECIMAL.exec(text.trim());
  if (!match) return null;
  const whole = match[1] ?? '';
  const fraction = match[2] ?? '';
  if (whole === '' && fraction === '') return null;
  const kept = fraction.slice(0, decimals).padEnd(decimals, '0');
  const units = BigInt(`${whole || '0'}${kept}`);
  return { units, exact: !/[1-9]/.test(fraction.slice(decimals)) };
}

/** Formats base units (6 decimals) as the shortest exact decimal: 11782400n → "11.7824". */
export function formatBaseUnits(units: bigint): string {
  return formatScaled(units, BASE_DECIMALS);
}

function formatScaled(units: bigint, decimals: number): string {
  const negative = units < 0n;
  const abs = negative ? -units : units;
  const scale = pow10(decimals);
  const fraction = (abs % scale).toString().padStart(decimals, '0').replace(/0+$/, '');
  return `${negative ? '-' : ''}${abs / scale}${fraction ? `.${fraction}` : ''}`;
}

function rounding(tickSize: TickSize): { price: number; amount: number } {
  const config = ROUNDING[tickSize];
  if (!config) throw new OrderAmountError(`unknown tick size ${String(tickSize)}`);
  return config;
}

/**
 * Why a price is not acceptable for the tick size (outside [tick, 1 − tick] or off the tick), or
 * null when it is.
 */
export function priceReason(price: string, tickSize: TickSize): string | null {
  const config = ROUNDING[tickSize];
  if (!config) return `unknown tick size ${String(tickSize)}`;
  const parsed = parseScaled(price, config.price);
  if (!parsed) return `price "${String(price).slice(0, 40)}" is not a number`;
  const tick = parseScaled(tickSize, config.price)!.units;
  const max = pow10(config.price) - tick;
  if (parsed.units < tick || parsed.units > max || (parsed.units === max && !parsed.exact)) {
    return `price ${price.trim()} must be between ${tickSize} and ${formatScaled(max, config.price)}`;
  }
  if (!parsed.exact || parsed.units % tick !== 0n) {
    return `price ${price.trim()} is not a multiple of the tick size ${tickSize}`;
  }
  return null;
}

/**
 * Why a size in shares is not acceptable (not a positive number with at most 2 decimals, or below
 * `minSize` when given), or null.
 */
export function sizeReason(size: string, minSize?: string): string | null {
  const parsed = parseScaled(size, SIZE_DECIMALS);
  if (!parsed) return `size "${String(size).slice(0, 40)}" is not a number`;
  if (!parsed.exact) return `size ${size.trim()} has more than ${SIZE_DECIMALS} decimals`;
  if (parsed.units === 0n) return 'size must be greater than zero';
  if (minSize !== undefined) {
    const min = parseScaled(minSize, 8);
    const scaled = parseScaled(size, 8);
    if (min && scaled && scaled.units < min.units) {
      return `size ${size.trim()} is below the minimum of ${minSize} shares`;
    }
  }
  return null;
}

/** Why a USD amount for a market BUY is not acceptable (positive, at most 2 decimals), or null. */
export function amountReason(amountUsd: string): string | null {
  const parsed = parseScaled(amountUsd, MARKET_BUY_AMOUNT_DECIMALS);
  if (!parsed) return `amount "${String(amountUsd).slice(0, 40)}" is not a number`;
  if (!parsed.exact) return `amount ${amountUsd.trim()} has more than ${MARKET_BUY_AMOUNT_DECIMALS} decimals`;
  if (parsed.units === 0n) return 'amount must be greater than zero';
  return null;
}

/** The price in units of 10^-priceDecimals; throws when it is off the tick or out of range. */
function requirePrice(price: string, tickSize: TickSize): bigint {
  const config = rounding(tickSize);
  const reason = priceReason(price, tickSize);
  if (reason) throw new OrderAmountError(reason);
  return parseScaled(price, config.price)!.units;
}

/** Rounds a decimal down to `decimals` (the reference's roundDown) and requires it positive. */
function requirePositive(text: string, decimals: number, what: string): bigint {
  const parsed = parseScaled(text, decimals);
  if (!parsed) throw new OrderAmountError(`${what} "${String(text).slice(0, 40)}" is not a number`);
  if (parsed.units === 0n) throw new OrderAmountError(`${what} ${text.trim()} is zero at ${decimals} decimals`);
  return parsed.units;
}

/**
 * Limit order: BUY pays size × price USD for size shares; SELL gives size shares for
 * size × price USD. The size is rounded down to 2 decimals.
 */
export function limitOrderAmounts(side: OrderSide, price: string, size: string, tickSize: TickSize): OrderAmounts {
  const config = rounding(tickSize);
  const priceUnits = requirePrice(price, tickSize);
  const cents = requirePositive(size, SIZE_DECIMALS, 'size');
  const shares = cents * pow10(BASE_DECIMALS - SIZE_DECIMALS);
  // cents × priceUnits has 2 + price decimals (= the tick's amount decimals): exact in base units.
  const usd = cents * priceUnits * pow10(BASE_DECIMALS - SIZE_DECIMALS - config.price);
  if (side === 'BUY') return { makerAmount: usd, takerAmount: shares };
  if (side === 'SELL') return { makerAmount: shares, takerAmount: usd };
  throw new OrderAmountError(`unknown side ${String(side)}`);
}

/**
 * Market BUY of `amountUsd` (rounded down to 2 decimals) at worst price `price`: maker = the USD,
 * taker = USD ÷ price in shares, at most the tick's amount decimals (4 at tick 0.01), rounded
 * down. $100 at 0.56 → 100000000 / 178571400.
 */
export function marketBuyAmounts(amountUsd: string, price: string, tickSize: TickSize): OrderAmounts {
  const config = rounding(tickSize);
  const priceUnits = requirePrice(price, tickSize);
  const cents = requirePositive(amountUsd, MARKET_BUY_AMOUNT_DECIMALS, 'amount');
  // shares = (cents / 100) / (priceUnits / 10^price) = numerator / denominator
  const numerator = cents * pow10(config.price);
  const denominator = priceUnits * pow10(MARKET_BUY_AMOUNT_DECIMALS);
  // Reference: if more than `amount` decimals, round up at amount + 4, then down at amount.
  const fine = ceilDiv(numerator * pow10(config.amount + 4), denominator);
  const grid = pow10(4);
  const shares = fine % grid === 0n ? fine / grid : (numerator * pow10(config.amount)) / denominator;
  if (shares === 0n) throw new OrderAmountError(`amount ${amountUsd.trim()} buys no shares at ${price.trim()}`);
  return {
    makerAmount: cents * pow10(BASE_DECIMALS - MARKET_BUY_AMOUNT_DECIMALS),
    takerAmount: shares * pow10(BASE_DECIMALS - config.amount),
  };
}

/**
 * Market SELL of `size` shares at worst price `price`: the same amounts as a limit SELL (the
 * reference rounds the price down instead of to nearest, which is the same on the tick).
 */
export function marketSellAmounts(size: string, price: string, tickSize: TickSize): OrderAmounts {
  return limitOrderAmounts('SELL', price, size, tickSize);
}

function ceilDiv(a: bigint, b: bigint): bigint {
  return (a + b - 1n) / b;
}
