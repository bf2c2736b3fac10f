/**
 * Error replies of the perps account routes: `{status: "err", error}` (spec "Errors"). The spec
 * gives neither statuses nor identifiers beyond `insufficient_margin`; ours are below. Shape
 * errors read `<id>: <what is wrong>` and name the field, e.g. `invalid_args: owner must be an
 * address`. Statuses: 400 for bad input and refused operations, 401 for failed authentication.
 */
import { reply, type Reply } from '../http/reply';

export const PERPS_ERRORS = {
  invalidSignature: 'invalid_signature',
  duplicateSalt: 'duplicate_salt',
  proxyExists: 'proxy_exists',
  unknownProxy: 'unknown_proxy',
  invalidReferralCode: 'invalid_referral_code',
  referralLimitReached: 'referral_limit_reached',
  unauthorized: 'unauthorized',
  proxyExpired: 'proxy_expired',
  referralCooldown: 'referral_cooldown',
  referralAlreadySet: 'referral_already_set',
  insufficientMargin: 'insufficient_margin',
  unknownAsset: 'unknown_asset',
  unknownInstrument: 'unknown_instrument',
  invalidInterval: 'invalid_interval',
  unknownAccount: 'unknown_account',
} as const;

export const perpsError = (status: number, error: string): Reply => reply(status, { status: 'err', error });

/** A field-level input error: 400 `invalid_request: …` (envelope) or `invalid_args: …` (op.args). */
export const invalidRequest = (message: string): Reply => perpsError(400, `invalid_request: ${message}`);
export const invalidArgs = (message: string): Reply => perpsError(400, `invalid_args: ${message}`);
