/**
 * Order-book credential routes (spec "Credentials and builder keys", wire-formats.md "L1"):
 *   POST   /auth/api-key         L1  200 {apiKey, secret, passphrase} | 400 Could not create api key
 *   GET    /auth/derive-api-key  L1  200 {apiKey, secret, passphrase} | 400 Could not derive api key!
 *   GET    /auth/api-keys        L2  200 {apiKeys: [apiKey, ...]}
 *   DELETE /auth/api-key         L2  200 "OK" | 500 Could not delete API key
 * L1 failures are 401 `Invalid L1 Request headers`, L2 failures 401 `Unauthorized/Invalid api key`.
 * Builder API keys (POST/GET/DELETE /auth/builder-api-key) are in builderKeyRoutes.ts.
 *
 * DELETE deletes the key that signed the request and answers the JSON string "OK", the same
 * acknowledgement `/ok` gives; the spec shows no body. Its 500 can only happen if the key
 * vanished between verification and deletion.
 */
import { ok } from '../../http/reply';
import type { Router } from '../../http/router';
import { CLOB_MESSAGES, clobError } from '../clobErrors';
import { credentialsOf, type ApiKeyStore } from './apiKeyStore';
import { verifyL1 } from './l1Auth';
import { verifyL2 } from './l2Auth';

export interface ClobAuthDeps {
  store: ApiKeyStore;
  /** Chain id of the ClobAuth domain (the sandbox network profile's). */
  chainId: number;
  now?: () => number;
}

export function addAuthRoutes(router: Router, { store, chainId, now = Date.now }: ClobAuthDeps): Router {
  return router
    .on('POST', '/auth/api-key', async (ctx) => {
      const auth = await verifyL1(ctx, chainId, now());
      if (!auth.ok) return auth.reply;
      const key = store.create(auth.identity.address, auth.identity.nonce);
      return key ? ok(credentialsOf(key)) : clobError(400, CLOB_MESSAGES.couldNotCreateApiKey);
    })
    .on('GET', '/auth/derive-api-key', async (ctx) => {
      const auth = await verifyL1(ctx, chainId, now());
      if (!auth.ok) return auth.reply;
      const key = store.derive(auth.identity.address, auth.identity.nonce);
      return key ? ok(credentialsOf(key)) : clobError(400, CLOB_MESSAGES.couldNotDeriveApiKey);
    })
    .on('GET', '/auth/api-keys', (ctx) => {
      const auth = verifyL2(ctx, store, now());
      if (!auth.ok) return auth.reply;
      return ok({ apiKeys: store.keysOf(auth.identity.address) });
    })
    .on('DELETE', '/auth/api-key', (ctx) => {
      const auth = verifyL2(ctx, store, now());
      if (!auth.ok) return auth.reply;
      return store.delete(auth.identity.key.apiKey) ? ok('OK') : clobError(500, CLOB_MESSAGES.couldNotDeleteApiKey);
    });
}
