/**
 * The words of an alert, written once in main: the OS notification and the in-app log show the
 * same sentence. The notification's text follows the user's price style at the moment the alert
 * fired (it is shown once, then); the log keeps the sentence's figures apart too (`bodyParts`),
 * so the page shows them in whatever style the user reads prices in later.
 */
import type { PriceAlert } from '../../../shared/prefs';
import type { DisplayPrefs } from '../../../shared/prefs';
import { price as priceFigure, sentence, shares, type Figure, type Sentence, type SentencePart } from '../../../shared/sentence';
import type { FillNotification } from '../../../shared/tradingViews';

/** "0.55" or "55¢"; a price that is not a number is shown as it came. */
export function priceForAlert(price: string, style: DisplayPrefs['priceStyle']): string {
  const value = Number(price);
  if (!Number.isFinite(value)) return price;
  if (style === 'cents') return `${Number((value * 100).toFixed(4))}¢`;
  return price.startsWith('.') ? `0${price}` : price;
}

interface AlertWords {
  title: string;
  body: string;
  bodyParts: SentencePart[];
}

const figureForAlert = (figure: Figure, style: DisplayPrefs['priceStyle']): string =>
  figure.kind === 'price' ? priceForAlert(figure.value, style) : figure.kind === 'shares' ? String(Number(figure.value)) : figure.value;

function words(title: string, body: Sentence, style: DisplayPrefs['priceStyle']): AlertWords {
  const text = body.parts.map((part) => (typeof part === 'string' ? part : figureForAlert(part, style))).join('');
  return { title, body: text, bodyParts: body.parts };
}

export function describePriceAlert(alert: PriceAlert, price: string, style: DisplayPrefs['priceStyle']): AlertWords {
  const what = alert.source === 'mid' ? 'Mid price' : 'Last trade';
  const relation = alert.direction === 'above' ? 'at or above' : 'at or below';
  const at = (value: string) => priceFigure(value, alert.tickSize);
  return words(`${alert.outcome} · ${alert.question}`, sentence`${what} ${at(price)} is ${relation} your alert at ${at(alert.price)}.`, style);
}

export function describeFill(fill: FillNotification, style: DisplayPrefs['priceStyle']): AlertWords {
  const side = fill.side === 'BUY' ? 'Bought' : 'Sold';
  // The market's question when the core could name it (the fill may be on any market).
  const title = fill.question ? `Order filled · ${fill.outcome} · ${fill.question}` : `Order filled · ${fill.outcome}`;
  return words(title, sentence`${side} ${shares(fill.size)} shares at ${priceFigure(fill.price)}.`, style);
}
