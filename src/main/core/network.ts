/**
 * Chooses the services the core talks to: the embedded sandbox by default (a living market on
 * loopback, no account anywhere), or the deployments a user configured.
 */
import { join } from 'node:path';
import { startSandbox } from '../../sandbox/start';
import type { NetworkInfo } from '../../shared/viewModels';
import type { CoreOptions } from './coreApi';
import type { ServiceUrls } from './net/serviceNames';
import type { SettingsStore } from './settings/settingsStore';

/** The sandbox signs for chain 137 with the public exchange addresses, so any client's orders verify. */
export const SANDBOX_CHAIN_ID = 137;

export interface ActiveNetwork {
  info: NetworkInfo;
  urls: ServiceUrls;
  chainId: number;
  stop(): Promise<void>;
}

export async function openNetwork(options: CoreOptions, settings: SettingsStore): Promise<ActiveNetwork> {
  if (options.serviceUrls) {
    const { label = 'Custom', ...urls } = options.serviceUrls;
    return { info: { id: 'custom', label, isSandbox: false }, urls, chainId: SANDBOX_CHAIN_ID, stop: async () => {} };
  }
  const custom = settings.get('customNetwork');
  if (settings.get('network') === 'custom' && custom) {
    const { label, chainId, ...urls } = custom;
    return { info: { id: 'custom', label, isSandbox: false }, urls, chainId, stop: async () => {} };
  }
  // The paper exchange keeps its accounts (API keys, proxies) in the data dir, so credentials in
  // the vault keep working after a restart.
  const sandbox = await startSandbox({
    seed: options.sandboxSeed ?? settings.get('sandboxSeed'),
    port: 0,
    stateFile: join(options.dataDir, 'sandbox-state.json'),
  });
  return {
    info: { id: 'sandbox', label: 'Sandbox', isSandbox: true },
    urls: sandbox.urls,
    chainId: SANDBOX_CHAIN_ID,
    stop: () => sandbox.stop(),
  };
}
