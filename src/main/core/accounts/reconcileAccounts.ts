/**
 * Keeps the two halves of an account in step at start. An account is written in two files: its
 * key into the vault, then its entry into accounts.json. A process killed between the two (2 of
 * 48 runs in the reliability review) left a signing key with no account: invisible in the app,
 * impossible to remove, and — being a private key — possibly holding funds. The reverse, an
 * account whose key is not in the vault (a removal killed half-way, a vault restored from its
 * backup), must be visible too rather than fail at the first signature.
 *
 * So, before the app shows anything:
 *   - every signing key whose account is missing is adopted as an account, labelled
 *     "Recovered account 0x12ab…cdef", an EOA (the only type a key alone proves); the user can
 *     rename, export or remove it like any other;
 *   - every key account whose key is missing is marked `keyMissing` (shown in the account list;
 *     signing is refused, removal works), and unmarked if the key is back.
 * Only the clear index is read (the vault may be locked): the address is the record's hint,
 * which the vault computed from the key and which the index MAC authenticates at unlock.
 */
import { getAddress } from 'viem';
import type { RecordIndexEntry } from '../custody';
import type { Logger } from '../log';
import type { AccountRegistry, StoredAccount } from './accountRegistry';
import { signingKeyRecordId } from './recordIds';

export interface Reconciliation {
  adopted: StoredAccount[];
  keyMissing: StoredAccount[];
}

const shortAddress = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`;

function adoptedAccount(record: RecordIndexEntry, address: string): StoredAccount {
  const createdAt = Date.parse(record.createdAt);
  return {
    id: record.accountId,
    label: `Recovered account ${shortAddress(address)}`,
    address,
    kind: 'key',
    signatureType: 'EOA',
    funder: null,
    createdAt: Number.isFinite(createdAt) ? createdAt : Date.now(),
    clobCredentials: null,
    perpsProxies: [],
  };
}

export function reconcileAccounts(registry: AccountRegistry, records: readonly RecordIndexEntry[], log: Logger): Reconciliation {
  const result: Reconciliation = { adopted: [], keyMissing: [] };
  const accountIds = new Set(registry.all().map((a) => a.id));

  for (const record of records) {
    if (record.kind !== 'signingKey' || accountIds.has(record.accountId)) continue;
    let address: string;
    try {
      address = getAddress(record.hint);
    } catch {
      log.warn(`vault record ${record.id} holds a signing key with no account and no readable address; it was left as it is`);
      continue;
    }
    const holder = registry.findByAddress(address);
    if (holder) {
      // The same key under another account id: the account the user sees already has it.
      log.warn(`vault record ${record.id} repeats the key of "${holder.label}"; it was left as it is`);
      continue;
    }
    const account = adoptedAccount(record, address);
    registry.add(account);
    accountIds.add(account.id);
    result.adopted.push(account);
    log.warn(`a signing key without an account (${address}) was found in the vault and added as "${account.label}"`);
  }

  const keyRecords = new Set(records.filter((r) => r.kind === 'signingKey').map((r) => r.id));
  for (const account of registry.all()) {
    if (account.kind !== 'key') continue;
    const missing = !keyRecords.has(signingKeyRecordId(account.id));
    if (missing) {
      result.keyMissing.push(account);
      log.warn(`the key of account "${account.label}" (${account.address}) is not in the vault; signing with it is refused until it is removed or imported again`);
    }
    if (missing !== (account.keyMissing === true)) {
      registry.update(account.id, ({ keyMissing: _was, ...rest }) => (missing ? { ...rest, keyMissing: true } : rest));
    }
  }
  return result;
}
