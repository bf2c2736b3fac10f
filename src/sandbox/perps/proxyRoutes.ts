/**
 * Proxy keys (spec "Endpoints", signed by the owner EOA, no headers):
 *   POST   /v1/account/proxy  createProxy → 200 {status:"ok", secret}
 *   DELETE /v1/account/proxy  deleteProxy → 200 {status:"ok"}
 * Errors `{status:"err", error}`: 400 `invalid_request: …` / `invalid_args: …` / `invalid_ts: …`
 * for malformed input; 401 `invalid_signature` when the signer is not the owner; 400
 * `duplicate_salt`, `proxy_exists`, `invalid_referral_code`, `referral_limit_reached`,
 * `unknown_proxy`. Checks run in that order; a refused operation changes nothing.
 */
import { ok } from '../http/reply';
import type { Router } from '../http/router';
import { openAccount, type PerpsState } from './perpsState';
import { PERPS_ERRORS, perpsError } from './perpsErrors';
import { parseCreateProxyArgs, parseDeleteProxyArgs } from './proxyOps';
import { parseSignedOp, recoverOpSigner } from './signedOp';

const sameAddress = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

export function addProxyRoutes(router: Router, state: PerpsState): Router {
  const { info, ledger, proxies, salts, now } = state;
  return router
    .on('POST', '/v1/account/proxy', async (ctx) => {
      const parsed = parseSignedOp(ctx.body, 'createProxy', parseCreateProxyArgs, { extras: ['label', 'code'] }, now());
      if (!parsed.ok) return parsed.reply;
      const op = parsed.value;
      const { owner, proxy, expiry } = op.args;
      const signer = await recoverOpSigner(info, op);
      // Everything below is synchronous, so checks and changes cannot interleave with another request.
      if (!signer || !sameAddress(signer, owner)) return perpsError(PERPS_ERRORS.invalidSignature);
      if (salts.has(owner, op.salt)) return perpsError(PERPS_ERRORS.duplicateSalt);
      if (proxies.get(proxy)) return perpsError(PERPS_ERRORS.proxyExists);
      const referral = op.code === undefined ? null : ledger.checkReferral(op.code, owner, now());
      if (referral && !referral.ok) return perpsError(referral.error);

      salts.spend(owner, op.salt);
      const nowMs = now();
      const { account } = openAccount(state, owner, nowMs);
      if (referral) ledger.applyReferral(account, referral.code, nowMs);
      const secret = proxies.issue({
        proxy, owner, expiryMs: expiry, createdAtMs: nowMs,
        ...(op.label !== undefined && { label: op.label }),
        ...(referral && { code: referral.code }),
      });
      return ok({ status: 'ok', secret });
    })
    .on('DELETE', '/v1/account/proxy', async (ctx) => {
      const parsed = parseSignedOp(ctx.body, 'deleteProxy', parseDeleteProxyArgs, { extras: [] }, now());
      if (!parsed.ok) return parsed.reply;
      const op = parsed.value;
      if (!proxies.get(op.args.proxy)) return perpsError(PERPS_ERRORS.unknownProxy);
      const signer = await recoverOpSigner(info, op);
      const record = proxies.get(op.args.proxy);
      if (!record) return perpsError(PERPS_ERRORS.unknownProxy);
      if (!signer || !sameAddress(signer, record.owner)) return perpsError(PERPS_ERRORS.invalidSignature);
      if (salts.has(record.owner, op.salt)) return perpsError(PERPS_ERRORS.duplicateSalt);
      salts.spend(record.owner, op.salt);
      proxies.delete(record.proxy);
      return ok({ status: 'ok' });
    });
}
