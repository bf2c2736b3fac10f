/**
 * The gate in front of every sandbox admin route (`/sandbox/…` on any service): they change the
 * exchange (modes, faults, paper funds, restrictions) or expose its internals (edge counters) and
 * carry no authentication, so only a local program may reach them, never a web page.
 *
 * - The peer must be on loopback (403): the sandbox may be bound wider by hand.
 * - `Host` must name loopback at this server's own port (421): a DNS-rebinding page reaches
 *   127.0.0.1 under its own host name, which this refuses.
 * - No `Origin` at all (403): a browser puts one on every cross-site request (and on every
 *   non-GET), while the app's core, tests and scripts call from Node, which sends none.
 * - A request that is not GET/HEAD must declare `Content-Type: application/json` (415): a page
 *   can send `text/plain`, form or multipart bodies cross-site without a CORS preflight, never JSON.
 *
 * Refusals never echo the offending header values (they are attacker-chosen text).
 */
import type { IncomingMessage } from 'node:http';
import { reply, type Reply } from './reply';

export const ADMIN_PREFIX = '/sandbox/';

const LOOPBACK_HOST_NAMES = new Set(['127.0.0.1', 'localhost', '[::1]']);

export const isAdminPath = (path: string): boolean => path.startsWith(ADMIN_PREFIX);

export function isLoopback(address: string): boolean {
  return address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.');
}

/** `127.0.0.1:port`, `localhost:port` or `[::1]:port`, with this server's port (80 may be left out). */
export function isLoopbackHost(host: string | undefined, serverPort: number | undefined): boolean {
  if (host === undefined || serverPort === undefined) return false;
  const match = /^(\[[^\]]*\]|[^:[\]]+)(?::(\d{1,5}))?$/.exec(host.trim().toLowerCase());
  if (!match) return false;
  const [, name, portText] = match as unknown as [string, string, string | undefined];
  const port = portText === undefined ? 80 : Number(portText);
  return LOOPBACK_HOST_NAMES.has(name) && port === serverPort;
}

/** `application/json`, with or without parameters such as `; charset=utf-8`. */
export function isJsonContentType(value: string | undefined): boolean {
  if (value === undefined) return false;
  return (value.split(';')[0] ?? '').trim().toLowerCase() === 'application/json';
}

const refused = (status: number, error: string): Reply => reply(status, { error });

/** The refusal to send for an admin request, or null when it may go on to its route. */
export function adminRefusal(req: IncomingMessage, method: string): Reply | null {
  if (!isLoopback(req.socket.remoteAddress ?? '')) return refused(403, 'sandbox admin routes are loopback-only');
  if (!isLoopbackHost(req.headers.host, req.socket.localPort)) {
    return refused(421, 'sandbox admin routes answer only a loopback Host with this server\'s port');
  }
  if (req.headers.origin !== undefined) return refused(403, 'sandbox admin routes refuse requests that carry an Origin');
  if (method !== 'GET' && method !== 'HEAD' && !isJsonContentType(req.headers['content-type'])) {
    return refused(415, 'sandbox admin routes accept only Content-Type: application/json');
  }
  return null;
}
