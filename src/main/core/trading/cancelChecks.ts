/**
 * Whether a cancel may go out at all. The spec's trading-disabled mode accepts "no orders,
 * including cancels", so the client does not send one (it would only meet the same 503) and says
 * why instead. Cancel-only and post-only modes exist to let cancels through, and a restart's 425
 * is retried with backoff (restartBackoff.ts): those send.
 */
import { CoreError } from '../coreError';
import type { ModeSnapshot } from './exchangeModeTracker';

export const CANCELS_REFUSED_WHILE_DISABLED =
  'Trading is disabled on the exchange: it accepts no orders and no cancels right now, so nothing was sent. Your open orders stay on the book until trading is back.';

/** The sentence that explains why no cancel can be sent in this mode, or null when it can. */
export function cancelRefusal(mode: ModeSnapshot): string | null {
  return mode.mode === 'trading-disabled' ? CANCELS_REFUSED_WHILE_DISABLED : null;
}

/** Throws the refusal as an error the cancel's caller shows, before anything is signed or sent. */
export function assertCancelsAccepted(mode: ModeSnapshot): void {
  const refusal = cancelRefusal(mode);
  if (refusal) throw new CoreError('unavailable', refusal, { retryable: true });
}
