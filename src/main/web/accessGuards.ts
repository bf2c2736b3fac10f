/**
 * Who may talk to the browser-mode host. It listens on loopback only, but any web page the
 * user opens could still try to reach it from their browser, so every bridge connection must
 * prove it came from the page we served (Origin and Host) and holds this run's credential: the
 * access token, or the session cookie a single-use sign-in code was exchanged for.
 *
 * Refusals are fixed sentences: they never repeat a request value (Host, Origin, path), so a
 * refusal page cannot be made to carry text an attacker chose.
 */
import { timingSafeEqual } from 'node:crypto';

export type Refusal = { status: 401 | 403; message: string } | null;

export const REFUSED_HOST = 'Refused: this request is addressed to another host name than this Marketdesk host.';
export const REFUSED_ORIGIN = 'Refused: pages from other origins may not use this Marketdesk host.';
export const REFUSED_TOKEN = 'Refused: missing or wrong access token. Use the address printed by `npm run web`.';

/** Blocks DNS rebinding: a foreign name resolving to 127.0.0.1 still carries its own Host. */
export function refuseForeignHost(hostHeader: string | undefined, port: number): Refusal {
  const allowed = new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
  if (hostHeader && allowed.has(hostHeader.toLowerCase())) return null;
  return { status: 403, message: REFUSED_HOST };
}

/** Blocks cross-site WebSocket hijacking: browsers always send the page's Origin on upgrades. */
export function refuseForeignOrigin(originHeader: string | undefined, port: number): Refusal {
  const allowed = new Set([`http://127.0.0.1:${port}`, `http://localhost:${port}`]);
  if (originHeader && allowed.has(originHeader.toLowerCase())) return null;
  return { status: 403, message: REFUSED_ORIGIN };
}

/** Constant-time comparison of a presented secret with the expected one. */
export function sameSecret(presented: string | null | undefined, expected: string): boolean {
  const a = Buffer.from(presented ?? '');
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Blocks other local users and processes that can reach the port but never saw the token. */
export function refuseWrongToken(presented: string | null, expected: string): Refusal {
  return sameSecret(presented, expected) ? null : { status: 401, message: REFUSED_TOKEN };
}
