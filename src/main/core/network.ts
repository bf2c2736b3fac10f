/**
 * The services one network is made of: the embedded sandbox (a living market on loopback, no
 * account anywhere), a user's profile, or the services a test handed in.
 */
import { join } from 'node:path';
import { SANDBOX_PERPS_INSTRUMENTS, startSandbox } from '../../sandbox/start';
import { SANDBOX_PERPS_WEIGHT_BUDGET, type PerpsInstrument, type PerpsWeightBudget } from '../../shared/protocol/perps';
import { PUBLIC_CHAIN_137_CONTRACTS, type ExchangeContracts } from '../../shared/orders/orderSchema';
import type { NetworkInfo } from '../../shared/viewModels';
import type { Hex } from 'viem';
import { SANDBOX_NETWORK_ID, type NetworkProfile } from '../../shared/networkProfiles';
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
  /** The profile's fraction of each documented limit (RateBudget safetyFactor); the budget's default when absent. */
  budgetSafetyFactor?: number;
  stop(): Promise<void>;
}

/** The sandbox's instruments (the spec has no route listing them; the sandbox exports its list). */
const sandboxPerpsInstruments = (): PerpsInstrument[] => SANDBOX_PERPS_INSTRUMENTS.map(({ id, symbol }) => ({ id, symbol }));

/** A user's profile as the network the core talks to (a remote network: nothing to start or stop). */
export function networkFromProfile(profile: NetworkProfile): ActiveNetwork {
  const { chainId } = profile;
  const { exchange, negRiskExchange, exchangeV1, negRiskExchangeV1, domainName } = profile.contracts;
  // The schema checked each address's form (0x + 40 hex digits).
  const contracts: ExchangeContracts = {
    chainId, exchange: exchange as Hex, negRiskExchange: negRiskExchange as Hex, exchangeV1: exchangeV1 as Hex, negRiskExchangeV1: negRiskExchangeV1 as Hex, domainName,
  };
  return {
    info: { id: profile.id, label: profile.label, isSandbox: false },
    urls: { ...profile.urls },
    chainId,
    contracts,
    perpsDomain: profile.perpsDomain,
    perpsWeightBudget: profile.perpsWeightBudget,
    perpsInstruments: profile.perpsInstruments,
    budgetSafetyFactor: profile.budgetSafetyFactor,
    stop: async () => {},
  };
}

/**
 * The services a test (or a sandbox started elsewhere) handed in with CoreOptions.serviceUrls: a
 * transient network that is not a stored profile. With `isSandbox` it stands in for the embedded
 * sandbox (id `sandbox`); otherwise it has the id `custom` and can be switched back to by that id.
 */
export function networkFromServiceUrls(options: CoreOptions & { serviceUrls: NonNullable<CoreOptions['serviceUrls']> }): ActiveNetwork {
  const { label = 'Custom', isSandbox = false, ...urls } = options.serviceUrls;
  return {
    info: { id: isSandbox ? SANDBOX_NETWORK_ID : TRANSIENT_NETWORK_ID, label, isSandbox },
    urls,
    chainId: SANDBOX_CHAIN_ID,
    contracts: PUBLIC_CHAIN_137_CONTRACTS,
    perpsDomain: SANDBOX_PERPS_DOMAIN,
    perpsWeightBudget: options.perpsWeightBudget ?? SANDBOX_PERPS_WEIGHT_BUDGET,
    perpsInstruments: isSandbox ? sandboxPerpsInstruments() : [],
    stop: async () => {},
  };
}

/** The id of a non-sandbox network handed in with CoreOptions.serviceUrls (tests). */
export const TRANSIENT_NETWORK_ID = 'custom';

/**
 * The embedded sandbox, started the first time it is opened and kept running across network
 * switches, so its paper accounts, orders and balances are where the user left them. Only the
 * core's stop ends it. The paper exchange keeps its accounts (API keys, proxies) in the data
 * dir, so credentials in the vault keep working after a restart too.
 */
export class EmbeddedSandbox {
  private running: Promise<Awaited<ReturnType<typeof startSandbox>>> | null = null;

  constructor(private readonly options: CoreOptions, private readonly settings: SettingsStore) {}

  async open(): Promise<ActiveNetwork> {
    if (!this.running) {
      const { options } = this;
      this.running = startSandbox({
        seed: options.sandboxSeed ?? this.settings.get('sandboxSeed'),
        port: 0,
        stateFile: join(options.dataDir, 'sandbox-state.json'),
        ...(options.sandboxFundingIntervalMs !== undefined ? { perps: { fundingIntervalMs: options.sandboxFundingIntervalMs } } : {}),
        ...(options.sandboxBookHistoryBytes !== undefined ? { bookHistoryBytes: options.sandboxBookHistoryBytes } : {}),
      });
      // A start that failed may be tried again by the next switch.
      this.running.catch(() => {
        this.running = null;
      });
    }
    const sandbox = await this.running;
    return {
      info: { id: SANDBOX_NETWORK_ID, label: 'Sandbox', isSandbox: true },
      urls: sandbox.urls,
      chainId: SANDBOX_CHAIN_ID,
      contracts: PUBLIC_CHAIN_137_CONTRACTS,
      perpsDomain: SANDBOX_PERPS_DOMAIN,
      perpsWeightBudget: SANDBOX_PERPS_WEIGHT_BUDGET,
      perpsInstruments: sandboxPerpsInstruments(),
      // Switching away leaves it running; stopAll below ends it with the core.
      stop: async () => {},
    };
  }

  async stop(): Promise<void> {
    const running = this.running;
    this.running = null;
    if (running) await (await running.catch(() => null))?.stop();
  }
}
