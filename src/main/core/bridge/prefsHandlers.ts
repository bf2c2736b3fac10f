/** Display preferences and alerts (prefs): thin calls into the settings store and the alert service. */
import { DEFAULT_DISPLAY_PREFS, type DisplayPrefs } from '../../../shared/prefs';
import { displayPrefsSchema } from '../../../shared/prefsSchemas';
import type { EventName, EventPayload } from '../../../shared/contract';
import type { AlertService } from '../alerts/alertService';
import type { SettingsStore } from '../settings/settingsStore';
import type { BridgeHandlers } from './handlerTypes';

export interface PrefsServices {
  settings: SettingsStore;
  alerts: AlertService;
  emit: <K extends EventName>(event: K, payload: EventPayload<K>) => void;
}

/** Display preferences live across network switches; alerts watch one network's books. */
export type DisplayPrefsChannel = 'getDisplayPrefs' | 'setDisplayPrefs';
export type AlertChannel = 'listAlerts' | 'createPriceAlert' | 'removePriceAlert' | 'clearAlertLog';

export function createPrefsHandlers(services: PrefsServices): Pick<BridgeHandlers, DisplayPrefsChannel | AlertChannel> {
  return { ...createDisplayPrefsHandlers(services), ...createAlertHandlers(services.alerts) };
}

export function createAlertHandlers(alerts: AlertService): Pick<BridgeHandlers, AlertChannel> {
  return {
    listAlerts: async () => alerts.state(),
    createPriceAlert: async (input) => alerts.create(input),
    removePriceAlert: async ({ alertId }) => alerts.remove(alertId),
    clearAlertLog: async () => alerts.clearLog(),
  };
}

export function createDisplayPrefsHandlers({ settings, emit }: Pick<PrefsServices, 'settings' | 'emit'>): Pick<BridgeHandlers, DisplayPrefsChannel> {
  return {
    getDisplayPrefs: async () => settings.get('displayPrefs'),
    setDisplayPrefs: async (change) => {
      // The change was parsed by its schema; the merged whole is parsed again before it is written.
      const next: DisplayPrefs = displayPrefsSchema.parse({ ...DEFAULT_DISPLAY_PREFS, ...settings.get('displayPrefs'), ...change });
      settings.set('displayPrefs', next);
      emit('displayPrefsChanged', next);
      return next;
    },
  };
}
