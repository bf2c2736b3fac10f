/**
 * Perpetuals exchange (`/v1`): public exchange identity and collateral, proxy keys (perps/
 * proxyRoutes.ts) and the account referral read behind proxy-key auth (perps/referralRoutes.ts).
 */
import { ok } from '../http/reply';
import { Router } from '../http/router';
import { createPerpsState, type PerpsState } from '../perps/perpsState';
import { addProxyRoutes } from '../perps/proxyRoutes';
import { addReferralRoutes } from '../perps/referralRoutes';
import type { World } from '../world/types';

/** The default chain id of the sandbox network profile (the `chainId` sandbox option). */
export const PERPS_CHAIN_ID = 137;

export function perpsRouter(world: World, state: PerpsState = createPerpsState(world, { chainId: PERPS_CHAIN_ID })): Router {
  const router = new Router()
    .on('GET', '/v1/info/exchange', () => ok(state.info))
    .on('GET', '/v1/info/assets', () =>
      ok([{ asset: 'USDC', address: world.collateralAddress, decimals: 6, collateral_ratio: '1', withdrawal_fee: '1' }]));
  addProxyRoutes(router, state);
  return addReferralRoutes(router, state);
}
