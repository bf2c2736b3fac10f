/**
 * Where main asks in its own surface. On every network but the sandbox, always; on the sandbox
 * (paper money) only when the user turned it on, so a new user's first paper trades stay one click
 * and the surface can still be tried there.
 */
import type { NetworkInfo } from '../../../shared/viewModels';
import type { SettingsStore } from '../settings/settingsStore';

export function asksInMain(network: NetworkInfo, settings: SettingsStore): boolean {
  return !network.isSandbox || settings.get('mainConfirmationsOnSandbox') === true;
}
