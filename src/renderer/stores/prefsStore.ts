/**
 * The user's display preferences, as main stores them. Loading or receiving them applies them at
 * once: the theme on the page, the formats in lib/format.ts, and the ticket's starting size when
 * the ticket is still empty. Views re-render through `selectFormatKey` (App keys the current
 * view on it), so numbers and times change without a reload.
 */
import { create } from 'zustand';
import { DEFAULT_DISPLAY_PREFS, type DisplayPrefs } from '../../shared/prefs';
import type { BridgeError } from '../../shared/result';
import { api } from '../bridge/api';
import { setFormatPrefs } from '../lib/format';
import { applyTheme } from '../lib/theme';
import { useTicketStore } from './ticketStore';

interface PrefsState {
  prefs: DisplayPrefs;
  loaded: boolean;
  loadError: BridgeError | null;
  load: () => Promise<void>;
  receive: (prefs: DisplayPrefs) => void;
  /** Saves a change; resolves to the error to show next to the field, or null. */
  save: (change: Partial<DisplayPrefs>) => Promise<BridgeError | null>;
}

function apply(prefs: DisplayPrefs, previous: DisplayPrefs | null): void {
  setFormatPrefs(prefs);
  applyTheme(prefs.theme);
  // The ticket starts at the default size: fill it while it is empty or still shows the old default.
  const ticket = useTicketStore.getState();
  if (prefs.defaultOrderSize !== '' && (ticket.size === '' || ticket.size === previous?.defaultOrderSize)) {
    ticket.set({ size: prefs.defaultOrderSize });
  }
}

export const usePrefsStore = create<PrefsState>()((set, get) => ({
  prefs: DEFAULT_DISPLAY_PREFS,
  loaded: false,
  loadError: null,
  load: async () => {
    const result = await api.getDisplayPrefs({});
    if (result.ok) get().receive(result.value);
    else set({ loadError: result.error });
  },
  receive: (prefs) => {
    const previous = get().loaded ? get().prefs : null;
    apply(prefs, previous);
    set({ prefs, loaded: true, loadError: null });
  },
  save: async (change) => {
    const result = await api.setDisplayPrefs(change);
    if (!result.ok) return result.error;
    get().receive(result.value);
    return null;
  },
}));

export const selectPrefs = (s: PrefsState): DisplayPrefs => s.prefs;
/** The ticket's initial size in shares ('' = none): the ticket may read it when it resets. */
export const selectDefaultOrderSize = (s: PrefsState): string => s.prefs.defaultOrderSize;
export const selectFillAlerts = (s: PrefsState): boolean => s.prefs.fillAlerts;
/** Changes whenever something that changes formatted text changes. */
export const selectFormatKey = (s: PrefsState): string => `${s.prefs.priceStyle}|${s.prefs.clock}|${s.prefs.timeZone}|${s.prefs.theme}`;
