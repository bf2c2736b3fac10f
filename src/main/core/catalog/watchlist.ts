/**
 * The Markets watchlist: event ids the user starred, kept in main's settings so they survive a
 * restart (and a reload of the page in browser mode). One list per network, under
 * `watchlists[networkId]`: a deployment's event ids mean nothing on another. Before networks the
 * one list was stored under `default`; that list is the sandbox's, read from there until the
 * sandbox's list is first written (then it moves to `sandbox` in the same write).
 */
import { SANDBOX_NETWORK_ID } from '../../../shared/networkProfiles';
import { CoreError } from '../coreError';
import type { SettingsStore } from '../settings/settingsStore';

export const WATCHLIST_MAX = 500;
/** Where the one list of older settings files was kept: the sandbox's list. */
export const LEGACY_WATCHLIST_KEY = 'default';

/** Only ids a catalog could have: a hand-edited settings file must not put odd text on screen. */
const EVENT_ID = /^[A-Za-z0-9_-]{1,100}$/;

export class Watchlist {
  constructor(
    private readonly settings: SettingsStore,
    private readonly networkId: () => string = () => SANDBOX_NETWORK_ID,
  ) {}

  ids(): string[] {
    const lists = this.settings.get('watchlists') ?? {};
    const network = this.networkId();
    const stored = lists[network] ?? (network === SANDBOX_NETWORK_ID ? lists[LEGACY_WATCHLIST_KEY] : undefined);
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
    const network = this.networkId();
    const { [LEGACY_WATCHLIST_KEY]: legacy, ...lists } = this.settings.get('watchlists') ?? {};
    // The sandbox's write carries the legacy list over; another network's leaves it for the sandbox.
    const kept = network === SANDBOX_NETWORK_ID || legacy === undefined ? lists : { ...lists, [LEGACY_WATCHLIST_KEY]: legacy };
    this.settings.set('watchlists', { ...kept, [network]: next });
    return next;
  }
}
