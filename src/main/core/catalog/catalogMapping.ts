/**
 * Catalog wire objects → bridge view models. Parsing is defensive: a field of the wrong type
 * becomes a neutral value rather than an exception, because one odd market must not hide a
 * whole event list.
 */
import type { CatalogEventWire, CatalogMarketWire, CatalogTagWire } from '../../../shared/protocol/catalog';
import type { CatalogTag, EventDetail, EventSummary, MarketSummary } from '../../../shared/viewModels';
import { leadingOutcome } from '../../../shared/leadingOutcome';

const str = (value: unknown): string => (typeof value === 'string' ? value : '');
const num = (value: unknown): number => {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : 0;
};
const bool = (value: unknown): boolean => value === true;

/** `outcomes`, `outcomePrices`, `clobTokenIds` are JSON arrays encoded in strings. */
export function parseStringArray(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  if (typeof value !== 'string' || value.length === 0) return [];
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed.map(String) : [];
  } catch {
    return [];
  }
}

export function toTag(tag: CatalogTagWire): CatalogTag {
  return { id: str(tag.id), label: str(tag.label), slug: str(tag.slug) };
}

/** Past its end date and not resolved: the catalog's `ended`, or the end date read against the clock. */
function hasEnded(closed: boolean, endDate: string | null, flagged: boolean, nowMs: number): boolean {
  if (closed) return false;
  if (flagged) return true;
  const endMs = endDate ? Date.parse(endDate) : NaN;
  return Number.isFinite(endMs) && endMs <= nowMs;
}

/** A resolved market's prices are 1 and 0: the outcome at 1 won. */
function winnerOf(closed: boolean, names: readonly string[], prices: readonly string[]): string | null {
  if (!closed) return null;
  const index = prices.findIndex((p) => Number(p) === 1);
  return index >= 0 ? (names[index] ?? null) : null;
}

export function toMarketSummary(market: CatalogMarketWire, nowMs: number = Date.now()): MarketSummary {
  const names = parseStringArray(market.outcomes);
  const prices = parseStringArray(market.outcomePrices);
  const tokenIds = parseStringArray(market.clobTokenIds);
  return {
    id: str(market.id),
    conditionId: str(market.conditionId),
    question: str(market.question),
    slug: str(market.slug),
    groupItemTitle: str(market.groupItemTitle),
    outcomes: tokenIds.map((tokenId, index) => ({
      name: names[index] ?? `Outcome ${index + 1}`,
      tokenId,
      price: prices[index] ?? null,
    })),
    tickSize: String(num(market.orderPriceMinTickSize) || '0.01'),
    minOrderSize: num(market.orderMinSize),
    negRisk: bool(market.negRisk),
    active: bool(market.active),
    closed: bool(market.closed),
    acceptingOrders: bool(market.acceptingOrders),
    volume24hr: num(market.volume24hr),
    liquidity: num(market.liquidityNum),
    volume: num(market.volumeNum) || num(market.volume),
    oneDayPriceChange: num(market.oneDayPriceChange),
    endDate: str(market.endDate) || null,
    description: str(market.description),
    resolutionSource: str(market.resolutionSource),
    ended: hasEnded(bool(market.closed), str(market.endDate) || null, false, nowMs),
    winner: winnerOf(bool(market.closed), names, prices),
  };
}

export function toEventSummary(event: CatalogEventWire, nowMs: number = Date.now()): EventSummary {
  const markets = Array.isArray(event.markets) ? event.markets.map((m) => toMarketSummary(m, nowMs)) : [];
  const endDate = str(event.endDate) || null;
  return {
    id: str(event.id),
    title: str(event.title),
    slug: str(event.slug),
    category: str(event.category),
    tags: Array.isArray(event.tags) ? event.tags.map(toTag) : [],
    marketCount: Array.isArray(event.markets) ? event.markets.length : 0,
    volume24hr: num(event.volume24hr),
    liquidity: num(event.liquidity),
    endDate,
    negRisk: bool(event.negRisk),
    active: bool(event.active),
    closed: bool(event.closed),
    volume: num(event.volume),
    createdAt: str(event.creationDate) || str(event.createdAt) || null,
    ended: hasEnded(bool(event.closed), endDate, bool(event.ended), nowMs),
    leading: leadingOutcome(markets),
  };
}

export function toEventDetail(event: CatalogEventWire, nowMs: number = Date.now()): EventDetail {
  return {
    ...toEventSummary(event, nowMs),
    description: str(event.description),
    resolutionSource: str(event.resolutionSource),
    markets: Array.isArray(event.markets) ? event.markets.map((m) => toMarketSummary(m, nowMs)) : [],
  };
}
