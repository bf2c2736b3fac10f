/**
 * Single-use sign-in codes for the browser that `npm run web` opens. The opener's command line
 * is readable by every local user (`ps`), so it must carry no credential: it gets the path of a
 * private file, the file redirects to the host with one of these codes, and the host exchanges
 * the code, once and within a short time, for the session cookie (HttpOnly, SameSite=Strict).
 */
import { randomBytes } from 'node:crypto';
import { sameSecret } from './accessGuards';

export const SIGN_IN_PATH = '/sign-in';
/** Long enough to start a browser on a slow machine, short enough that a stale file is useless. */
export const SIGN_IN_CODE_LIFETIME_MS = 120_000;

export class SignInCodes {
  private readonly pending = new Map<string, number>();
  /** The cookie value the codes are exchanged for: as strong as the access token, never printed. */
  readonly sessionSecret = randomBytes(32).toString('base64url');

  constructor(private readonly now: () => number = Date.now) {}

  issue(): string {
    const code = randomBytes(24).toString('base64url');
    this.pending.set(code, this.now() + SIGN_IN_CODE_LIFETIME_MS);
    return code;
  }

  /** True once for a code that was issued and has not expired; every later try is false. */
  redeem(code: string | null): boolean {
    const now = this.now();
    for (const [known, expiresAt] of this.pending) {
      if (expiresAt <= now) {
        this.pending.delete(known);
        continue;
      }
      if (sameSecret(code, known)) {
        this.pending.delete(known);
        return true;
      }
    }
    return false;
  }

  /** The cookie name carries the port: cookies ignore ports, and two hosts must not collide. */
  static cookieName(port: number): string {
    return `marketdesk_session_${port}`;
  }

  setCookieHeader(port: number): string {
    return `${SignInCodes.cookieName(port)}=${this.sessionSecret}; HttpOnly; SameSite=Strict; Path=/`;
  }

  /** True when the request's Cookie header holds this run's session cookie. */
  hasSessionCookie(cookieHeader: string | undefined, port: number): boolean {
    if (!cookieHeader) return false;
    const name = SignInCodes.cookieName(port);
    for (const part of cookieHeader.split(';')) {
      const eq = part.indexOf('=');
      if (eq > 0 && part.slice(0, eq).trim() === name && sameSecret(part.slice(eq + 1).trim(), this.sessionSecret)) return true;
    }
    return false;
  }
}
