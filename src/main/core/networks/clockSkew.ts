/**
 * The clock difference between the order-book service and this computer, from one `GET /time`.
 *
 * L1 (ClobAuth) and L2 (HMAC) headers carry unix-second timestamps, and perps signed operations a
 * millisecond `ts`; a service refuses one too far from its clock ("expired timestamp"). The specs
 * do not state the window; the sandbox accepts five minutes either way (AUTH_MAX_SKEW_MS,
 * SIGNED_OP_MAX_SKEW_MS) and the app assumes the same of every deployment (docs/decisions).
 */
import type { ClockSkewReading } from '../../../shared/networkProfiles';

/** The window the services accept signed timestamps in, either way. */
export const SIGNED_TIMESTAMP_WINDOW_MS = 5 * 60_000;

/**
 * `serverSeconds` is whole seconds, read somewhere between `sentAt` and `receivedAt` (local unix
 * ms): the best estimate is the middle of both ranges, off by at most half of each. The warning
 * shows when the estimate pushed away from zero by its uncertainty leaves the window (a skew that
 * may be too large is warned), since a signed request also spends time in the queue and in flight.
 */
export function readClockSkew(serverSeconds: number, sentAt: number, receivedAt: number, windowMs = SIGNED_TIMESTAMP_WINDOW_MS): ClockSkewReading {
  const roundTrip = Math.max(0, receivedAt - sentAt);
  const localMiddle = sentAt + roundTrip / 2;
  const serverMiddle = serverSeconds * 1000 + 500;
  const skewMs = Math.round(serverMiddle - localMiddle);
  const uncertaintyMs = Math.round(roundTrip / 2 + 500);
  return { skewMs, uncertaintyMs, windowMs, beyondWindow: Math.abs(skewMs) + uncertaintyMs > windowMs };
}
