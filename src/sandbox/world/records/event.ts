/** The static catalog record of one event, with every field the spec names (markets added live). */
import type { CatalogRecord } from '../types';
import { CURATOR_ID, imageUrl, iso, optimizedImage } from './common';

export interface EventRecordInput {
  id: string;
  slug: string;
  title: string;
  subtitle: string;
  description: string;
  resolutionSource: string;
  category: string;
  subcategory: string;
  negRisk: boolean;
  negRiskMarketId: string;
  active: boolean;
  closed: boolean;
  createdMs: number;
  startMs: number;
  endMs: number;
  volume24hr: number;
  volume: number;
  liquidity: number;
  openInterest: number;
  featuredOrder: number;
  commentCount: number;
  seriesSlug: string;
  game: { home: string; away: string } | null;
  series: CatalogRecord[];
  categories: CatalogRecord[];
  collections: CatalogRecord[];
  tags: CatalogRecord[];
  eventCreators: CatalogRecord[];
  chats: CatalogRecord[];
  templates: CatalogRecord[];
}

export function eventRecord(e: EventRecordInput): CatalogRecord {
  const idNum = Number(e.id);
  const gameStart = e.endMs - 3 * 3_600_000;
  return {
    id: e.id, ticker: e.slug, slug: e.slug, title: e.title, subtitle: e.subtitle, description: e.description,
    resolutionSource: e.resolutionSource, image: imageUrl('events', e.slug), icon: imageUrl('event-icons', e.slug),
    sortBy: e.negRisk ? 'price' : 'ascending', category: e.category, subcategory: e.subcategory,
    templateVariables: e.seriesSlug ? JSON.stringify({ series: e.seriesSlug }) : '',
    published_at: iso(e.createdMs + 600_000), createdBy: String(CURATOR_ID), updatedBy: String(CURATOR_ID),
    featuredImage: imageUrl('featured', e.slug), disqusThread: `event-${e.id}`, parentEvent: '',
    negRiskMarketID: e.negRiskMarketId, eventDate: iso(e.endMs).slice(0, 10), seriesSlug: e.seriesSlug,
    score: e.game ? '0-0' : '', elapsed: e.game ? '0' : '', period: e.game ? 'NS' : '',
    gmpChartMode: 'default', estimatedValue: '0', carouselMap: '', gameStatus: e.game ? (e.closed ? 'final' : 'scheduled') : '',
    startDate: iso(e.startMs), creationDate: iso(e.createdMs), endDate: iso(e.endMs), createdAt: iso(e.createdMs),
    updatedAt: iso(e.startMs + 3_600_000), closedTime: e.closed ? iso(e.endMs + 3_600_000) : iso(e.endMs),
    startTime: iso(e.game ? gameStart : e.startMs), finishedTimestamp: iso(e.endMs),
    deployingTimestamp: iso(e.createdMs + 300_000), scheduledDeploymentTimestamp: iso(e.createdMs + 300_000),
    active: e.active, closed: e.closed, archived: false, new: false, featured: e.featuredOrder > 0,
    restricted: true, isTemplate: false, commentsEnabled: true, enableOrderBook: true, negRisk: e.negRisk,
    cyom: false, showAllOutcomes: true, showMarketImages: e.negRisk, automaticallyResolved: e.closed,
    enableNegRisk: e.negRisk, automaticallyActive: true, live: e.game !== null && !e.closed && e.active,
    ended: e.closed, estimateValue: false, cantEstimate: !e.negRisk, pendingDeployment: !e.active && !e.closed,
    deploying: false,
    liquidity: e.liquidity, volume: e.volume, openInterest: e.openInterest, competitive: 0.85,
    volume24hr: e.volume24hr, volume1wk: Math.round(e.volume24hr * 6.1), volume1mo: Math.round(e.volume24hr * 24),
    volume1yr: e.volume, liquidityClob: e.liquidity, negRiskFeeBips: 0,
    commentCount: e.commentCount, tweetCount: Math.floor(e.commentCount / 3), featuredOrder: e.featuredOrder,
    eventWeek: Math.floor((e.endMs / 86_400_000 + 3) / 7) % 52 + 1, spreadsMainLine: e.game ? 3.5 : 0,
    totalsMainLine: e.game ? 210.5 : 0,
    imageOptimized: optimizedImage(`${e.id}1`, 'events', e.slug, idNum, 'image', 'events', e.createdMs),
    iconOptimized: optimizedImage(`${e.id}2`, 'event-icons', e.slug, idNum, 'icon', 'events', e.createdMs),
    featuredImageOptimized: optimizedImage(`${e.id}3`, 'featured', e.slug, idNum, 'featuredImage', 'events', e.createdMs),
    subEvents: [],
    series: e.series, categories: e.categories, collections: e.collections, tags: e.tags,
    eventCreators: e.eventCreators, chats: e.chats, templates: e.templates,
  };
}
