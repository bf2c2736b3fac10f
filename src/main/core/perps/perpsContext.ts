/**
 * What the parts of the perps desk share: the client, the accounts and vault, the network
 * profile, the history store and jobs, and the event hook. Also the one place that turns an
 * account id into its account and its active proxy's credentials, with the sentence to show when
 * there is none.
 */
import type { AccountRegistry, StoredAccount } from '../accounts/accountRegistry';
import { proxyCredentials } from '../accounts/proxyKeys';
import type { VaultSession } from '../accounts/vaultSession';
import type { PerpsProxyView } from '../../../shared/custodyViews';
import { CoreError } from '../coreError';
import type { HistoryStore } from '../history/historyStore';
import type { Logger } from '../log';
import type { ActiveNetwork } from '../network';
import type { HttpClient } from '../net/httpClient';
import type { RateBudget } from '../net/rateBudget';
import type { JobRunner } from '../trading/jobs';
import type { PerpsClient, PerpsCredentials } from './perpsClient';
import { activeProxyOf } from './perpsProxyChoice';

export type PerpsChangeKind = 'transfers' | 'funding' | 'referral' | 'account';

export interface PerpsContext {
  client: PerpsClient;
  /** For the sandbox admin routes, which are not exchange routes. */
  http: HttpClient;
  registry: AccountRegistry;
  session: VaultSession;
  network: ActiveNetwork;
  store: HistoryStore;
  jobs: JobRunner;
  budget: RateBudget;
  log: Logger;
  now: () => number;
  changed: (accountId: string, kind: PerpsChangeKind) => void;
}

export function accountOf(context: PerpsContext, accountId: string): StoredAccount {
  return context.registry.get(accountId);
}

/** The account's active proxy (newest unexpired), or a refusal saying why there is none. */
export function requireActiveProxy(context: PerpsContext, account: StoredAccount): PerpsProxyView {
  const proxy = activeProxyOf(account.perpsProxies, context.now());
  if (proxy) return proxy;
  throw new CoreError('unavailable', noProxyReason(account));
}

export function noProxyReason(account: StoredAccount): string {
  return account.perpsProxies.length === 0
    ? `"${account.label}" has no perps proxy yet; create one in the account settings.`
    : `Every perps proxy of "${account.label}" has expired; rotate one in the account settings.`;
}

/** Key-header credentials of the account's active proxy, read from the vault at each request. */
export function credentialsOf(context: PerpsContext, account: StoredAccount): PerpsCredentials {
  const proxy = requireActiveProxy(context, account);
  return () => proxyCredentials(context.session, account, proxy.proxyAddress, context.network);
}

/** The user's account at `address`, if it is one (for counterparty labels and events). */
export function ownAccountAt(context: PerpsContext, address: string): StoredAccount | undefined {
  return context.registry.findByAddress(address);
}

/**
 * Whether a transfer to `address` stays with the user: `own` only for an account whose signing
 * key is in the vault (its index names the key's address). A watch-only address, a key account
 * whose key is missing, and every other address are `foreign`.
 */
export function recipientKind(context: PerpsContext, address: string): 'own' | 'foreign' {
  const account = ownAccountAt(context, address);
  if (!account || account.kind !== 'key' || account.keyMissing) return 'foreign';
  const keyHeld = context.session
    .recordIndex()
    .some((record) => record.kind === 'signingKey' && record.accountId === account.id && record.hint.toLowerCase() === address.toLowerCase());
  return keyHeld ? 'own' : 'foreign';
}
