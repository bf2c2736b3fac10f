/**
 * The Markets watchlist: event ids the user starred, kept in main's settings so they survive a
 * restart (and a reload of the page in browser mode). Lists are stored under a key so that one
 * list per network can follow without a migration; today every network shares `default`
 * (docs/decisions.md).
 */
import { CoreError } from '../coreError';
import type { SettingsStore } from '../settings/settingsStore';

export const WATCHLIST_MAX = 500;
export const SHARED_WATCHLIST_KEY = 'default';

/** Only ids a catalog could have: a hand-edited settings file must not put odd text on screen. */
const EVENT_ID = /^[A-Za-z0-9_-]{1,100}$/;

export class Watchlist {
  constructor(
    private readonly settings: SettingsStore,
    private readonly key: () => string = () => SHARED_WATCHLIST_KEY,
  ) {}

  ids(): string[] {
    const stored = this.settings.get('watchlists')?.[this.key()];
    if (!Array.isArray(stored)) return [];
    return [...new Set(stored.filter((id): id is string => typeof id === 'string' && EVENT_ID.test(id)))].slice(0, WATCHLIST_MAX);
  }

  set(eventId: string, watched: boolean): string[] {
    const current = this.ids();
    if (watched === current.includes(eventId)) return current;
    if (watched && current.length >= WATCHLIST_MAX) {
      throw new CoreError('invalid_input', `The watchlist holds at most ${WATCHLIST_MAX} events: remove one before adding another.`);
    }
    const next = watched ? [...current, eventId] : current.filter((id) => id !== eventId);
    this.settings.set('watchlists', { ...(this.settings.get('watchlists') ?? {}), [this.key()]: next });
    return next;
  }
}
