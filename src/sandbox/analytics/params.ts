/**
 * Query parameters of the analytics routes: every name is read under its snake_case and
 * camelCase spelling (plus route-specific aliases), and the primitive rules (integers, booleans,
 * enumerations, `limit`, the refused `offset`) live here so every route words them the same way.
 */
import { MAX_PAGE_LIMIT } from '../../shared/protocol/analytics';
import { invalid } from './errors';

const camel = (snake: string) => snake.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

export class QueryParams {
  constructor(private readonly query: URLSearchParams) {
    // Rule 1 of pagination: cursor-only. `offset` under either spelling is refused outright.
    if (query.has('offset')) throw invalid('offset', 'offset is not supported: pagination is cursor-only (follow pagination.next_cursor)');
  }

  /**
   * The value under `name` or any alias. Two spellings (or a repeated key) with different
   * values are ambiguous and refused; the same value restated is fine.
   */
  string(name: string, aliases: readonly string[] = []): string | undefined {
    const names = [...new Set([name, camel(name), ...aliases])];
    let found: string | undefined;
    for (const key of names) {
      for (const value of this.query.getAll(key)) {
        if (found !== undefined && found !== value) throw invalid(name, `${name} was given twice with different values ('${found}', '${value}')`);
        found = value;
      }
    }
    return found;
  }

  has(name: string, aliases: readonly string[] = []): boolean {
    return this.string(name, aliases) !== undefined;
  }

  required(name: string, aliases: readonly string[] = []): string {
    const value = this.string(name, aliases);
    if (value === undefined || value.trim() === '') throw invalid(name, `${name} is required`);
    return value.trim();
  }

  /** An integer in [min, max]; `undefined` when absent. */
  integer(name: string, min: number, max: number, aliases: readonly string[] = []): number | undefined {
    const raw = this.string(name, aliases);
    if (raw === undefined) return undefined;
    if (!/^-?\d{1,19}$/.test(raw.trim())) throw invalid(name, `${name} must be an integer (got '${raw}')`);
    const value = Number(raw.trim());
    if (!Number.isSafeInteger(value) || value < min || value > max) {
      throw invalid(name, `${name} must be between ${min} and ${max} (got ${raw})`);
    }
    return value;
  }

  boolean(name: string, fallback: boolean): boolean {
    const raw = this.string(name);
    if (raw === undefined) return fallback;
    const lower = raw.trim().toLowerCase();
    if (lower === 'true') return true;
    if (lower === 'false') return false;
    throw invalid(name, `${name} must be true or false (got '${raw}')`);
  }

  /** One of `allowed` (matched case-insensitively, returned in its listed spelling). */
  oneOf<T extends string>(name: string, allowed: readonly T[], fallback: T, aliases: readonly string[] = []): T {
    const raw = this.string(name, aliases);
    if (raw === undefined) return fallback;
    const hit = allowed.find((a) => a.toLowerCase() === raw.trim().toLowerCase());
    if (!hit) throw invalid(name, `${name} must be one of ${allowed.join(', ')} (got '${raw}')`);
    return hit;
  }

  /** `limit`: an int32 between 0 and `max`; a value above the cap is refused, never clamped. */
  limit(fallback: number, max = MAX_PAGE_LIMIT): number {
    return this.integer('limit', 0, max) ?? fallback;
  }

  /** A comma-separated list; empty items are refused. */
  list(name: string, aliases: readonly string[] = []): string[] | undefined {
    const raw = this.string(name, aliases);
    if (raw === undefined) return undefined;
    const items = raw.split(',').map((s) => s.trim());
    const empty = items.findIndex((s) => s === '');
    if (empty >= 0) throw invalid(name, `${name} has an empty item at position ${empty + 1} ('${raw}')`);
    return items;
  }
}
