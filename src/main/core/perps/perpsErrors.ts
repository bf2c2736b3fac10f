/**
 * The perps exchange's refusals (`{status:"err", error}`) as sentences a user can act on. The
 * HTTP client has already turned a non-2xx answer into a CoreError carrying the exchange's error
 * text; this reads the identifier (`insufficient_margin`, or `<id>: <detail>` for shape errors)
 * and says what it means. The request's headers (the proxy secret) are never part of it.
 */
import { PERPS_ERROR_IDS } from '../../../shared/protocol/perps';
import { CoreError } from '../coreError';

const SENTENCES: Record<string, string> = {
  [PERPS_ERROR_IDS.insufficientMargin]: 'The exchange refused: the transfer is larger than the account\'s free collateral.',
  [PERPS_ERROR_IDS.invalidSignature]: 'The exchange refused the signature of the operation.',
  [PERPS_ERROR_IDS.proxyExpired]: 'The exchange refused: the proxy has expired. Rotate it in the account settings.',
  [PERPS_ERROR_IDS.unknownProxy]: 'The exchange does not know this proxy (it may have been deleted). Create or rotate a proxy.',
  [PERPS_ERROR_IDS.unauthorized]: 'The exchange refused the proxy\'s key headers (unknown proxy or wrong secret). Rotate the proxy.',
  [PERPS_ERROR_IDS.unknownAccount]: 'The exchange has no account for this address yet; it opens one when collateral arrives.',
  [PERPS_ERROR_IDS.unknownAsset]: 'The exchange does not know this asset.',
  [PERPS_ERROR_IDS.unknownInstrument]: 'The exchange does not know this instrument.',
  [PERPS_ERROR_IDS.invalidInterval]: 'The exchange refused the kline interval.',
  [PERPS_ERROR_IDS.invalidTs]: 'The exchange refused the operation\'s timestamp; check that this computer\'s clock is right.',
  [PERPS_ERROR_IDS.duplicateSalt]: 'The exchange has already seen this operation (same salt).',
  [PERPS_ERROR_IDS.invalidReferralCode]: 'The exchange refused the referral code: it does not exist or is the account\'s own.',
  [PERPS_ERROR_IDS.referralLimitReached]: 'The exchange refused: that referral code has reached its lifetime limit of referrals.',
  [PERPS_ERROR_IDS.referralCooldown]: 'The exchange refused: that referral code has taken its referrals for the last 24 hours; try again later.',
  [PERPS_ERROR_IDS.referralAlreadySet]: 'The exchange refused: this account already has a referral code, and it cannot be changed.',
  [PERPS_ERROR_IDS.rateLimited]: 'The exchange is rate-limiting this client; wait a moment and try again.',
  [PERPS_ERROR_IDS.internal]: 'The exchange failed with an internal error; try again later.',
};

/** The identifier of an exchange error text: `insufficient_margin` or the part before `: `. */
export function perpsErrorId(said: string | undefined): string | null {
  if (!said) return null;
  const id = said.split(':')[0]!.trim();
  return /^[a-z_]+$/.test(id) ? id : null;
}

/** Rewrites an exchange refusal as its sentence; anything else passes unchanged. */
export function perpsRefusal(error: unknown, action: string): unknown {
  if (!(error instanceof CoreError) || error.status === undefined) return error;
  const said = error.service.message;
  const id = perpsErrorId(said);
  const sentence = id ? SENTENCES[id] : undefined;
  // Shape errors (`invalid_args: amount must be …`) already name the field: they are shown as said.
  const message = sentence ?? `The exchange refused ${action}: ${said ?? `HTTP ${error.status}`}.`;
  return new CoreError(error.code, message, {
    retryable: error.retryable,
    status: error.status,
    ...(error.traceId ? { traceId: error.traceId } : {}),
    service: error.service,
    cause: error,
  });
}

/** The exchange's error id of a refusal (already rewritten or not), for callers that branch on it. */
export function refusalId(error: unknown): string | null {
  return error instanceof CoreError ? perpsErrorId(error.service.message) : null;
}
