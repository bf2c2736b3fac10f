/**
 * The envelope every bridge call resolves to (Signal's style): callers branch on `ok`
 * instead of catching, and errors carry a stable code the UI can act on.
 */
import type { SentencePart } from './sentence';

export type BridgeErrorCode =
  | 'invalid_input'
  | 'unknown_channel'
  | 'forbidden_sender'
  | 'not_found'
  | 'network'
  | 'timeout'
  | 'cancelled'
  | 'bad_response'
  | 'service_error'
  | 'rate_limited'
  | 'internal'
  | 'locked'
  | 'no_vault'
  | 'wrong_password'
  | 'throttled'
  | 'watch_only'
  | 'conflict'
  | 'unavailable'
  /** A request would wait for the local rate budget past its deadline; the message names the scope and the wait. */
  | 'budget'
  /** Guardrails: a live-money operation the user has not yet confirmed or had explained (first of its kind, pro mode). */
  | 'acknowledgement_required'
  /** The user declined (or did not answer) the confirmation main asked in a surface of its own. */
  | 'not_confirmed'
  /**
   * Credentials or a proxy were issued by another host than the one the network now points at:
   * nothing was sent with them; the message names both hosts and says to re-issue.
   */
  | 'wrong_host'
  /** A pre-trade risk limit would be crossed; the message names the limit, its value and the order's figure. */
  | 'risk_limit'
  /** A write was refused by a full disk or a read-only folder; the message names the folder. Nothing stored before was lost. */
  | 'storage';

export interface BridgeError {
  code: BridgeErrorCode;
  message: string;
  retryable?: boolean;
  traceId?: string;
  /** The message's words and figures apart, when it has figures the page should format (shared/sentence). */
  parts?: SentencePart[];
}

export type BridgeResult<T> = { ok: true; value: T } | { ok: false; error: BridgeError };

export const ok = <T>(value: T): BridgeResult<T> => ({ ok: true, value });
export const fail = (error: BridgeError): BridgeResult<never> => ({ ok: false, error });
