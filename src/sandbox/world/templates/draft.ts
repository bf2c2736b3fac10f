/**
 * What a template produces: the words and shape of one event. The world builder turns a
 * draft into catalog records, ids, tokens and prices; templates only decide what the market
 * is about, so adding a new kind of question never touches id or price code.
 */
import type { Prng } from '../../random/prng';
import { FIRST_NAMES, LAST_NAMES, MONTHS } from './names';

export type CategoryKey =
  | 'Politics' | 'Sports' | 'Crypto' | 'Economics' | 'Science' | 'Culture' | 'World' | 'Climate';

export interface MarketDraft {
  question: string;
  /** The short label of one market inside a multi-market event ("Maria Okafor", "↑ $100,000"). */
  groupItemTitle: string;
  /** Yes probability for an independent market; a relative weight in a neg-risk event. */
  weight: number;
}

export interface EventDraft {
  title: string;
  description: string;
  resolutionSource: string;
  category: CategoryKey;
  subcategory: string;
  /** Topical tag slugs; the category's own tag is added by the builder. */
  tagSlugs: string[];
  /** One winner among the markets: neg-risk (one market per candidate). */
  negRisk: boolean;
  markets: MarketDraft[];
  /** Days from the world epoch to the end date (the builder moves closed events into the past). */
  endInDays: number;
  seriesKey?: string;
  game?: { home: string; away: string };
}

export interface TemplateContext {
  rng: Prng;
  /** The world epoch's calendar year. */
  year: number;
  /** "March 31, 2027" for a day offset from the epoch. */
  dateLabel(days: number): string;
  monthLabel(days: number): { month: string; year: number };
}

export type EventTemplate = (ctx: TemplateContext) => EventDraft;

export function makeContext(rng: Prng, epochMs: number): TemplateContext {
  const at = (days: number) => new Date(epochMs + days * 86_400_000);
  return {
    rng,
    year: at(0).getUTCFullYear(),
    dateLabel(days) {
      const d = at(days);
      return `${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}, ${d.getUTCFullYear()}`;
    },
    monthLabel(days) {
      const d = at(days);
      return { month: MONTHS[d.getUTCMonth()] as string, year: d.getUTCFullYear() };
    },
  };
}

export function personName(rng: Prng): string {
  return `${rng.pick(FIRST_NAMES)} ${rng.pick(LAST_NAMES)}`;
}

/** Distinct names for the candidates of one event (bounded: the pools hold 720 pairs). */
export function distinctNames(rng: Prng, count: number): string[] {
  const names = new Set<string>();
  for (let attempt = 0; names.size < count && attempt < count * 20; attempt += 1) names.add(personName(rng));
  return [...names];
}

/** Weights that look like a real field: one or two favourites and a long tail. */
export function fieldWeights(rng: Prng, count: number): number[] {
  return Array.from({ length: count }, (_, i) => (1 / (i + 1.2)) * (0.6 + rng.next()));
}

export function money(amount: number): string {
  // Grouped by hand: locale data differs between Node builds and the catalog must not.
  return `$${String(amount).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;
}
