/**
 * What services issued to each account, per network: the order-book credentials' masked hint and
 * nonce, and the perps proxies. Accounts (keys, labels, addresses) are shared by every network;
 * these are not — credentials derived on one deployment mean nothing on another. Stored beside the
 * accounts in accounts.json as `issuedByNetwork[networkId][accountId]`.
 *
 * Older files kept them on each account; those values are the sandbox's (the only network there
 * was) and are carried over the first time the registry reads such a file (legacyIssued).
 */
import { SANDBOX_NETWORK_ID } from '../../../shared/networkProfiles';
import type { AccountView, ClobCredentialsView, PerpsProxyView } from '../../../shared/custodyViews';

export interface IssuedToAccount {
  clobCredentials: ClobCredentialsView | null;
  perpsProxies: PerpsProxyView[];
}

export type IssuedByNetwork = Record<string, Record<string, IssuedToAccount>>;

const nothingIssued = (): IssuedToAccount => ({ clobCredentials: null, perpsProxies: [] });

export const sameIssued = (a: IssuedToAccount, b: IssuedToAccount): boolean =>
  JSON.stringify([a.clobCredentials, a.perpsProxies]) === JSON.stringify([b.clobCredentials, b.perpsProxies]);

const isEmpty = (issued: IssuedToAccount) => issued.clobCredentials === null && issued.perpsProxies.length === 0;

export function issuedTo(all: IssuedByNetwork, networkId: string, accountId: string): IssuedToAccount {
  const issued = all[networkId]?.[accountId];
  if (!issued) return nothingIssued();
  return { clobCredentials: issued.clobCredentials ?? null, perpsProxies: Array.isArray(issued.perpsProxies) ? issued.perpsProxies : [] };
}

/** A copy with one account's entry on one network replaced (dropped when nothing is left in it). */
export function withIssued(all: IssuedByNetwork, networkId: string, accountId: string, issued: IssuedToAccount): IssuedByNetwork {
  const { [accountId]: _old, ...others } = all[networkId] ?? {};
  const network = isEmpty(issued) ? others : { ...others, [accountId]: { clobCredentials: issued.clobCredentials, perpsProxies: issued.perpsProxies } };
  const { [networkId]: _was, ...networks } = all;
  return Object.keys(network).length === 0 ? networks : { ...networks, [networkId]: network };
}

/** A copy without the account on any network (the account was removed). */
export function withoutAccount(all: IssuedByNetwork, accountId: string): IssuedByNetwork {
  return Object.keys(all).reduce((acc, networkId) => withIssued(acc, networkId, accountId, nothingIssued()), all);
}

/**
 * The sandbox's entries of an older file, read from its accounts; null when the file is already
 * per network or holds nothing to carry over (then nothing is written).
 */
export function legacyIssued(accounts: readonly AccountView[], stored: IssuedByNetwork | undefined): IssuedByNetwork | null {
  if (stored !== undefined) return null;
  let carried: IssuedByNetwork = {};
  for (const account of accounts) {
    const issued = { clobCredentials: account.clobCredentials ?? null, perpsProxies: account.perpsProxies ?? [] };
    carried = withIssued(carried, SANDBOX_NETWORK_ID, account.id, issued);
  }
  return Object.keys(carried).length === 0 ? null : carried;
}

/** An account as stored: the shared half only (what was issued lives in issuedByNetwork). */
export const sharedHalf = (account: AccountView): AccountView => ({ ...account, ...nothingIssued() });
