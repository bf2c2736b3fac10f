/**
 * The one place a private key leaves the vault: long enough to build a viem account and sign,
 * then the bytes are wiped. (viem takes the key as a hex string, which the runtime cannot wipe;
 * it is dropped right after use and never stored, logged or returned.)
 */
import { bytesToHex, type LocalAccount } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { CoreError } from '../coreError';
import { wipe } from '../custody';
import type { StoredAccount } from './accountRegistry';
import { signingKeyRecordId } from './recordIds';
import type { VaultSession } from './vaultSession';

export async function withSigner<T>(session: VaultSession, account: StoredAccount, use: (signer: LocalAccount) => Promise<T>): Promise<T> {
  return withPrivateKey(session, account, (key) => use(privateKeyToAccount(bytesToHex(key))));
}

/** The raw key bytes for signers that take bytes (order signing); wiped when `use` settles. */
export async function withPrivateKey<T>(session: VaultSession, account: StoredAccount, use: (key: Uint8Array) => Promise<T>): Promise<T> {
  if (account.kind === 'watchOnly') {
    throw new CoreError('watch_only', `"${account.label}" is a watch-only address: Marketdesk holds no key to sign with.`);
  }
  const record = await session.unlocked().getRecord(signingKeyRecordId(account.id));
  if (record.kind !== 'signingKey') throw new CoreError('internal', 'The account key record has the wrong kind.');
  try {
    return await use(record.privateKey);
  } finally {
    wipe(record.privateKey);
  }
}
