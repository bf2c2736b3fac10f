/**
 * Authentication of the private perps account routes (spec "Authentication", 3): headers
 * `SERVICE-PROXY` (proxy address) and `SERVICE-SECRET` (the secret returned at its creation).
 * Answers the proxy and its owner's ledger account, or a 401 `{status:"err", error}`:
 * `unauthorized` for missing headers, an unknown proxy or a wrong secret; `proxy_expired` for
 * the right secret of a proxy past its expiry.
 *
 * Routes call it first:
 *   const auth = authenticateProxy(ctx, state);
 *   if (!auth.ok) return auth.reply;
 *   const { account } = auth.identity;
 */
import { isAddress } from 'viem';
import type { AuthCheck } from '../http/authCheck';
import { headerOf, type HeaderSource } from '../http/headers';
import type { PerpsAccount } from './ledger';
import type { PerpsState } from './perpsState';
import { PERPS_ERRORS, perpsError } from './perpsErrors';
import type { ProxyKey } from './proxyStore';

export interface ProxyCaller {
  proxy: ProxyKey;
  account: PerpsAccount;
}

export function authenticateProxy(req: HeaderSource, state: Pick<PerpsState, 'proxies' | 'ledger' | 'now'>): AuthCheck<ProxyCaller> {
  const refuse = { ok: false, reply: perpsError(PERPS_ERRORS.unauthorized) } as const;
  const proxyAddress = headerOf(req, 'SERVICE-PROXY');
  const secret = headerOf(req, 'SERVICE-SECRET');
  if (proxyAddress === undefined || secret === undefined || !isAddress(proxyAddress, { strict: false })) return refuse;
  if (!state.proxies.secretMatches(proxyAddress, secret)) return refuse;
  const proxy = state.proxies.get(proxyAddress);
  const account = proxy && state.ledger.account(proxy.owner);
  if (!proxy || !account) return refuse;
  if (proxy.expiryMs <= state.now()) return { ok: false, reply: perpsError(PERPS_ERRORS.proxyExpired) };
  return { ok: true, identity: { proxy, account } };
}
