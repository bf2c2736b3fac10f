/**
 * Who may talk to the browser-mode host. It listens on loopback only, but any web page the
 * user opens could still try to reach it from their browser, so every bridge connection must
 * prove it came from the page we served (Origin and Host) and knows this run's random token.
 */
import { timingSafeEqual } from 'node:crypto';

export type Refusal = { status: 401 | 403; message: string } | null;

/** Blocks DNS rebinding: a foreign name resolving to 127.0.0.1 still carries its own Host. */
export function refuseForeignHost(hostHeader: string | undefined, port: number): Refusal {
  const allowed = new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
  if (hostHeader && allowed.has(hostHeader.toLowerCase())) return null;
  return { status: 403, message: `Refused: host "${(hostHeader ?? '').slice(0, 100)}" is not this Marketdesk host.` };
}

/** Blocks cross-site WebSocket hijacking: browsers always send the page's Origin on upgrades. */
export function refuseForeignOrigin(originHeader: string | undefined, port: number): Refusal {
  const allowed = new Set([`http://127.0.0.1:${port}`, `http://localhost:${port}`]);
  if (originHeader && allowed.has(originHeader.toLowerCase())) return null;
  return {
    status: 403,
    message: `Refused: origin "${(originHeader ?? 'none').slice(0, 100)}" is not allowed to use this Marketdesk host.`,
  };
}

/** Blocks other local users and processes that can reach the port but never saw the token. */
export function refuseWrongToken(presented: string | null, expected: string): Refusal {
  const a = Buffer.from(presented ?? '');
  const b = Buffer.from(expected);
  if (a.length === b.length && timingSafeEqual(a, b)) return null;
  return { status: 401, message: 'Refused: missing or wrong access token. Use the address printed by `npm run web`.' };
}
