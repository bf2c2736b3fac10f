/**
 * Perpetuals exchange (`/v1`): every route of the spec's endpoint table (perps/*Routes.ts), the
 * sandbox admin routes (`/sandbox/perps/…`) and the service definition with the perps error shape
 * and the per-client weight budget.
 */
import { perpsRequestWeight, SANDBOX_PERPS_WEIGHT_BUDGET, type PerpsWeightBudget } from '../../shared/protocol/perps';
import type { ServiceDefinition } from '../http/jsonServer';
import { Router } from '../http/router';
import { addHistoryRoutes } from '../perps/historyRoutes';
import { addInfoRoutes } from '../perps/infoRoutes';
import { addPerpsAdminRoutes } from '../perps/perpsAdminRoutes';
import { perpsRateLimited, perpsServiceErrors } from '../perps/perpsServiceErrors';
import { createPerpsState, type PerpsState } from '../perps/perpsState';
import { addProxyRoutes } from '../perps/proxyRoutes';
import { addReferralRoutes } from '../perps/referralRoutes';
import { addTransferRoutes } from '../perps/transferRoutes';
import { WeightMeter } from '../perps/weightMeter';
import type { World } from '../world/types';

/** The default chain id of the sandbox network profile (the `chainId` sandbox option). */
export const PERPS_CHAIN_ID = 137;

export function perpsRouter(world: World, state: PerpsState = createPerpsState(world, { chainId: PERPS_CHAIN_ID }), weights?: WeightMeter): Router {
  const router = new Router();
  addInfoRoutes(router, state);
  addProxyRoutes(router, state);
  addReferralRoutes(router, state);
  addTransferRoutes(router, state);
  addHistoryRoutes(router, state);
  return addPerpsAdminRoutes(router, state, weights ?? new WeightMeter(SANDBOX_PERPS_WEIGHT_BUDGET, state.now));
}

/** The perps server: its routes, `{status:"err", error}` failures and the weight budget per client address. */
export function perpsService(world: World, state: PerpsState, budget: PerpsWeightBudget = SANDBOX_PERPS_WEIGHT_BUDGET): { definition: ServiceDefinition; weights: WeightMeter } {
  const weights = new WeightMeter(budget, state.now);
  return {
    weights,
    definition: {
      name: 'perps',
      router: perpsRouter(world, state, weights),
      errors: perpsServiceErrors,
      admit: ({ method, path, remoteAddress }) => {
        const verdict = weights.admit(remoteAddress, perpsRequestWeight(method, path));
        return verdict.ok ? null : perpsRateLimited(verdict.retryAfterS);
      },
    },
  };
}
