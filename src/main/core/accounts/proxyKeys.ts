/**
 * The perps proxy's vault record, read at the moment of use: its key to sign a proxy-signed op
 * (internalTransfer) and its secret for the key-header routes. Like signingKeys.ts, the key bytes
 * are wiped when `use` settles; neither value is kept, logged or put in an error.
 */
import { bytesToHex, type LocalAccount } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { CoreError } from '../coreError';
import { wipe } from '../custody';
import type { StoredAccount } from './accountRegistry';
import { perpsProxyRecordId } from './recordIds';
import type { VaultSession } from './vaultSession';

export interface ProxyCredentials {
  proxyAddress: string;
  secret: string;
}

/** The proxy's record on `networkId` only: a proxy created on another network signs nothing here. */
async function readProxyRecord(session: VaultSession, account: StoredAccount, proxyAddress: string, networkId: string) {
  const record = await session.unlocked().getRecord(perpsProxyRecordId(account.id, proxyAddress, networkId));
  if (record.kind !== 'perpsProxy' || record.network !== networkId) throw new CoreError('internal', 'The perps proxy record has the wrong kind or network.');
  return record.proxy;
}

/** The proxy address and secret for the key headers of one request. */
export async function proxyCredentials(
  session: VaultSession,
  account: StoredAccount,
  proxyAddress: string,
  networkId: string,
): Promise<ProxyCredentials> {
  const proxy = await readProxyRecord(session, account, proxyAddress, networkId);
  if (proxy.proxyPrivateKey) wipe(proxy.proxyPrivateKey);
  return { proxyAddress: proxy.proxyAddress, secret: proxy.secret };
}

/** Signs with the proxy's own key (not the owner's), then wipes the key bytes. */
export async function withProxySigner<T>(
  session: VaultSession,
  account: StoredAccount,
  proxyAddress: string,
  networkId: string,
  use: (signer: LocalAccount) => Promise<T>,
): Promise<T> {
  const proxy = await readProxyRecord(session, account, proxyAddress, networkId);
  const key = proxy.proxyPrivateKey;
  if (!key) {
    throw new CoreError('unavailable', `The vault holds no signing key for the proxy ${proxy.proxyAddress} of "${account.label}"; rotate the proxy to get one.`);
  }
  try {
    const signer = privateKeyToAccount(bytesToHex(key));
    if (signer.address.toLowerCase() !== proxyAddress.toLowerCase()) {
      throw new CoreError('internal', `The vault record of the proxy ${proxyAddress} holds the key of another address.`);
    }
    return await use(signer);
  } finally {
    wipe(key);
  }
}
