/**
 * Sandbox admin routes of the trading half, on the order-book server, loopback-only (403 from
 * anywhere else) and outside the edge windows. Every request first passes http/adminGuard.ts:
 * a loopback Host, no Origin, and `Content-Type: application/json` on POSTs. No authentication: they exist so a developer, a
 * test or the app's sandbox button can fund accounts and put the exchange into the states the
 * spec describes. Bad input answers 400 `{error}` naming the field.
 *
 *   POST /sandbox/faucet {address, amount}         credit paper collateral; amount in USD as a
 *        decimal string or number, > 0, at most 1,000,000, at most 6 decimals
 *        → {address, balance} (base units, 6 decimals)
 *   POST /sandbox/mode {mode, durationSeconds?, postOnlySeconds?, retryAfterSeconds?}
 *        mode: normal | trading-disabled | cancel-only | post-only | restarting. A duration ends
 *        the mode (back to normal); restarting lasts 90 s unless told, then post-only for
 *        postOnlySeconds (default 0), then normal. retryAfterSeconds overrides the hint in 425
 *        and post-only 503 answers (default: the phase's remaining time; 120 if open-ended).
 *        → {mode, untilMs, next}
 *   GET  /sandbox/mode → {mode, untilMs, next}
 *   POST /sandbox/address {address, restriction: none | closed-only | banned} → {address, restriction}
 *   POST /sandbox/faults {orderTimeouts: N}  the next N orders answer 500 `order timed out`
 *        → {orderTimeouts}
 *   POST /sandbox/funder {signer, funder, signatureType: 1|2|3}  which funder the signer's
 *        balance reads with that signature type answer → {signer, signatureType, funder}
 */
import { getAddress, isAddress } from 'viem';
import { parseJson } from '../http/body';
import { ok, reply, type Reply } from '../http/reply';
import type { RequestContext, Router } from '../http/router';
import { isLoopback } from '../http/adminGuard';
import { parseDecimalAmount, BASE_UNITS_PER_SHARE } from './amounts';
import { RESTRICTIONS, type Restriction } from './addressRestrictions';
import { EXCHANGE_MODES, type ExchangeModeName, type ModeRequest } from './exchangeMode';
import { COLLATERAL } from './paperLedger';
import type { TradingDeps } from './tradingDeps';

export const MAX_FAUCET_USD = 1_000_000n;
/** Longest timed mode the admin route accepts: a day. */
const MAX_SECONDS = 86_400;

const bad = (what: string) => reply(400, { error: `invalid ${what}` });

function admin(handler: (body: Record<string, unknown>, ctx: RequestContext) => Reply) {
  return (ctx: RequestContext): Reply => {
    if (!isLoopback(ctx.remoteAddress)) return reply(403, { error: 'sandbox admin routes are loopback-only' });
    if (ctx.method === 'GET') return handler({}, ctx);
    const body = parseJson(ctx.body);
    if (typeof body !== 'object' || body === null || Array.isArray(body)) return bad('body');
    return handler(body as Record<string, unknown>, ctx);
  };
}

const seconds = (value: unknown): number | null | undefined => {
  if (value === undefined) return undefined;
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= MAX_SECONDS ? value : null;
};

function modeRequest(body: Record<string, unknown>): ModeRequest | string {
  if (!EXCHANGE_MODES.includes(body.mode as ExchangeModeName)) return 'mode';
  const request: ModeRequest = { mode: body.mode as ExchangeModeName };
  for (const key of ['durationSeconds', 'postOnlySeconds', 'retryAfterSeconds'] as const) {
    const value = seconds(body[key]);
    if (value === null) return key;
    if (value !== undefined) request[key] = value;
  }
  return request;
}

const address = (value: unknown): string | null => (typeof value === 'string' && isAddress(value, { strict: false }) ? value.toLowerCase() : null);

export function addTradingAdminRoutes(router: Router, deps: TradingDeps): Router {
  const { desk, mode } = deps;
  return router
    .on('POST', '/sandbox/faucet', admin((body) => {
      const to = address(body.address);
      if (!to) return bad('address');
      const amount = parseDecimalAmount(body.amount);
      if (amount === null || amount === 0n || amount > MAX_FAUCET_USD * BASE_UNITS_PER_SHARE) return bad('amount');
      desk.ledger.credit(to, COLLATERAL, amount);
      return ok({ address: getAddress(to), balance: desk.ledger.balance(to, COLLATERAL).toString() });
    }))
    .on('POST', '/sandbox/mode', admin((body) => {
      const request = modeRequest(body);
      if (typeof request === 'string') return bad(request);
      mode.set(request);
      return ok(mode.status());
    }))
    .on('GET', '/sandbox/mode', admin(() => ok(mode.status())))
    .on('POST', '/sandbox/address', admin((body) => {
      const target = address(body.address);
      if (!target) return bad('address');
      if (!RESTRICTIONS.includes(body.restriction as Restriction)) return bad('restriction');
      deps.restrictions.set(target, body.restriction as Restriction);
      return ok({ address: getAddress(target), restriction: body.restriction });
    }))
    .on('POST', '/sandbox/faults', admin((body) => {
      const count = body.orderTimeouts;
      if (typeof count !== 'number' || !Number.isSafeInteger(count) || count < 0 || count > 10_000) return bad('orderTimeouts');
      deps.faults.setOrderTimeouts(count);
      return ok(deps.faults.pending());
    }))
    .on('POST', '/sandbox/funder', admin((body) => {
      const signer = address(body.signer);
      const funder = address(body.funder);
      const type = body.signatureType;
      if (!signer) return bad('signer');
      if (!funder) return bad('funder');
      if (type !== 1 && type !== 2 && type !== 3) return bad('signatureType');
      desk.linkFunder(signer, type, funder);
      return ok({ signer: getAddress(signer), signatureType: type, funder: getAddress(funder) });
    }));
}
