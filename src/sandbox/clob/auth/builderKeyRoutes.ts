/**
 * Builder API key routes (spec "Credentials and builder keys"; keys in builderKeyStore.ts):
 *
 *   POST /auth/builder-api-key   L2 (the caller's API credentials), no body (any body is ignored)
 *     200 {key, secret, passphrase, builderCode}
 *         key uuid v4; secret 32 bytes base64url with `=`; passphrase 64 hex;
 *         builderCode = keccak256(utf8(key)), 0x + 64 lower-case hex, for the v2 order `builder` field
 *     500 could not create builder api key   (the address already has 50 builder keys, revoked included)
 *
 *   GET /auth/builder-api-key    L2
 *     200 [{key, builderCode, createdAt, revokedAt}]   the caller's keys in creation order;
 *         createdAt ISO 8601, revokedAt ISO 8601 or null; no secrets
 *     500 could not get builder api keys
 *
 *   DELETE /auth/builder-api-key builder headers (builderAuth.ts): SVC_BUILDER_API_KEY,
 *       SVC_BUILDER_PASSPHRASE, SVC_BUILDER_TIMESTAMP, SVC_BUILDER_SIGNATURE (HMAC like L2 with the
 *       builder secret over timestamp + "DELETE" + "/auth/builder-api-key" + body)
 *     body: empty, {} or {"key": "<the key in SVC_BUILDER_API_KEY>"}; unknown fields are ignored
 *     200 "OK"   the key is revoked (still listed, with revokedAt)
 *     400 invalid revoke builder api key headers   a header missing, the key not a uuid, the
 *         timestamp not unix seconds or off by more than 5 minutes, wrong passphrase or signature
 *     400 invalid revoke builder api key body      not JSON, not an object, `key` not a string
 *         or not the header's key
 *     500 could not revoke the builder api key: {key}   no such key, or it is already revoked
 *
 * L2 failures are the usual 401 `Unauthorized/Invalid api key`. Checks run in that order:
 * headers, body, then the key's state.
 */
import { CLOB_MESSAGES, clobError } from '../clobErrors';
import { parseJson } from '../../http/body';
import { ok, type Reply } from '../../http/reply';
import type { RequestContext, Router } from '../../http/router';
import type { ApiKeyStore } from './apiKeyStore';
import { verifyBuilderHeaders } from './builderAuth';
import { builderCredentialsOf, builderKeyListing, type BuilderKeyStore } from './builderKeyStore';
import { verifyL2 } from './l2Auth';

export interface BuilderKeyDeps {
  apiKeys: ApiKeyStore;
  builders: BuilderKeyStore;
  now?: () => number;
}

/** Runs `answer`, turning an unexpected throw into the route's own 500. */
function guarded(message: string, answer: () => Reply): Reply {
  try {
    return answer();
  } catch {
    return clobError(500, message);
  }
}

/** The revoke body names no other key than the headers' (empty and `{}` name none). */
function revokeBodyOk(ctx: RequestContext, key: string): boolean {
  if (ctx.body.trim() === '') return true;
  const body = parseJson(ctx.body);
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return false;
  const named = (body as Record<string, unknown>).key;
  return named === undefined || named === key;
}

export function addBuilderKeyRoutes(router: Router, { apiKeys, builders, now = Date.now }: BuilderKeyDeps): Router {
  return router
    .on('POST', '/auth/builder-api-key', (ctx) => {
      const auth = verifyL2(ctx, apiKeys, now());
      if (!auth.ok) return auth.reply;
      return guarded(CLOB_MESSAGES.couldNotCreateBuilderApiKey, () => {
        const key = builders.create(auth.identity.address, now());
        return key ? ok(builderCredentialsOf(key)) : clobError(500, CLOB_MESSAGES.couldNotCreateBuilderApiKey);
      });
    })
    .on('GET', '/auth/builder-api-key', (ctx) => {
      const auth = verifyL2(ctx, apiKeys, now());
      if (!auth.ok) return auth.reply;
      return guarded(CLOB_MESSAGES.couldNotGetBuilderApiKeys, () => ok(builders.keysOf(auth.identity.address).map(builderKeyListing)));
    })
    .on('DELETE', '/auth/builder-api-key', (ctx) => {
      const auth = verifyBuilderHeaders(ctx, builders, now());
      if (auth.kind === 'bad-headers') return clobError(400, CLOB_MESSAGES.invalidRevokeBuilderHeaders);
      const key = auth.kind === 'unknown' ? auth.key : auth.key.key;
      if (!revokeBodyOk(ctx, key)) return clobError(400, CLOB_MESSAGES.invalidRevokeBuilderBody);
      const cannot = () => clobError(500, CLOB_MESSAGES.couldNotRevokeBuilderApiKey(key));
      if (auth.kind !== 'ok') return cannot();
      return guarded(CLOB_MESSAGES.couldNotRevokeBuilderApiKey(key), () => (builders.revoke(key, now()) ? ok('OK') : cannot()));
    });
}
