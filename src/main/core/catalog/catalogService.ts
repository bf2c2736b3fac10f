/**
 * Browsing the catalog. The listing is small (hundreds of events), so the core keeps a copy
 * refreshed at most every minute and searches it locally: typing in the search box costs no
 * requests and no rate budget (see docs/decisions/).
 */
import { CATALOG_EVENTS_PAGE_MAX, type CatalogEventWire, type CatalogTagWire } from '../../../shared/protocol/catalog';
import type { MarketLabel } from '../../../shared/tradingViews';
import type { CatalogTag, EventDetail, EventSort, EventsPage, EventSummary } from '../../../shared/viewModels';
import type { HttpClient } from '../net/httpClient';
import { toEventDetail, toEventSummary, toMarketSummary, toTag } from './catalogMapping';
import { sortEvents } from './eventOrder';

const LISTING_TTL_MS = 60_000;
/** Guards the paging loop against a server that never returns a short page. */
const MAX_LISTING_PAGES = 50;

export interface EventSearch {
  text: string;
  tagSlug?: string | undefined;
  includeClosed: boolean;
  limit: number;
  offset: number;
  /** Default: the catalog's order (24 h volume). */
  sort?: EventSort | undefined;
  /** Only these events (the watchlist), when given. */
  onlyIds?: ReadonlySet<string> | undefined;
}

interface Listing {
  loadedAt: number;
  events: Array<{ summary: EventSummary; haystack: string }>;
  /** Each listed market's question and tick by condition id (tables name rows of any market). */
  markets: Map<string, MarketLabel>;
  /** Each listed outcome token's market question and outcome name (main's questions name what an order buys). */
  tokens: Map<string, string>;
  /** Each listed outcome token's market (condition id) and outcome name (an order known from its answer only). */
  outcomes: Map<string, TokenMarket>;
}

export interface TokenMarket {
  conditionId: string;
  outcome: string;
}

export class CatalogService {
  private listing: Listing | null = null;
  private loading: Promise<Listing> | null = null;

  constructor(
    private readonly http: HttpClient,
    private readonly now: () => number = Date.now,
  ) {}

  async listTags(): Promise<CatalogTag[]> {
    const tags = await this.http.requestJson<CatalogTagWire[]>({ service: 'catalog', method: 'GET', path: '/tags' });
    return Array.isArray(tags) ? tags.map(toTag) : [];
  }

  async getEvent(eventId: string): Promise<EventDetail> {
    const event = await this.http.requestJson<CatalogEventWire>({
      service: 'catalog',
      method: 'GET',
      path: `/events/${encodeURIComponent(eventId)}`,
    });
    return toEventDetail(event, this.now());
  }

  async searchEvents(search: EventSearch): Promise<EventsPage> {
    const listing = await this.currentListing();
    const words = search.text.toLowerCase().split(/\s+/).filter(Boolean);
    const matches = listing.events
      .filter(({ summary, haystack }) => {
        if (!search.includeClosed && summary.closed) return false;
        if (search.tagSlug && !summary.tags.some((tag) => tag.slug === search.tagSlug)) return false;
        if (search.onlyIds && !search.onlyIds.has(summary.id)) return false;
        return words.every((word) => haystack.includes(word));
      })
      .map(({ summary }) => summary);
    const ordered = search.sort && search.sort !== 'volume24hr' ? sortEvents(matches, search.sort, this.now()) : matches;
    return { events: ordered.slice(search.offset, search.offset + search.limit), total: ordered.length };
  }

  /** A listed market's question and tick, from the same cached listing; null when not listed. */
  async marketLabel(conditionId: string): Promise<MarketLabel | null> {
    return (await this.currentListing()).markets.get(conditionId) ?? null;
  }

  /** "Question — Outcome" of a listed outcome token; null when the catalog does not list it. */
  async tokenName(tokenId: string): Promise<string | null> {
    return (await this.currentListing()).tokens.get(tokenId) ?? null;
  }

  /**
   * The market categories the listed events carry (each event's `category`, not its tags), as
   * the analytics boards take them: lower case, labelled as the catalog spells them.
   */
  async categories(): Promise<Array<{ slug: string; label: string }>> {
    const bySlug = new Map<string, string>();
    for (const { summary } of (await this.currentListing()).events) {
      const label = summary.category.trim();
      if (label && !bySlug.has(label.toLowerCase())) bySlug.set(label.toLowerCase(), label);
    }
    return [...bySlug].map(([slug, label]) => ({ slug, label })).sort((a, b) => a.label.localeCompare(b.label));
  }

  /** A listed outcome token's market and outcome name; null when the catalog does not list it. */
  async tokenMarket(tokenId: string): Promise<TokenMarket | null> {
    return (await this.currentListing()).outcomes.get(tokenId) ?? null;
  }

  /** Forgets the cached listing, e.g. when the network changes. */
  invalidate(): void {
    this.listing = null;
  }

  private async currentListing(): Promise<Listing> {
    if (this.listing && this.now() - this.listing.loadedAt < LISTING_TTL_MS) return this.listing;
    this.loading ??= this.loadListing().finally(() => {
      this.loading = null;
    });
    this.listing = await this.loading;
    return this.listing;
  }

  private async loadListing(): Promise<Listing> {
    const events: Listing['events'] = [];
    const markets: Listing['markets'] = new Map();
    const tokens: Listing['tokens'] = new Map();
    const outcomes: Listing['outcomes'] = new Map();
    for (let page = 0; page < MAX_LISTING_PAGES; page++) {
      const batch = await this.http.requestJson<CatalogEventWire[]>({
        service: 'catalog',
        method: 'GET',
        path: '/events',
        query: { limit: CATALOG_EVENTS_PAGE_MAX, offset: page * CATALOG_EVENTS_PAGE_MAX },
      });
      if (!Array.isArray(batch)) break;
      for (const event of batch) {
        const summary = toEventSummary(event, this.now());
        const questions = Array.isArray(event.markets) ? event.markets.map((m) => String(m.question ?? '')) : [];
        events.push({ summary, haystack: [summary.title, ...questions].join(' ').toLowerCase() });
        for (const market of Array.isArray(event.markets) ? event.markets.map((wire) => toMarketSummary(wire, this.now())) : []) {
          if (market.conditionId) markets.set(market.conditionId, { question: market.question, tickSize: market.tickSize });
          for (const outcome of market.outcomes) {
            if (!outcome.tokenId) continue;
            tokens.set(outcome.tokenId, `${market.question} — ${outcome.name}`);
            outcomes.set(outcome.tokenId, { conditionId: market.conditionId, outcome: outcome.name });
          }
        }
      }
      if (batch.length < CATALOG_EVENTS_PAGE_MAX) break;
    }
    return { loadedAt: this.now(), events, markets, tokens, outcomes };
  }
}
