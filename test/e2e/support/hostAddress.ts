/**
 * Where the browser-mode host started by the global setup listens. The setup exports it in the
 * environment (inherited by the test workers) and in a file, for runs that reuse a host.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const HOST_FILE = join(import.meta.dirname, '../../../.tmp/e2e-host.json');
export const HOST_ENV = 'MARKETDESK_E2E_URL';

/** The full address printed by `npm run web`, including `?token=`. */
export function hostUrl(): string {
  const fromEnv = process.env[HOST_ENV];
  if (fromEnv) return fromEnv;
  const saved = JSON.parse(readFileSync(HOST_FILE, 'utf8')) as { url?: unknown };
  if (typeof saved.url !== 'string') throw new Error(`${HOST_FILE} has no url; did the global setup run?`);
  return saved.url;
}

/** The host's origin, without the token. */
export function hostOrigin(): string {
  return new URL(hostUrl()).origin;
}

/** The bridge socket address with a given token (or none). */
export function bridgeSocketUrl(token: string | null): string {
  const url = new URL('/bridge', hostUrl().replace(/^http/, 'ws'));
  if (token !== null) url.searchParams.set('token', token);
  return url.toString();
}
