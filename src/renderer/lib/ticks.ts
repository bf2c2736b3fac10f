/**
 * Prices on the market's tick, in exact decimals (src/shared/decimal): stepping with the arrow
 * keys, generating quote-grid levels and keying ladder rows must never produce 0.30000000000000004.
 */
import { formatDecimal, parseDecimal, tryParseDecimal } from '../../shared/decimal';
import { tickDecimals } from './format';

/** The price as the ticket shows it: fixed to the tick's decimals ("0.5" → "0.500" on a 0.001 tick). */
export function priceText(price: string, tickSize: string): string {
  const units = tryParseDecimal(price);
  if (units === null) return price;
  const decimals = Math.max(tickDecimals(tickSize), decimalsOf(tickSize));
  const [whole = '0', fraction = ''] = formatDecimal(units).split('.');
  return decimals === 0 ? whole : `${whole}.${fraction.padEnd(decimals, '0').slice(0, decimals)}`;
}

const decimalsOf = (text: string): number => (text.split('.')[1] ?? '').length;

/**
 * `price` moved by `ticks` whole ticks (negative = down), snapped onto the tick grid first and
 * kept inside [tick, 1 - tick], the exchange's valid range. An empty or invalid price starts
 * from `fallback`.
 */
export function stepPrice(price: string, tickSize: string, ticks: number, fallback: string | null): string | null {
  const tick = tryParseDecimal(tickSize);
  const start = tryParseDecimal(price) ?? (fallback ? tryParseDecimal(fallback) : null);
  if (tick === null || tick <= 0n || start === null) return null;
  const one = parseDecimal('1');
  const snapped = ((start + tick / 2n) / tick) * tick;
  let next = snapped + BigInt(ticks) * tick;
  if (next < tick) next = tick;
  if (next > one - tick) next = one - tick;
  return priceText(formatDecimal(next), tickSize);
}

/** `count` prices from `start`, `stepTicks` apart, away from the spread (down for BUY, up for SELL). */
export function gridPrices(start: string, tickSize: string, stepTicks: number, count: number, side: 'BUY' | 'SELL'): string[] {
  const tick = tryParseDecimal(tickSize);
  const first = tryParseDecimal(start);
  if (tick === null || tick <= 0n || first === null || stepTicks < 1) return [];
  const one = parseDecimal('1');
  const prices: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const offset = BigInt(i * stepTicks) * tick;
    const units = side === 'BUY' ? first - offset : first + offset;
    if (units < tick || units > one - tick) break;
    prices.push(priceText(formatDecimal(units), tickSize));
  }
  return prices;
}

/** A stable key for a price, so "0.06" from an order and "0.060" from the book meet. */
export function priceKey(price: string): string {
  const units = tryParseDecimal(price);
  return units === null ? price : formatDecimal(units);
}

/** Base units (6 decimals, as signed) as the exact decimal they stand for: "5200000" → "5.2". */
export function baseUnitsText(units: string): string {
  if (!/^\d+$/.test(units)) return units;
  const padded = units.padStart(7, '0');
  const fraction = padded.slice(-6).replace(/0+$/, '');
  const whole = padded.slice(0, -6).replace(/^0+(?=\d)/, '');
  return fraction ? `${whole}.${fraction}` : whole;
}
