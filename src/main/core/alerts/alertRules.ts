/**
 * When a price alert goes off, as a pure function of the alert and one book: "above" fires once
 * the watched price is at or over the alert's price, "below" once it is at or under. The
 * watched price is the book's midpoint or its last trade; a book without one fires nothing.
 * Prices are compared as exact decimals (scaled integers), never as floats: 0.55 must equal
 * 0.55 whatever binary rounding says.
 */
import type { OrderBookView } from '../../../shared/viewModels';
import type { PriceAlert } from '../../../shared/prefs';

const SCALE_DIGITS = 8;

/** A decimal string as an integer count of 1e-8, or null when it is not a plain decimal. */
export function scaledPrice(text: string | null | undefined): bigint | null {
  if (typeof text !== 'string') return null;
  const match = /^(\d*)(?:\.(\d*))?$/.exec(text.trim());
  if (!match || (match[1] === '' && (match[2] ?? '') === '')) return null;
  const whole = match[1] || '0';
  const fraction = (match[2] ?? '').slice(0, SCALE_DIGITS).padEnd(SCALE_DIGITS, '0');
  return BigInt(whole) * 10n ** BigInt(SCALE_DIGITS) + BigInt(fraction);
}

/** The price an alert watches in this book, as the book's own text. */
export function watchedPrice(alert: Pick<PriceAlert, 'source'>, book: OrderBookView): string | null {
  return alert.source === 'mid' ? book.midpoint : book.lastTradePrice;
}

/** The watched price when the alert's condition holds in this book, else null. */
export function triggeringPrice(alert: PriceAlert, book: OrderBookView): string | null {
  if (book.tokenId !== alert.tokenId) return null;
  const text = watchedPrice(alert, book);
  const price = scaledPrice(text);
  const limit = scaledPrice(alert.price);
  if (price === null || limit === null) return null;
  const holds = alert.direction === 'above' ? price >= limit : price <= limit;
  return holds ? text : null;
}
