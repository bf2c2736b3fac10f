/**
 * The categories the biggest-winners board accepts. The analytics service lists none, so the
 * menu follows the spec: its own three (`overall`, `combos`, `esports`), then the catalog's
 * market categories (each event's `category`). Catalog tags are not categories: the service
 * refuses them.
 */
import { SERVICE_BOARD_CATEGORIES, type BoardCategoryView } from '../../../shared/marketDataViews';

/** A slug the bridge's schema takes: lower-case letters, digits, spaces and dashes. */
const SLUG = /^[a-z0-9][a-z0-9 -]{0,59}$/;

export function boardCategories(catalog: ReadonlyArray<{ slug: string; label: string }>): BoardCategoryView[] {
  const seen = new Set(SERVICE_BOARD_CATEGORIES.map((c) => c.slug));
  const fromCatalog = catalog
    .filter((c) => SLUG.test(c.slug) && !seen.has(c.slug))
    .map((c): BoardCategoryView => ({ slug: c.slug, label: c.label, source: 'catalog' }));
  return [...SERVICE_BOARD_CATEGORIES, ...fromCatalog];
}
