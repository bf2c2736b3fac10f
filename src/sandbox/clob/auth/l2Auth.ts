/**
 * L2 verification for every authenticated order-book route (wire-formats.md, "L2"). The five
 * `SVC_` headers must name an existing API key owned by `SVC_ADDRESS` (case-insensitive), carry
 * its passphrase and a timestamp within five minutes of server time, and `SVC_SIGNATURE` must
 * equal `l2Signature(secret, SVC_TIMESTAMP, METHOD, path, body)` over the path without its query
 * and the body exactly as received. Secrets are compared in constant time. Every failure is the
 * same 401 `Unauthorized/Invalid api key`.
 *
 * Routes call it first and use the returned key's owner as the caller:
 *   const auth = verifyL2(ctx, store, now());
 *   if (!auth.ok) return auth.reply;
 */
import { hash, timingSafeEqual, type KeyObject } from 'node:crypto';
import { l2SecretKey, l2Signature } from '../../../signing/l2Hmac';
import { headerOf } from '../../http/headers';
import type { RequestContext } from '../../http/router';
import { CLOB_MESSAGES, clobError } from '../clobErrors';
import type { ApiKeyStore, StoredApiKey } from './apiKeyStore';
import type { AuthCheck } from '../../http/authCheck';
import { isFresh, parseUnixSeconds } from './authTime';

export type L2Request = Pick<RequestContext, 'method' | 'path' | 'body' | 'rawBody' | 'headers'>;

export interface L2Identity {
  /** Lower-case owner address of the key (equal to SVC_ADDRESS up to case). */
  address: string;
  key: StoredApiKey;
}

export const invalidApiKey = () => clobError(401, CLOB_MESSAGES.invalidApiKey);

/**
 * Constant-time string equality (hashing first makes the lengths equal). The one-shot
 * `crypto.hash` costs a fraction of a `createHash` object on every authenticated request.
 */
export function sameSecret(a: string, b: string): boolean {
  return timingSafeEqual(hash('sha256', a, 'buffer'), hash('sha256', b, 'buffer'));
}

/** Each stored key's secret decoded once into a KeyObject (stored keys are replaced, never edited). */
const secretKeys = new WeakMap<{ secret: string }, KeyObject>();

export function secretKeyOf(stored: { secret: string }): KeyObject {
  let key = secretKeys.get(stored);
  if (!key) {
    key = l2SecretKey(stored.secret);
    secretKeys.set(stored, key);
  }
  return key;
}

/** The body text when it is exactly the bytes received; null when they were not valid UTF-8. */
export function exactBodyText(req: L2Request): string | null {
  return Buffer.from(req.body, 'utf8').equals(req.rawBody) ? req.body : null;
}

export function verifyL2(req: L2Request, store: ApiKeyStore, nowMs: number): AuthCheck<L2Identity> {
  const refuse = { ok: false, reply: invalidApiKey() } as const;
  const address = headerOf(req, 'SVC_ADDRESS');
  const signature = headerOf(req, 'SVC_SIGNATURE');
  const timestamp = headerOf(req, 'SVC_TIMESTAMP');
  const apiKey = headerOf(req, 'SVC_API_KEY');
  const passphrase = headerOf(req, 'SVC_PASSPHRASE');
  if (address === undefined || signature === undefined || apiKey === undefined || passphrase === undefined) return refuse;
  const seconds = parseUnixSeconds(timestamp);
  if (seconds === null || !isFresh(seconds, nowMs)) return refuse;
  const key = store.get(apiKey);
  if (!key || key.address !== address.toLowerCase()) return refuse;
  if (!sameSecret(passphrase, key.passphrase)) return refuse;
  const body = exactBodyText(req);
  if (body === null) return refuse;
  const expected = l2Signature(secretKeyOf(key), timestamp as string, req.method, req.path, body);
  if (!sameSecret(signature, expected)) return refuse;
  return { ok: true, identity: { address: key.address, key } };
}
