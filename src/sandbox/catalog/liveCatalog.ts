/**
 * Catalog records with live prices. The static record comes from the world; the fields a
 * trader reads as "the price" are taken from the book at the moment of the request, so the
 * catalog and the order-book service never disagree for long. The price changes come from the
 * market's price series (priceChanges.ts), and an event whose end date has passed says so
 * (`ended`) while it waits to be resolved (`closed`).
 */
import type { MarketEntry } from '../clob/exchange';
import { formatMidpointFromSum, formatPrice, PIPS_PER_UNIT, pipsToNumber } from '../clob/units';
import type { CatalogRecord, WorldEvent } from '../world/types';
import { priceChanges, type PriceAt } from './priceChanges';

/** Above this spread the public site shows the last trade instead of the midpoint. */
const WIDE_SPREAD_PIPS = 1_000;

/** What the catalog reads besides the books: each market's price series and the clock. */
export interface CatalogLive {
  seriesOf(entry: MarketEntry): PriceAt;
  now(): number;
}

export function liveMarketRecord(entry: MarketEntry, live?: CatalogLive): CatalogRecord {
  const { market, book } = entry;
  if (!book) return market.record;
  const yes = book.view(0);
  const bid = yes.bids[0];
  const ask = yes.asks[0];
  const last = yes.lastTrade;
  let outcomePrices: [string, string];
  if (bid && ask && ask.price - bid.price <= WIDE_SPREAD_PIPS) {
    const sum = bid.price + ask.price;
    outcomePrices = [formatMidpointFromSum(sum), formatMidpointFromSum(2 * PIPS_PER_UNIT - sum)];
  } else if (last) {
    outcomePrices = [formatPrice(last.price, market.tickSize), formatPrice(PIPS_PER_UNIT - last.price, market.tickSize)];
  } else {
    outcomePrices = JSON.parse(market.record.outcomePrices as string) as [string, string];
  }
  return {
    ...market.record,
    ...(live ? priceChanges(live.seriesOf(entry), live.now()) : {}),
    outcomePrices: JSON.stringify(outcomePrices),
    bestBid: bid ? pipsToNumber(bid.price) : 0,
    bestAsk: ask ? pipsToNumber(ask.price) : 1,
    spread: bid && ask ? pipsToNumber(ask.price - bid.price) : 1,
    lastTradePrice: last ? pipsToNumber(last.price) : market.record.lastTradePrice,
  };
}

export function liveEventRecord(event: WorldEvent, marketEntry: (conditionId: string) => MarketEntry | undefined, live?: CatalogLive): CatalogRecord {
  const endMs = Date.parse(String(event.record.endDate));
  const ended = event.closed || (live !== undefined && Number.isFinite(endMs) && endMs <= live.now());
  return {
    ...event.record,
    ended,
    markets: event.markets.map((m) => {
      const entry = marketEntry(m.conditionId);
      return entry ? liveMarketRecord(entry, live) : m.record;
    }),
  };
}
