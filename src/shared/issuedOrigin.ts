/**
 * Where order-book credentials and perps proxies were issued, and so the one place they may be
 * used: the origin (scheme://host:port) of the service that issued them, or the embedded sandbox,
 * whose loopback port changes every run. Main records this with each credential and proxy and
 * sends nothing with them to any other origin; the renderer shows a mismatch and offers to
 * re-issue. Pure, so both sides compare the same way.
 */

/** The binding of what the embedded sandbox issued: the network itself, not a port that changes every run. */
export const EMBEDDED_SANDBOX_ISSUER = 'embedded-sandbox';

/**
 * The origin of a service URL in one canonical form, so equal origins compare equal as strings:
 * scheme and host in lower case, the scheme's default port left out, IPv6 literals bracketed and
 * compressed, path, query and trailing slashes ignored (the WHATWG URL parser's `origin`). Null
 * for what is not an http(s) URL.
 */
export function serviceOrigin(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  return parsed.origin;
}

/** Whether two service URLs share one origin (false when either is not an http(s) URL). */
export function sameOrigin(a: string, b: string): boolean {
  const origin = serviceOrigin(a);
  return origin !== null && origin === serviceOrigin(b);
}

/** What the current network's services would bind credentials and proxies issued now to. */
export interface IssuingHosts {
  clob: string;
  perps: string;
}

/**
 * Words for a binding: the origin itself, "the embedded sandbox", or — for a record issued before
 * hosts were recorded whose network had no profile left to take one from — an unrecorded host.
 */
export function issuerName(binding: string | null | undefined): string {
  if (binding === EMBEDDED_SANDBOX_ISSUER) return 'the embedded sandbox';
  return binding ?? 'a host that was not recorded';
}

/**
 * Whether something bound to `binding` is used on the current host. An unknown binding (a record
 * made before hosts were recorded, not yet bound at an unlock) is not reported as a mismatch:
 * main binds it at the next unlock and decides then.
 */
export function issuedElsewhere(binding: string | null | undefined, current: string | undefined): boolean {
  if (binding === undefined || current === undefined) return false;
  return binding !== current;
}
