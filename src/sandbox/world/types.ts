/**
 * The sandbox world as the engine sees it. Each event and market also carries its full
 * static catalog record (every field the spec names), built once from the seed; the catalog
 * server overlays live prices from the books onto those records when it serves them.
 */
import type { TickSize } from '../../shared/protocol/clob';

export type CatalogRecord = Record<string, unknown>;

export interface WorldTag {
  id: string;
  label: string;
  slug: string;
  record: CatalogRecord;
}

export interface WorldMarket {
  id: string;
  eventId: string;
  conditionId: string;
  question: string;
  slug: string;
  /** Yes token first, No token second, as `clobTokenIds` lists them. */
  tokenIds: readonly [string, string];
  tickSize: TickSize;
  minOrderSize: number;
  negRisk: boolean;
  active: boolean;
  closed: boolean;
  acceptingOrders: boolean;
  /** Starting fair value of the Yes outcome, in pips (on tick). */
  initialFairPips: number;
  /** 0 when Yes won, 1 when No won; null while unresolved. */
  resolvedOutcome: 0 | 1 | null;
  record: CatalogRecord;
}

export interface WorldEvent {
  id: string;
  slug: string;
  title: string;
  active: boolean;
  closed: boolean;
  negRisk: boolean;
  volume24hr: number;
  tagSlugs: readonly string[];
  tags: WorldTag[];
  markets: WorldMarket[];
  /** The event's catalog record without `markets` (added live) and with `tags`. */
  record: CatalogRecord;
}

export interface World {
  seed: number;
  /** The world's "now": creation dates lie before it, open markets end after it. */
  epochMs: number;
  events: WorldEvent[];
  tags: WorldTag[];
  markets: WorldMarket[];
  /** The perps collateral token, derived from the seed like everything else. */
  collateralAddress: string;
  /** Perps referral codes valid from the start (house codes with no owning account). */
  referralCodes: readonly string[];
}
