/**
 * `GET /v1/account/referral` (key headers): the caller's account referral object
 * `{code, children_count, referrals_left, fee_share_rate: "0.2", parent?}`; the invite code is
 * created on first read (see ledger.ts). Errors are those of `authenticateProxy`.
 */
import { ok } from '../http/reply';
import type { Router } from '../http/router';
import type { PerpsState } from './perpsState';
import { authenticateProxy } from './proxyAuth';

export function addReferralRoutes(router: Router, state: PerpsState): Router {
  return router.on('GET', '/v1/account/referral', (ctx) => {
    const auth = authenticateProxy(ctx, state);
    if (!auth.ok) return auth.reply;
    return ok(state.ledger.referralOf(auth.identity.account));
  });
}
