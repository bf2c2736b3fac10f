/**
 * Builder-header verification (DELETE /auth/builder-api-key, GET /builder/trades). The four
 * headers carry a builder key's own credentials, signed like L2 (wire-formats.md "L2") but with
 * the builder secret:
 *   SVC_BUILDER_API_KEY     the builder key
 *   SVC_BUILDER_PASSPHRASE  its passphrase
 *   SVC_BUILDER_TIMESTAMP   unix seconds, within five minutes of server time
 *   SVC_BUILDER_SIGNATURE   l2Signature(builder secret, timestamp, METHOD, path without query, body)
 * No SVC_ADDRESS: the key alone names its owner. Routes word the outcomes themselves (the
 * revoke route answers 400 / 500, the trades route 401), so this answers what went wrong:
 * `bad-headers` (missing, malformed — the key must be a uuid —, stale, wrong passphrase or signature), `unknown` (the key
 * names nothing), `revoked` (a correctly signed request with a revoked key) or `ok`.
 * Passphrases and signatures are compared in constant time.
 */
import { l2Signature } from '../../../signing/l2Hmac';
import { headerOf } from '../../http/headers';
import { isFresh, parseUnixSeconds } from './authTime';
import type { BuilderKeyStore, StoredBuilderKey } from './builderKeyStore';
import { exactBodyText, sameSecret, secretKeyOf, type L2Request } from './l2Auth';

export const BUILDER_HEADERS = {
  key: 'SVC_BUILDER_API_KEY',
  passphrase: 'SVC_BUILDER_PASSPHRASE',
  signature: 'SVC_BUILDER_SIGNATURE',
  timestamp: 'SVC_BUILDER_TIMESTAMP',
} as const;

export type BuilderAuth =
  | { kind: 'ok'; key: StoredBuilderKey }
  | { kind: 'bad-headers' }
  | { kind: 'unknown'; key: string }
  | { kind: 'revoked'; key: StoredBuilderKey };

const present = (value: string | undefined): value is string => value !== undefined && value.trim() !== '';
/** Builder keys are uuids; anything else is a malformed header (and is never echoed in an error). */
const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

export function verifyBuilderHeaders(req: L2Request, store: BuilderKeyStore, nowMs: number): BuilderAuth {
  const badHeaders = { kind: 'bad-headers' } as const;
  const key = headerOf(req, BUILDER_HEADERS.key);
  const passphrase = headerOf(req, BUILDER_HEADERS.passphrase);
  const signature = headerOf(req, BUILDER_HEADERS.signature);
  const timestamp = headerOf(req, BUILDER_HEADERS.timestamp);
  if (key === undefined || !UUID.test(key) || !present(passphrase) || !present(signature)) return badHeaders;
  const seconds = parseUnixSeconds(timestamp);
  if (seconds === null || !isFresh(seconds, nowMs)) return badHeaders;
  const stored = store.get(key);
  if (!stored) return { kind: 'unknown', key };
  if (!sameSecret(passphrase, stored.passphrase)) return badHeaders;
  const body = exactBodyText(req);
  if (body === null) return badHeaders;
  const expected = l2Signature(secretKeyOf(stored), timestamp as string, req.method, req.path, body);
  if (!sameSecret(signature, expected)) return badHeaders;
  return stored.revokedAtMs === null ? { kind: 'ok', key: stored } : { kind: 'revoked', key: stored };
}
