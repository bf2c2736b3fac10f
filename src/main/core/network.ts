/**
 * Chooses the services the core talks to: the embedded sandbox by default (a living market on
 * loopback, no account anywhere), or the deployments a user configured.
 */
import { join } from 'node:path';
import { SANDBOX_PERPS_INSTRUMENTS, startSandbox } from '../../sandbox/start';
import { SANDBOX_PERPS_WEIGHT_BUDGET, type PerpsInstrument, type PerpsWeightBudget } from '../../shared/protocol/perps';
import { PUBLIC_CHAIN_137_CONTRACTS, type ExchangeContracts } from '../../shared/orders/orderSchema';
import type { NetworkInfo } from '../../shared/viewModels';
import type { CoreOptions } from './coreApi';
import type { ServiceUrls } from './net/serviceNames';
import type { PerpsDomain } from './settings/perpsDomainSchema';
import type { SettingsStore } from './settings/settingsStore';

/** The sandbox signs for chain 137 with the public exchange addresses, so any client's orders verify. */
export const SANDBOX_CHAIN_ID = 137;

/**
 * The sandbox perps exchange's EIP-712 domain, pinned here rather than learnt from the server: a
 * program that took the sandbox's port, or an altered sandbox, cannot choose what the owner key
 * signs. test/security/perpsDomainPin.test.ts checks the embedded sandbox serves exactly this.
 */
export const SANDBOX_PERPS_DOMAIN: Readonly<PerpsDomain> = Object.freeze({
  name: 'Marketdesk Sandbox Perps',
  version: '1',
  chainId: SANDBOX_CHAIN_ID,
  verifyingContract: '0x41042BaFE8238355C51a55cDE29C5F25aB0678D0',
});

export interface ActiveNetwork {
  info: NetworkInfo;
  urls: ServiceUrls;
  chainId: number;
  /** The exchange contracts orders are signed for (a network setting, not a constant in code). */
  contracts: ExchangeContracts;
  /** The perps signing domain pinned in the profile; null when a custom profile carries none. */
  perpsDomain: Readonly<PerpsDomain> | null;
  /** The perps exchange's weight budget: every perps request counts its route weight against it. */
  perpsWeightBudget: Readonly<PerpsWeightBudget>;
  /** The perps instruments (the spec has no route listing them). */
  perpsInstruments: readonly PerpsInstrument[];
  stop(): Promise<void>;
}

/** The sandbox's instruments (the spec has no route listing them; the sandbox exports its list). */
const sandboxPerpsInstruments = (): PerpsInstrument[] => SANDBOX_PERPS_INSTRUMENTS.map(({ id, symbol }) => ({ id, symbol }));

export async function openNetwork(options: CoreOptions, settings: SettingsStore): Promise<ActiveNetwork> {
  if (options.serviceUrls) {
    const { label = 'Custom', isSandbox: _isSandbox, ...urls } = options.serviceUrls;
    return {
      info: { id: options.serviceUrls.isSandbox ? 'sandbox' : 'custom', label, isSandbox: options.serviceUrls.isSandbox ?? false },
      urls,
      chainId: SANDBOX_CHAIN_ID,
      contracts: PUBLIC_CHAIN_137_CONTRACTS,
      perpsDomain: SANDBOX_PERPS_DOMAIN,
      perpsWeightBudget: options.perpsWeightBudget ?? SANDBOX_PERPS_WEIGHT_BUDGET,
      perpsInstruments: options.serviceUrls.isSandbox ? sandboxPerpsInstruments() : [],
      stop: async () => {},
    };
  }
  const custom = settings.get('customNetwork');
  if (settings.get('network') === 'custom' && custom) {
    const { label, chainId, perpsDomain, perpsWeightBudget, perpsInstruments, ...urls } = custom;
    return {
      info: { id: 'custom', label, isSandbox: false }, urls, chainId, contracts: { ...PUBLIC_CHAIN_137_CONTRACTS, chainId },
      perpsDomain: perpsDomain ?? null, perpsWeightBudget, perpsInstruments, stop: async () => {},
    };
  }
  // The paper exchange keeps its accounts (API keys, proxies) in the data dir, so credentials in
  // the vault keep working after a restart.
  const sandbox = await startSandbox({
    seed: options.sandboxSeed ?? settings.get('sandboxSeed'),
    port: 0,
    stateFile: join(options.dataDir, 'sandbox-state.json'),
    ...(options.sandboxFundingIntervalMs !== undefined ? { perps: { fundingIntervalMs: options.sandboxFundingIntervalMs } } : {}),
  });
  return {
    info: { id: 'sandbox', label: 'Sandbox', isSandbox: true },
    urls: sandbox.urls,
    chainId: SANDBOX_CHAIN_ID,
    contracts: PUBLIC_CHAIN_137_CONTRACTS,
    perpsDomain: SANDBOX_PERPS_DOMAIN,
    perpsWeightBudget: SANDBOX_PERPS_WEIGHT_BUDGET,
    perpsInstruments: sandboxPerpsInstruments(),
    stop: () => sandbox.stop(),
  };
}
