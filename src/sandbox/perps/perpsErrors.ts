/**
 * Error replies of the perps routes: `{status: "err", error}` (spec "Errors"). The spec gives
 * neither statuses nor identifiers beyond `insufficient_margin`; ours are below, and each
 * identifier has one status (PERPS_ERROR_STATUS), so no route can answer one with another.
 * Shape errors read `<id>: <what is wrong>` and name the field, e.g. `invalid_args: owner must be
 * an address`.
 */
import { PERPS_ERROR_IDS, type PerpsErrorId } from '../../shared/protocol/perps';
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

/** Identifiers only injected faults answer with (faults/faultReplies.ts). */
export type PerpsFaultId = 'service_unavailable' | 'restarting';

/**
 * The sandbox's perps error table: 401 for failed authentication, 404/405/413/429/500 for the
 * server's own refusals, 400 for bad input and refused operations (docs/decisions/19-…/01).
 */
export const PERPS_ERROR_STATUS: Readonly<Record<PerpsErrorId | PerpsFaultId, number>> = {
  [PERPS_ERROR_IDS.unauthorized]: 401,
  [PERPS_ERROR_IDS.invalidSignature]: 401,
  [PERPS_ERROR_IDS.proxyExpired]: 401,
  [PERPS_ERROR_IDS.notFound]: 404,
  [PERPS_ERROR_IDS.methodNotAllowed]: 405,
  [PERPS_ERROR_IDS.payloadTooLarge]: 413,
  [PERPS_ERROR_IDS.rateLimited]: 429,
  [PERPS_ERROR_IDS.internal]: 500,
  restarting: 425,
  service_unavailable: 503,
  [PERPS_ERROR_IDS.insufficientMargin]: 400,
  [PERPS_ERROR_IDS.invalidRequest]: 400,
  [PERPS_ERROR_IDS.invalidArgs]: 400,
  [PERPS_ERROR_IDS.invalidTs]: 400,
  [PERPS_ERROR_IDS.duplicateSalt]: 400,
  [PERPS_ERROR_IDS.proxyExists]: 400,
  [PERPS_ERROR_IDS.unknownProxy]: 400,
  [PERPS_ERROR_IDS.unknownAccount]: 400,
  [PERPS_ERROR_IDS.unknownAsset]: 400,
  [PERPS_ERROR_IDS.unknownInstrument]: 400,
  [PERPS_ERROR_IDS.invalidInterval]: 400,
  [PERPS_ERROR_IDS.invalidReferralCode]: 400,
  [PERPS_ERROR_IDS.referralLimitReached]: 400,
  [PERPS_ERROR_IDS.referralCooldown]: 400,
  [PERPS_ERROR_IDS.referralAlreadySet]: 400,
};

/** `{status: "err", error: id}` or `id: detail`, with the table's status for `id`. */
export const perpsError = (id: PerpsErrorId | PerpsFaultId, detail?: string, headers?: Record<string, string>): Reply =>
  reply(PERPS_ERROR_STATUS[id], { status: 'err', error: detail === undefined ? id : `${id}: ${detail}` }, headers);

/** A field-level input error: 400 `invalid_request: …` (envelope) or `invalid_args: …` (op.args). */
export const invalidRequest = (message: string): Reply => perpsError(PERPS_ERROR_IDS.invalidRequest, message);
export const invalidArgs = (message: string): Reply => perpsError(PERPS_ERROR_IDS.invalidArgs, message);
