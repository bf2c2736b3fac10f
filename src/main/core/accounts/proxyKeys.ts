/**
 * The perps proxy's vault record, read at the moment of use: its key to sign a proxy-signed op
 * (internalTransfer) and its secret for the key-header routes. Like signingKeys.ts, the key bytes
 * are wiped when `use` settles; neither value is kept, logged or put in an error. A proxy is used
 * only at the perps exchange origin that created it (issuedOrigin.ts): each read hands back that
 * origin for the request, or refuses before the key or the secret is used.
 */
import { bytesToHex, type LocalAccount } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { CoreError } from '../coreError';
import { wipe } from '../custody';
import type { StoredAccount } from './accountRegistry';
import { boundOrigin, type NetworkHosts } from './issuedOrigin';
import { perpsProxyRecordId } from './recordIds';
import type { VaultSession } from './vaultSession';

export interface ProxyCredentials {
  proxyAddress: string;
  secret: string;
  /** The perps exchange origin that created the proxy: the one place these may be sent. */
  origin: string;
}

/**
 * The proxy's record on this network only (a proxy created on another network signs nothing
 * here), with the origin it may be used at; refused when it was created by another host.
 */
async function readProxyRecord(session: VaultSession, account: StoredAccount, proxyAddress: string, network: NetworkHosts) {
  const networkId = network.info.id;
  const record = await session.unlocked().getRecord(perpsProxyRecordId(account.id, proxyAddress, networkId));
  if (record.kind !== 'perpsProxy' || record.network !== networkId) throw new CoreError('internal', 'The perps proxy record has the wrong kind or network.');
  try {
    return { proxy: record.proxy, origin: boundOrigin(record.origin, network, 'perps', 'proxy') };
  } catch (error) {
    if (record.proxy.proxyPrivateKey) wipe(record.proxy.proxyPrivateKey);
    throw error;
  }
}

/** The proxy address and secret for the key headers of one request, and where that request may go. */
export async function proxyCredentials(
  session: VaultSession,
  account: StoredAccount,
  proxyAddress: string,
  network: NetworkHosts,
): Promise<ProxyCredentials> {
  const { proxy, origin } = await readProxyRecord(session, account, proxyAddress, network);
  if (proxy.proxyPrivateKey) wipe(proxy.proxyPrivateKey);
  return { proxyAddress: proxy.proxyAddress, secret: proxy.secret, origin };
}

/** The origin requests about this proxy may go to (deleting it), or the refusal naming both hosts. */
export async function proxyOrigin(session: VaultSession, account: StoredAccount, proxyAddress: string, network: NetworkHosts): Promise<string> {
  return (await proxyCredentials(session, account, proxyAddress, network)).origin;
}

/** Signs with the proxy's own key (not the owner's), then wipes the key bytes; `use` gets the origin to send to. */
export async function withProxySigner<T>(
  session: VaultSession,
  account: StoredAccount,
  proxyAddress: string,
  network: NetworkHosts,
  use: (signer: LocalAccount, origin: string) => Promise<T>,
): Promise<T> {
  const { proxy, origin } = await readProxyRecord(session, account, proxyAddress, network);
  const key = proxy.proxyPrivateKey;
  if (!key) {
    throw new CoreError('unavailable', `The vault holds no signing key for the proxy ${proxy.proxyAddress} of "${account.label}"; rotate the proxy to get one.`);
  }
  try {
    const signer = privateKeyToAccount(bytesToHex(key));
    if (signer.address.toLowerCase() !== proxyAddress.toLowerCase()) {
      throw new CoreError('internal', `The vault record of the proxy ${proxyAddress} holds the key of another address.`);
    }
    return await use(signer, origin);
  } finally {
    wipe(key);
  }
}
