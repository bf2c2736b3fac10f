/**
 * Timestamps of the order-book auth headers: unix seconds as plain decimal digits, accepted
 * when they lie within five minutes of the server clock on either side (a clock that is too
 * far ahead is refused like an expired one, so a signed header cannot be stockpiled).
 */
export const AUTH_MAX_SKEW_MS = 5 * 60_000;

const SECONDS = /^\d{1,12}$/;

/** The header's seconds, or null when it is missing or not plain decimal digits. */
export function parseUnixSeconds(text: string | undefined): number | null {
  return text !== undefined && SECONDS.test(text) ? Number(text) : null;
}

export function isFresh(seconds: number, nowMs: number): boolean {
  return Math.abs(nowMs - seconds * 1000) <= AUTH_MAX_SKEW_MS;
}
