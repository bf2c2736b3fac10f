/**
 * The perps exchange answers with short identifiers (`insufficient_margin`, `referral_already_set`);
 * the core passes them on in its message. A user reads a sentence: this names the problem and
 * what to do about it, and keeps the core's own words when there is no better sentence.
 */
import type { BridgeError } from '../../shared/result';

const SENTENCES: ReadonlyArray<[string, string]> = [
  ['insufficient_margin', 'Not enough free collateral: this account cannot send that much. Send less, or add collateral first.'],
  ['referral_already_set', 'This account already has a referral code applied; a code can be applied only once.'],
  ['invalid_referral_code', 'No such referral code (an account cannot apply its own code either).'],
  ['referral_limit_reached', 'That code has brought all the referrals it may (10 in all).'],
  ['referral_cooldown', 'That code has been used 3 times in the last 24 hours; try again later.'],
  ['proxy_expired', 'The account’s perps proxy has expired: rotate it in Accounts.'],
  ['unknown_proxy', 'The exchange does not know this account’s proxy: create one in Accounts.'],
  ['unknown_asset', 'The exchange does not take that asset as collateral.'],
  ['duplicate_salt', 'This transfer was already sent and settled.'],
  ['rate_limited', 'The exchange’s request budget is used up for now; try again in a moment.'],
];

/** One sentence for a failed perps call. */
export function perpsErrorSentence(error: BridgeError): string {
  for (const [id, sentence] of SENTENCES) if (error.message.includes(id)) return sentence;
  return error.message;
}

/** The error with its message made a sentence (for ActionError and InlineError). */
export const explainPerpsError = (error: BridgeError | null): BridgeError | null => (error ? { ...error, message: perpsErrorSentence(error) } : null);
