/**
 * The outcome the click-to-order and startup benches trade and show: an open market of the
 * sandbox's catalog on a 0.01 tick, priced between 0.30 and 0.70, with both sides on its book.
 * Given to the app as the Trade view's remembered outcome (what a user who traded it last sees
 * on the next start), so both benches open straight on its ladder.
 */
import { toEventDetail } from '../src/main/core/catalog/catalogMapping';
import type { CatalogEventWire } from '../src/shared/protocol/catalog';

/** The renderer's localStorage key for the remembered outcome (src/renderer/stores/tradeTargetStore.ts). */
export const TRADE_TARGET_KEY = 'marketdesk.trade.lastTarget';

export interface BenchTarget {
  tokenId: string;
  outcome: string;
  outcomes: Array<{ name: string; tokenId: string }>;
  marketId: string;
  conditionId: string;
  question: string;
  eventId: string;
  eventTitle: string;
  tickSize: string;
  minOrderSize: string;
  negRisk: boolean;
}

export interface WireBook {
  bids: Array<{ price: string; size: string }>;
  asks: Array<{ price: string; size: string }>;
}

/** Best bid and ask of a wire book (the best level is the last element of each side). */
export function bookTouch(book: WireBook): { bid: number; ask: number } | null {
  const bid = book.bids.at(-1);
  const ask = book.asks.at(-1);
  return bid && ask ? { bid: Number(bid.price), ask: Number(ask.price) } : null;
}

export async function chooseBenchTarget(urls: { clob: string; catalog: string }): Promise<BenchTarget> {
  const events = (await (await fetch(`${urls.catalog}/events?limit=500`)).json()) as CatalogEventWire[];
  for (const event of events) {
    const summary = toEventDetail(event);
    for (const market of summary.markets) {
      const first = market.outcomes[0];
      const price = Number(first?.price ?? NaN);
      if (!first || market.closed || !market.active || !market.acceptingOrders || market.tickSize !== '0.01' || !(price >= 0.3 && price <= 0.7)) continue;
      const touch = bookTouch((await (await fetch(`${urls.clob}/book?token_id=${first.tokenId}`)).json()) as WireBook);
      if (!touch || touch.bid < 0.2 || touch.ask > 0.8) continue;
      return {
        tokenId: first.tokenId,
        outcome: first.name,
        outcomes: market.outcomes.map((o) => ({ name: o.name, tokenId: o.tokenId })),
        marketId: market.id,
        conditionId: market.conditionId,
        question: market.question,
        eventId: summary.id,
        eventTitle: summary.title,
        tickSize: market.tickSize,
        minOrderSize: String(market.minOrderSize),
        negRisk: market.negRisk,
      };
    }
  }
  throw new Error('the sandbox catalog has no open 0.01-tick market priced between 0.30 and 0.70 with a two-sided book');
}

/** An init script that makes `target` the Trade view's remembered outcome before the app reads it. */
export const rememberTarget = (target: BenchTarget): string => `localStorage.setItem(${JSON.stringify(TRADE_TARGET_KEY)}, ${JSON.stringify(JSON.stringify(target))});`;
