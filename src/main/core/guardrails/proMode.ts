/**
 * "Pro" mode (orders go out without a confirmation) per account PER NETWORK. The older settings
 * kept one switch per account (`confirmOrdersByAccount`); those values were chosen on the sandbox,
 * the only network there was, so they are read as the sandbox's and never carry over to a live
 * network. On a live network confirmations stay on until the user switches them off there, in
 * main's own confirmation surface.
 */
import { SANDBOX_NETWORK_ID } from '../../../shared/networkProfiles';
import type { NetworkInfo } from '../../../shared/viewModels';
import type { SettingsData, SettingsStore } from '../settings/settingsStore';

type ConfirmMap = SettingsData['confirmOrdersByNetwork'];

/** The per-network map, with the older per-account values folded in as the sandbox's. */
export function readConfirmMap(settings: SettingsStore): ConfirmMap {
  const map = settings.get('confirmOrdersByNetwork');
  const legacy = settings.get('confirmOrdersByAccount');
  if (Object.keys(legacy).length === 0) return map;
  // A value already stored per network wins over the older one it replaced.
  return { ...map, [SANDBOX_NETWORK_ID]: { ...legacy, ...(map[SANDBOX_NETWORK_ID] ?? {}) } };
}

/** Whether orders of this account on this network ask for a confirmation (the default is yes). */
export function confirmsOrders(settings: SettingsStore, networkId: string, accountId: string): boolean {
  return readConfirmMap(settings)[networkId]?.[accountId] ?? true;
}

/**
 * Sets the switch for one account on one network. Switching it off where main asks in its own
 * surface is confirmed there first, by the authority gate in front of this channel
 * (authority/guardrailGates.ts), so no call from the page alone can put live money in pro mode.
 */
export function setConfirmsOrders(settings: SettingsStore, network: NetworkInfo, accountId: string, enabled: boolean): void {
  const map = readConfirmMap(settings);
  settings.set('confirmOrdersByNetwork', { ...map, [network.id]: { ...(map[network.id] ?? {}), [accountId]: enabled } });
  // The older values now live under the sandbox in the map; the old key is emptied once.
  if (Object.keys(settings.get('confirmOrdersByAccount')).length > 0) settings.set('confirmOrdersByAccount', {});
}
