/**
 * The words of an alert, written once in main: the OS notification and the in-app log show the
 * same sentence. The notification's text follows the user's display settings at the moment the
 * alert fired (it is shown once, then), through the page's own format layer; the log keeps the
 * sentence's figures apart too (`bodyParts`), so the page shows them in whatever style the user
 * reads prices in later.
 */
import { formatSentence, withFormatPrefs, type FormatPrefs } from '../../../shared/displayFormat';
import type { PriceAlert } from '../../../shared/prefs';
import { price as priceFigure, sentence, shares, type Sentence, type SentencePart } from '../../../shared/sentence';
import type { FillNotification } from '../../../shared/tradingViews';

interface AlertWords {
  title: string;
  body: string;
  bodyParts: SentencePart[];
}

/** The sentence as the page would show it with these preferences (the one format layer). */
function words(title: string, body: Sentence, prefs: FormatPrefs): AlertWords {
  return { title, body: withFormatPrefs(prefs, () => formatSentence(body.parts)), bodyParts: body.parts };
}

export function describePriceAlert(alert: PriceAlert, price: string, prefs: FormatPrefs): AlertWords {
  const what = alert.source === 'mid' ? 'Mid price' : 'Last trade';
  const relation = alert.direction === 'above' ? 'at or above' : 'at or below';
  const at = (value: string) => priceFigure(value, alert.tickSize);
  return words(`${alert.outcome} · ${alert.question}`, sentence`${what} ${at(price)} is ${relation} your alert at ${at(alert.price)}.`, prefs);
}

export function describeFill(fill: FillNotification, prefs: FormatPrefs): AlertWords {
  const side = fill.side === 'BUY' ? 'Bought' : 'Sold';
  // The market's question when the core could name it (the fill may be on any market).
  const title = fill.question ? `Order filled · ${fill.outcome} · ${fill.question}` : `Order filled · ${fill.outcome}`;
  return words(title, sentence`${side} ${shares(fill.size)} shares at ${priceFigure(fill.price)}.`, prefs);
}
