/** Everything the perps routes share for one sandbox run: identity, ledger, proxies, salts, clock. */
import type { Hex } from 'viem';
import type { PerpsExchangeInfo } from '../../signing/perpsOperations';
import type { World } from '../world/types';
import { PerpsLedger } from './ledger';
import { ProxyStore } from './proxyStore';
import { SaltRegistry } from './saltRegistry';

export const PERPS_EXCHANGE_NAME = 'Marketdesk Sandbox Perps';

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
    info: { name: PERPS_EXCHANGE_NAME, version: '1', chain_id: options.chainId, contract: world.perpsContract as Hex },
    ledger: new PerpsLedger(world.referralCodes),
    proxies: new ProxyStore(),
    salts: new SaltRegistry(),
    now: options.now ?? Date.now,
  };
}
