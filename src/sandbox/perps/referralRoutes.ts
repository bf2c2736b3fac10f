/**
 * Invite codes and referrals behind the key headers (errors of `authenticateProxy` first):
 *   POST /v1/account/invite   {} → {status:"ok", code, referrals_available, cooldown_ms}; idempotent:
 *        creates the account's invite code on first call, returns it after.
 *   POST /v1/account/referral {code} → {status:"ok"}; 400 referral_already_set when the account
 *        has a parent, invalid_referral_code (unknown or own code), referral_limit_reached
 *        (10 lifetime), referral_cooldown (3 per rolling 24 h).
 *   GET  /v1/account/referral → {code, children_count, referrals_left, fee_share_rate: "0.2", parent?}
 * Rules in ledger.ts.
 */
import { PERPS_ROUTES } from '../../shared/protocol/perps';
import { parseJson } from '../http/body';
import { ok } from '../http/reply';
import type { Router } from '../http/router';
import { invalidRequest, PERPS_ERRORS, perpsError } from './perpsErrors';
import type { PerpsState } from './perpsState';
import { authenticateProxy } from './proxyAuth';
import { isObject } from './signedOp';

const MAX_CODE = 64;

export function addReferralRoutes(router: Router, state: PerpsState): Router {
  const { ledger, now } = state;
  return router
    .on('POST', PERPS_ROUTES.invite.path, (ctx) => {
      const auth = authenticateProxy(ctx, state);
      if (!auth.ok) return auth.reply;
      const body = ctx.body.trim() === '' ? {} : parseJson(ctx.body);
      if (!isObject(body) || Object.keys(body).length > 0) return invalidRequest('body must be an empty JSON object');
      return ok({ status: 'ok', ...ledger.inviteStatusOf(auth.identity.account, now()) });
    })
    .on('POST', PERPS_ROUTES.applyReferral.path, (ctx) => {
      const auth = authenticateProxy(ctx, state);
      if (!auth.ok) return auth.reply;
      const body = parseJson(ctx.body);
      if (!isObject(body)) return invalidRequest('body must be a JSON object {code}');
      const extra = Object.keys(body).find((key) => key !== 'code');
      if (extra !== undefined) return invalidRequest(`unexpected field ${extra}`);
      const code = body.code;
      if (typeof code !== 'string' || code.trim() === '' || code.length > MAX_CODE) return invalidRequest(`code must be a non-empty string of at most ${MAX_CODE} characters`);
      const { account } = auth.identity;
      if (account.parentCode !== undefined) return perpsError(PERPS_ERRORS.referralAlreadySet);
      const nowMs = now();
      const verdict = ledger.checkReferral(code.trim(), account.address, nowMs);
      if (!verdict.ok) return perpsError(verdict.error);
      ledger.applyReferral(account, verdict.code, nowMs);
      return ok({ status: 'ok' });
    })
    .on('GET', PERPS_ROUTES.readReferral.path, (ctx) => {
      const auth = authenticateProxy(ctx, state);
      if (!auth.ok) return auth.reply;
      return ok(state.ledger.referralOf(auth.identity.account));
    });
}
