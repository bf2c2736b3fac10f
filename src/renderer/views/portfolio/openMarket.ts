/**
 * A click on a position (or a board row) opens its market in Trade, as "Trade" on a book in Markets does. The
 * Trade view needs catalog facts a position does not carry (every outcome, tick, minimum size),
 * so the market is read from the catalog by the row's event id; a row whose event the catalog
 * does not hold under that id (a board row of another deployment) is searched by slug and title.
 */
import type { EventDetail } from '../../../shared/viewModels';
import { api } from '../../bridge/api';
import { openTrade, targetFromMarket } from '../../stores/tradeTargetStore';
import { errorText } from '../../lib/errorText';

/** What a row must say for its market to be found and opened. */
export interface MarketRef {
  conditionId: string;
  eventSlug: string;
  eventId?: string;
  title: string;
  /** The outcome to trade: by token id, else by name, else the first. */
  tokenId?: string;
  outcome?: string | null;
}

async function eventWithMarket(position: MarketRef): Promise<EventDetail | null> {
  const holds = (event: EventDetail) => event.markets.some((m) => m.conditionId.toLowerCase() === position.conditionId.toLowerCase());
  if (position.eventId) {
    const result = await api.getCatalogEvent({ eventId: position.eventId });
    if (result.ok && holds(result.value)) return result.value;
  }
  for (const text of [position.eventSlug.replace(/-/g, ' '), position.title]) {
    if (!text.trim()) continue;
    const found = await api.searchCatalogEvents({ text: text.slice(0, 200), includeClosed: true, limit: 10 });
    if (!found.ok) throw new Error(errorText(found.error));
    const candidates = found.value.events.filter((e) => e.slug === position.eventSlug).concat(found.value.events.filter((e) => e.slug !== position.eventSlug));
    for (const summary of candidates) {
      const detail = await api.getCatalogEvent({ eventId: summary.id });
      if (detail.ok && holds(detail.value)) return detail.value;
    }
  }
  return null;
}

/** Opens the row's outcome in Trade; resolves to a sentence when it cannot. */
export async function openMarketInTrade(position: MarketRef): Promise<string | null> {
  try {
    const event = await eventWithMarket(position);
    const market = event?.markets.find((m) => m.conditionId.toLowerCase() === position.conditionId.toLowerCase());
    if (!event || !market) return `“${position.title}” is not in the catalog, so it cannot be opened in Trade.`;
    const tokenId = position.tokenId ?? market.outcomes.find((o) => o.name === position.outcome)?.tokenId ?? market.outcomes[0]?.tokenId ?? '';
    openTrade(targetFromMarket(market, event, tokenId));
    return null;
  } catch (error) {
    return `Could not open “${position.title}”: ${error instanceof Error ? error.message : String(error)}`;
  }
}
