import { SANDBOX_NETWORK_ID } from '../../../shared/networkProfiles';

/**
 * Vault record ids of an account's secrets, derived from the account (and, for what a service
 * issued, the network) so nothing has to map them. The sandbox keeps the ids of vault format 1,
 * so records migrated from it are found where they always were; another network's ids carry the
 * network after a "." (a network id has no "." or ":", so the two forms never collide).
 */
const scoped = (prefix: string, networkId: string) => (networkId === SANDBOX_NETWORK_ID ? `${prefix}:` : `${prefix}.${networkId}:`);

export const signingKeyRecordId = (accountId: string) => `key:${accountId}`;
export const clobCredentialsRecordId = (accountId: string, networkId: string) => `${scoped('clob', networkId)}${accountId}`;
export const perpsProxyRecordId = (accountId: string, proxyAddress: string, networkId: string) =>
  `${scoped('proxy', networkId)}${accountId}:${proxyAddress.toLowerCase()}`;
