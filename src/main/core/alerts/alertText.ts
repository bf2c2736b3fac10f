/**
 * The words of an alert, written once in main: the OS notification and the in-app log show the
 * same sentence. Prices follow the user's price style at the moment the alert fired.
 */
import type { PriceAlert } from '../../../shared/prefs';
import type { DisplayPrefs } from '../../../shared/prefs';
import type { FillNotification } from '../../../shared/tradingViews';

/** "0.55" or "55¢"; a price that is not a number is shown as it came. */
export function priceForAlert(price: string, style: DisplayPrefs['priceStyle']): string {
  const value = Number(price);
  if (!Number.isFinite(value)) return price;
  if (style === 'cents') return `${Number((value * 100).toFixed(4))}¢`;
  return price.startsWith('.') ? `0${price}` : price;
}

export function describePriceAlert(alert: PriceAlert, price: string, style: DisplayPrefs['priceStyle']): { title: string; body: string } {
  const what = alert.source === 'mid' ? 'Mid price' : 'Last trade';
  const relation = alert.direction === 'above' ? 'at or above' : 'at or below';
  return {
    title: `${alert.outcome} · ${alert.question}`,
    body: `${what} ${priceForAlert(price, style)} is ${relation} your alert at ${priceForAlert(alert.price, style)}.`,
  };
}

export function describeFill(fill: FillNotification, style: DisplayPrefs['priceStyle']): { title: string; body: string } {
  const side = fill.side === 'BUY' ? 'Bought' : 'Sold';
  return {
    // The market's question when the core could name it (the fill may be on any market).
    title: fill.question ? `Order filled · ${fill.outcome} · ${fill.question}` : `Order filled · ${fill.outcome}`,
    body: `${side} ${Number(fill.size)} shares at ${priceForAlert(fill.price, style)}.`,
  };
}
