/** Everything the perps routes share for one sandbox run: identity, ledger, proxies, salts, clock. */
import type { Hex } from 'viem';
import type { PerpsExchangeInfo } from '../../signing/perpsOperations';
import type { World } from '../world/types';
import { PerpsLedger } from './ledger';
import { ProxyStore } from './proxyStore';
import { SaltRegistry } from './saltRegistry';

export const PERPS_EXCHANGE_NAME = 'Marketdesk Sandbox Perps';
export const PERPS_DOMAIN_VERSION = '1';
/**
 * The sandbox perps exchange's verifying contract, the same for every seed: the client pins the
 * sandbox network's signing domain as constants (src/main/core/network.ts) and refuses to sign
 * under any other. The value is the one seed 7 once derived, so saved sandbox state keeps working.
 */
export const PERPS_CONTRACT: Hex = '0x41042BaFE8238355C51a55cDE29C5F25aB0678D0';

export interface PerpsState {
  /** The EIP-712 domain of signed ops, exactly what `GET /v1/info/exchange` serves. */
  info: PerpsExchangeInfo;
  ledger: PerpsLedger;
  proxies: ProxyStore;
  salts: SaltRegistry;
  now: () => number;
}

export function createPerpsState(world: World, options: { chainId: number; now?: () => number }): PerpsState {
  return {
    info: { name: PERPS_EXCHANGE_NAME, version: PERPS_DOMAIN_VERSION, chain_id: options.chainId, contract: PERPS_CONTRACT },
    ledger: new PerpsLedger(world.referralCodes),
    proxies: new ProxyStore(),
    salts: new SaltRegistry(),
    now: options.now ?? Date.now,
  };
}
