/** Vault record ids of an account's secrets, derived from the account so nothing has to map them. */
export const signingKeyRecordId = (accountId: string) => `key:${accountId}`;
export const clobCredentialsRecordId = (accountId: string) => `clob:${accountId}`;
export const perpsProxyRecordId = (accountId: string, proxyAddress: string) => `proxy:${accountId}:${proxyAddress.toLowerCase()}`;
