/**
 * Price alerts waiting to fire and the log of alerts that fired, as main keeps them. A fired
 * alert arrives as an event: it goes to the top of the log at once (and leaves the waiting list
 * if it was a price alert), and in browser mode becomes a web notification (lib/webNotifications).
 */
import { create } from 'zustand';
import type { AlertsState, FiredAlert, PriceAlert, PriceAlertInput } from '../../shared/prefs';
import type { BridgeError } from '../../shared/result';
import { api } from '../bridge/api';

interface AlertsStoreState extends AlertsState {
  phase: 'idle' | 'loading' | 'ready' | 'error';
  error: BridgeError | null;
  load: () => Promise<void>;
  receiveFired: (alert: FiredAlert) => void;
  create: (input: PriceAlertInput) => Promise<BridgeError | null>;
  remove: (alertId: string) => Promise<BridgeError | null>;
  clearLog: () => Promise<BridgeError | null>;
}

export const useAlertsStore = create<AlertsStoreState>()((set) => {
  const settle = (result: { ok: true; value: AlertsState } | { ok: false; error: BridgeError }): BridgeError | null => {
    if (!result.ok) return result.error;
    set({ ...result.value, phase: 'ready', error: null });
    return null;
  };
  return {
    alerts: [],
    log: [],
    phase: 'idle',
    error: null,
    load: async () => {
      set({ phase: 'loading' });
      const result = await api.listAlerts({});
      if (!result.ok) set({ phase: 'error', error: result.error });
      else settle(result);
    },
    receiveFired: (alert) =>
      set((s) => ({
        log: [alert, ...s.log.filter((e) => e.id !== alert.id)],
        alerts: alert.kind === 'price' ? s.alerts.filter((a) => a.id !== alert.id) : s.alerts,
      })),
    create: async (input) => settle(await api.createPriceAlert(input)),
    remove: async (alertId) => settle(await api.removePriceAlert({ alertId })),
    clearLog: async () => settle(await api.clearAlertLog({})),
  };
});

export const selectAlertsFor =
  (tokenId: string) =>
  (s: AlertsStoreState): PriceAlert[] =>
    s.alerts.filter((a) => a.tokenId === tokenId);
