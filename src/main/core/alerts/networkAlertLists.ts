/**
 * The price alerts and the alert log of one network, in settings under `priceAlertsByNetwork` and
 * `alertLogByNetwork` (keyed by network id): an alert watches a token of one deployment's order
 * book, and what fired there is that deployment's history.
 *
 * Older settings files kept one list of each under `priceAlerts` and `alertLog`; those are the
 * sandbox's. They are read as the sandbox's until the sandbox's list is first written, which
 * writes the per-network map first and only then empties the old key (a stop in between leaves
 * the map, which wins on read): nothing is lost or fired twice.
 */
import { SANDBOX_NETWORK_ID } from '../../../shared/networkProfiles';
import type { FiredAlert, PriceAlert } from '../../../shared/prefs';
import type { SettingsData, SettingsStore } from '../settings/settingsStore';

type ListKeys = { byNetwork: 'priceAlertsByNetwork'; legacy: 'priceAlerts' } | { byNetwork: 'alertLogByNetwork'; legacy: 'alertLog' };

export class NetworkAlertLists {
  constructor(
    private readonly settings: SettingsStore,
    private readonly networkId: string,
  ) {}

  alerts(): PriceAlert[] {
    return this.read({ byNetwork: 'priceAlertsByNetwork', legacy: 'priceAlerts' }) as PriceAlert[];
  }

  setAlerts(alerts: PriceAlert[]): void {
    this.write({ byNetwork: 'priceAlertsByNetwork', legacy: 'priceAlerts' }, alerts);
  }

  log(): FiredAlert[] {
    return this.read({ byNetwork: 'alertLogByNetwork', legacy: 'alertLog' }) as FiredAlert[];
  }

  setLog(log: FiredAlert[]): void {
    this.write({ byNetwork: 'alertLogByNetwork', legacy: 'alertLog' }, log);
  }

  private read(keys: ListKeys): PriceAlert[] | FiredAlert[] {
    const own = this.settings.get(keys.byNetwork)[this.networkId];
    if (own) return own;
    return this.networkId === SANDBOX_NETWORK_ID ? this.settings.get(keys.legacy) : [];
  }

  private write(keys: ListKeys, list: PriceAlert[] | FiredAlert[]): void {
    const map = { ...this.settings.get(keys.byNetwork), [this.networkId]: list } as SettingsData[typeof keys.byNetwork];
    this.settings.set(keys.byNetwork, map);
    if (this.networkId === SANDBOX_NETWORK_ID && this.settings.get(keys.legacy).length > 0) this.settings.set(keys.legacy, []);
  }
}
