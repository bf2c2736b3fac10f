/**
 * Integer units for every price and size in the sandbox. Floats never accumulate here:
 * a price is an integer number of pips (1 pip = 0.0001, the finest tick) and a size an
 * integer number of hundredths of a share (the exchange accepts two decimals on shares).
 * Every documented tick (0.1 … 0.0001) is a whole number of pips and divides 1.0 exactly,
 * so the complement 1 - p of an on-tick price is on tick too.
 */
import type { TickSize } from '../../shared/protocol/clob';

export const PIPS_PER_UNIT = 10_000;
export const CENTS_PER_SHARE = 100;

const TICK_PIPS: Record<TickSize, number> = {
  '0.1': 1000,
  '0.01': 100,
  '0.005': 50,
  '0.0025': 25,
  '0.001': 10,
  '0.0001': 1,
};

export function tickPips(tick: TickSize): number {
  return TICK_PIPS[tick];
}

/** Decimal places a price on this tick is written with ("0.0025" → 4). */
export function tickDecimals(tick: TickSize): number {
  return tick.length - 2;
}

export function complementPips(pips: number): number {
  return PIPS_PER_UNIT - pips;
}

export function floorToTick(pips: number, tick: number): number {
  return Math.floor(pips / tick) * tick;
}

export function ceilToTick(pips: number, tick: number): number {
  return Math.ceil(pips / tick) * tick;
}

/**
 * Writes `value / 10^scale` as a decimal string with at least `minDecimals` places and
 * trailing zeros beyond that trimmed. Pure string work on an integer, so it is exact.
 */
export function formatScaled(value: number, scale: number, minDecimals = 0): string {
  if (!Number.isSafeInteger(value)) throw new Error(`not an integer amount: ${value}`);
  const negative = value < 0;
  const digits = Math.abs(value).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  let fraction = digits.slice(digits.length - scale);
  while (fraction.length > minDecimals && fraction.endsWith('0')) fraction = fraction.slice(0, -1);
  const text = fraction.length > 0 ? `${whole}.${fraction}` : whole;
  return negative ? `-${text}` : text;
}

/** A book price on its tick: "0.56" on 0.01, "0.056" on 0.001, "0.5" on 0.1. */
export function formatPrice(pips: number, tick: TickSize): string {
  return formatScaled(pips, 4, tickDecimals(tick));
}

/** A derived price (midpoint, spread) with no trailing zeros: "0.455", "0.5". */
export function formatDerivedPips(pips: number): string {
  return formatScaled(pips, 4);
}

/** A midpoint from the sum of best bid and best ask: exact even when it falls between pips. */
export function formatMidpointFromSum(sumPips: number): string {
  return formatScaled(sumPips * 5, 5);
}

/** Shares with exactly two decimals: "125.50". */
export function formatSize(cents: number): string {
  return formatScaled(cents, 2, 2);
}

/** For catalog numbers (bestBid, outcomePrices …), which the public catalog serves as JSON numbers. */
export function pipsToNumber(pips: number): number {
  return Number(formatDerivedPips(pips));
}
