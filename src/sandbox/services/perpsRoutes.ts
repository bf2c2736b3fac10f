/** Perpetuals exchange (`/v1`): public exchange identity and collateral for now. */
import { ok } from '../http/reply';
import { Router } from '../http/router';
import type { World } from '../world/types';

export const PERPS_CHAIN_ID = 137;

export function perpsRouter(world: World): Router {
  return new Router()
    .on('GET', '/v1/info/exchange', () =>
      ok({ name: 'Marketdesk Sandbox Perps', version: '1', chain_id: PERPS_CHAIN_ID, contract: world.perpsContract }))
    .on('GET', '/v1/info/assets', () =>
      ok([{ asset: 'USDC', address: world.collateralAddress, decimals: 6, collateral_ratio: '1', withdrawal_fee: '1' }]));
}
