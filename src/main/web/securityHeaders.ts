/**
 * Headers every response of the browser-mode servers carries, refusals and errors included:
 * nosniff so no response is ever read as another type than it says, no caching (pages hold
 * per-run state), no Referer and no framing.
 */
export const BASE_SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'cache-control': 'no-store',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
} as const;

/** A short plain-text answer (refusals, errors) with the security headers. */
export function plainTextHeaders(extra: Record<string, string> = {}): Record<string, string> {
  return { ...BASE_SECURITY_HEADERS, 'content-type': 'text/plain; charset=utf-8', ...extra };
}
