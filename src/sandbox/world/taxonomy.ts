/**
 * Tags, categories, series and collections of the world. Ids are small stable numbers so a
 * tag id or series id reads the same in every run with any seed.
 */
import type { CatalogRecord, WorldTag } from './types';
import { CATEGORY_TEMPLATES, COLLECTIONS, TAG_LABELS, type CategoryKey } from './templates';
import { categoryRecord, collectionRecord, tagRecord } from './records/common';

export interface Taxonomy {
  tags: WorldTag[];
  tagBySlug: Map<string, WorldTag>;
  /** Category and subcategory records an event of this category/subcategory lists. */
  categoriesFor(category: CategoryKey, subcategory: string): CatalogRecord[];
  collectionFor(category: CategoryKey): CatalogRecord | null;
}

export function categoryTagSlug(category: CategoryKey): string {
  return category.toLowerCase();
}

export function buildTaxonomy(atMs: number): Taxonomy {
  const categorySlugs = new Set(CATEGORY_TEMPLATES.map(([c]) => categoryTagSlug(c)));
  const tags: WorldTag[] = Object.entries(TAG_LABELS).map(([slug, label], i) => {
    const id = String(100 + i);
    return { id, label, slug, record: tagRecord(id, label, slug, atMs, categorySlugs.has(slug)) };
  });
  const tagBySlug = new Map(tags.map((t) => [t.slug, t]));

  const categoryIds = new Map<string, string>();
  CATEGORY_TEMPLATES.forEach(([category], i) => categoryIds.set(category, String(10 + i)));
  const subcategoryRecords = new Map<string, CatalogRecord>();

  const collections = new Map<CategoryKey, CatalogRecord>();
  Object.entries(COLLECTIONS).forEach(([category, def], i) => {
    if (!def) return;
    const slug = def.title.toLowerCase().replace(/[^a-z0-9]+/g, '-');
    collections.set(category as CategoryKey, collectionRecord(String(300 + i), slug, def.title, def.collectionType, categoryTagSlug(category as CategoryKey), atMs));
  });

  return {
    tags,
    tagBySlug,
    categoriesFor(category, subcategory) {
      const parentId = categoryIds.get(category) ?? '10';
      const parent = categoryRecord(parentId, category, '', atMs);
      const key = `${category}/${subcategory}`;
      let child = subcategoryRecords.get(key);
      if (!child) {
        const label = subcategory.replace(/-/g, ' ').replace(/\b[a-z]/g, (c) => c.toUpperCase());
        child = categoryRecord(String(1000 + subcategoryRecords.size), label, parentId, atMs);
        subcategoryRecords.set(key, child);
      }
      return [parent, child];
    },
    collectionFor(category) {
      return collections.get(category) ?? null;
    },
  };
}

