/**
 * Catalog records shared by events and markets: tags, categories, images, series,
 * collections, creators, chats and templates, each with every field the spec names.
 * Image URLs point at an `.invalid` host on purpose: the sandbox must never make the app
 * fetch anything from the internet.
 */
import type { CatalogRecord } from '../types';

export const ASSET_HOST = 'https://assets.sandbox.marketdesk.invalid';
/** The sandbox's curator account id in createdBy / updatedBy fields. */
export const CURATOR_ID = 1207;

export function iso(ms: number): string {
  return new Date(ms).toISOString();
}

export function imageUrl(kind: string, slug: string): string {
  return `${ASSET_HOST}/${kind}/${slug}.png`;
}

export function optimizedImage(id: string, kind: string, slug: string, relId: number, field: string, relname: string, atMs: number): CatalogRecord {
  const source = imageUrl(kind, slug);
  return {
    id,
    imageUrlSource: source,
    imageUrlOptimized: source.replace('.png', '.webp'),
    imageSizeKbSource: 180 + (relId % 97),
    imageSizeKbOptimized: 24 + (relId % 31),
    imageOptimizedComplete: true,
    imageOptimizedLastUpdated: iso(atMs),
    relID: relId,
    field,
    relname,
  };
}

export function tagRecord(id: string, label: string, slug: string, atMs: number, isCategory: boolean): CatalogRecord {
  return {
    id,
    label,
    slug,
    publishedAt: iso(atMs),
    forceShow: isCategory,
    forceHide: false,
    isCarousel: isCategory,
    createdBy: CURATOR_ID,
    updatedBy: CURATOR_ID,
    createdAt: iso(atMs),
    updatedAt: iso(atMs + 86_400_000),
  };
}

export function categoryRecord(id: string, label: string, parent: string, atMs: number): CatalogRecord {
  return {
    id,
    label,
    parentCategory: parent,
    slug: label.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
    publishedAt: iso(atMs),
    createdBy: String(CURATOR_ID),
    updatedBy: String(CURATOR_ID),
    createdAt: iso(atMs),
    updatedAt: iso(atMs + 86_400_000),
  };
}

export interface SeriesInput {
  id: string;
  slug: string;
  title: string;
  seriesType: string;
  recurrence: string;
  atMs: number;
  volume24hr: number;
  volume: number;
  liquidity: number;
  events: CatalogRecord[];
  tags: CatalogRecord[];
  categories: CatalogRecord[];
}

export function seriesRecord(s: SeriesInput): CatalogRecord {
  return {
    id: s.id, ticker: s.slug, slug: s.slug, title: s.title,
    subtitle: `${s.recurrence[0]?.toUpperCase()}${s.recurrence.slice(1)} markets`,
    seriesType: s.seriesType, recurrence: s.recurrence,
    description: `${s.title}: every ${s.recurrence} market in one place.`,
    image: imageUrl('series', s.slug), icon: imageUrl('series-icons', s.slug), layout: 'default',
    publishedAt: iso(s.atMs), createdBy: String(CURATOR_ID), updatedBy: String(CURATOR_ID),
    competitive: '0.8', pythTokenID: '', cgAssetName: '',
    active: true, closed: false, archived: false, new: false, featured: false, restricted: true,
    isTemplate: false, templateVariables: false, commentsEnabled: true,
    createdAt: iso(s.atMs), updatedAt: iso(s.atMs + 3_600_000), startDate: iso(s.atMs),
    volume24hr: s.volume24hr, volume: s.volume, liquidity: s.liquidity, score: 0, commentCount: s.events.length * 3,
    events: s.events, collections: [], categories: s.categories, tags: s.tags, chats: [],
  };
}

export function collectionRecord(id: string, slug: string, title: string, collectionType: string, tagSlug: string, atMs: number): CatalogRecord {
  return {
    id, ticker: slug, slug, title, subtitle: `Curated ${collectionType} markets`, collectionType,
    description: `${title}: a curated set of the sandbox's ${collectionType} events.`,
    tags: tagSlug, image: imageUrl('collections', slug), icon: imageUrl('collection-icons', slug),
    headerImage: imageUrl('collection-headers', slug), layout: 'grid', templateVariables: '',
    publishedAt: iso(atMs), createdBy: String(CURATOR_ID), updatedBy: String(CURATOR_ID),
    active: true, closed: false, archived: false, new: false, featured: true, restricted: true,
    isTemplate: false, commentsEnabled: false, createdAt: iso(atMs), updatedAt: iso(atMs + 3_600_000),
    imageOptimized: optimizedImage(`${id}01`, 'collections', slug, Number(id), 'image', 'collections', atMs),
    iconOptimized: optimizedImage(`${id}02`, 'collection-icons', slug, Number(id), 'icon', 'collections', atMs),
    headerImageOptimized: optimizedImage(`${id}03`, 'collection-headers', slug, Number(id), 'headerImage', 'collections', atMs),
  };
}

export function creatorRecord(atMs: number): CatalogRecord {
  return {
    id: '7', creatorName: 'Marketdesk Sandbox Desk', creatorHandle: 'sandboxdesk',
    creatorUrl: 'https://sandbox.marketdesk.invalid/creators/sandboxdesk', creatorImage: imageUrl('creators', 'sandboxdesk'),
    createdAt: iso(atMs), updatedAt: iso(atMs),
  };
}

export function chatRecord(id: string, slug: string, title: string, live: boolean, startMs: number, endMs: number): CatalogRecord {
  return {
    id, channelId: `ch-${id}`, channelName: `${title} live chat`, channelImage: imageUrl('chats', slug),
    live, startTime: iso(startMs), endTime: iso(endMs),
  };
}

export interface TemplateInput {
  id: string; eventTitle: string; eventSlug: string; marketTitle: string; description: string;
  resolutionSource: string; seriesSlug: string; negRisk: boolean;
}

export function templateRecord(t: TemplateInput): CatalogRecord {
  return {
    id: t.id, eventTitle: t.eventTitle, eventSlug: t.eventSlug, eventImage: imageUrl('events', t.eventSlug),
    marketTitle: t.marketTitle, description: t.description, resolutionSource: t.resolutionSource,
    sortBy: 'price', seriesSlug: t.seriesSlug, outcomes: '["Yes", "No"]',
    negRisk: t.negRisk, showMarketImages: false,
  };
}
