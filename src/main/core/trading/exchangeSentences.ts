/**
 * The order book's terse answers (spec "Errors": order processing, the 500 family, credentials)
 * as sentences a trader can act on: what happened to the order and what to do next. The
 * exchange's own words stay available next to the sentence (placedOrders.ts quotes them), so
 * nothing it said is lost; an answer without a sentence here is shown as the exchange wrote it.
 */

interface Rule {
  test: RegExp;
  sentence: string;
}

const RULES: readonly Rule[] = [
  {
    test: /^order 0x[0-9a-f]+ crosses the book$|^invalid post-only order: order crosses book$/i,
    sentence: 'It would have traded at once against an order already on the book, which a post-only order may not do; nothing was placed.',
  },
  {
    test: /^order canceled in the exchange contract$/i,
    sentence: 'This exact order was cancelled on-chain in the exchange contract, so it can never be placed; send a new order instead.',
  },
  {
    test: /^order match delayed due to market conditions$/i,
    sentence: 'The exchange is holding back matches in this market for now (market conditions); nothing was placed, try again in a moment.',
  },
  {
    test: /^there are no matching orders$/i,
    sentence: 'By the time it reached the matching engine there was nothing left on the book to trade against; nothing was filled.',
  },
  {
    test: /^FOK orders are filled or killed$/i,
    sentence: 'A fill-or-kill order must fill completely at once and the book could not fill it, so it was killed; nothing was filled.',
  },
  {
    test: /^the trade contains rounding issues$/i,
    sentence: 'The exchange could not settle this size at this price without rounding; nothing was filled, try a slightly different size.',
  },
  {
    test: /price discrepancy/i,
    sentence: 'The book moved too far from your price while the order was being matched, so the exchange refused the trade; nothing was filled.',
  },
  {
    test: /^order timed out$/i,
    sentence: 'The exchange did not get to it in time: it never reached the book and can be sent again.',
  },
  {
    test: /^Internal server error$/i,
    sentence: 'The exchange had an internal error, so whether anything happened is unknown; check your open orders before sending again.',
  },
  {
    test: /^Could not retrieve API keys$/i,
    sentence: 'The exchange could not list this account\'s API keys just now; try again in a moment.',
  },
  {
    test: /^Could not delete API key$/i,
    sentence: 'The exchange could not delete the API key just now; it may still work, so try again in a moment.',
  },
];

/** The sentence for what the exchange said, or null when there is none (show its words then). */
export function exchangeSentence(said: string): string | null {
  const trimmed = said.trim();
  return RULES.find((rule) => rule.test.test(trimmed))?.sentence ?? null;
}

/** What to show for an order the exchange accepted as `delayed`. */
export const DELAYED_ORDER_SENTENCE =
  'The exchange accepted it and will match it after a short delay (this market holds back matches); it appears in open orders or fills once matched.';
