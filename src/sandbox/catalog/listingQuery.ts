/**
 * The `GET /events` listing query (documented in src/shared/protocol/catalog.ts and
 * docs/decisions/): limit 1..500 (default 100), offset, tag_slug, active, closed.
 * Unknown parameters are ignored, as the public catalog does; malformed known ones are a 400
 * that names the parameter, so a client bug is visible instead of silently mis-filtered.
 */
import { CATALOG_EVENTS_PAGE_MAX } from '../../shared/protocol/catalog';

export interface ListingQuery {
  limit: number;
  offset: number;
  tagSlug: string | null;
  active: boolean | null;
  closed: boolean | null;
}

export type ListingParse = { ok: true; query: ListingQuery } | { ok: false; message: string };

const DIGITS = /^[0-9]{1,9}$/;
const SLUG = /^[A-Za-z0-9-]{1,100}$/;
const MAX_OFFSET = 1_000_000;

function flag(params: URLSearchParams, name: string): boolean | null | 'bad' {
  const value = params.get(name);
  if (value === null) return null;
  if (value === 'true') return true;
  if (value === 'false') return false;
  return 'bad';
}

export function parseListingQuery(params: URLSearchParams): ListingParse {
  const limitText = params.get('limit');
  const limit = limitText === null ? 100 : DIGITS.test(limitText) ? Number(limitText) : NaN;
  if (!(limit >= 1 && limit <= CATALOG_EVENTS_PAGE_MAX)) {
    return { ok: false, message: `limit must be an integer between 1 and ${CATALOG_EVENTS_PAGE_MAX}` };
  }
  const offsetText = params.get('offset');
  const offset = offsetText === null ? 0 : DIGITS.test(offsetText) ? Number(offsetText) : NaN;
  if (!(offset >= 0 && offset <= MAX_OFFSET)) {
    return { ok: false, message: `offset must be an integer between 0 and ${MAX_OFFSET}` };
  }
  const tagSlug = params.get('tag_slug');
  if (tagSlug !== null && !SLUG.test(tagSlug)) {
    return { ok: false, message: 'tag_slug must be 1 to 100 letters, digits or "-"' };
  }
  const active = flag(params, 'active');
  if (active === 'bad') return { ok: false, message: 'active must be "true" or "false"' };
  const closed = flag(params, 'closed');
  if (closed === 'bad') return { ok: false, message: 'closed must be "true" or "false"' };
  return { ok: true, query: { limit, offset, tagSlug, active, closed } };
}
