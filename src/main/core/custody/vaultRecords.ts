import { DuplicateRecordError, InvalidRecordError, RecordNotFoundError, VaultTamperedError } from './errors';
import { decodePayload, encodePayload, type RecordPayload } from './recordPayloads';
import { wipe } from './secretBytes';
import { associatedData, open, seal } from './vaultCrypto';
import {
  ID_PATTERN,
  isNetworkScoped,
  NETWORK_ID_PATTERN,
  VAULT_VERSION,
  type RecordIndexEntry,
  type StoredRecord,
  type VaultVersion,
} from './vaultFormat';

/**
 * Record-level rules: ids, duplicates, sealing and opening. Pure functions over the record list,
 * so the handle can build the next state, write it, and only then adopt it.
 */

export type PutRecordInput = RecordPayload & {
  accountId: string;
  /** Defaults to a random UUID. */
  id?: string;
  /** Replace an existing record with this id (same kind), e.g. to rotate credentials. */
  replace?: boolean;
  /** The network a service issued it on: required for clobCredentials and perpsProxy, refused for a signingKey. */
  network?: string;
};

export type VaultRecord = Omit<RecordIndexEntry, 'kind'> & RecordPayload;

export const indexEntryOf = (r: StoredRecord): RecordIndexEntry => ({
  id: r.id,
  kind: r.kind,
  accountId: r.accountId,
  createdAt: r.createdAt,
  hint: r.hint,
  ...(r.network !== undefined && { network: r.network }),
});

/**
 * Duplicates a user would regret: two signing keys for one account, the same key under two
 * accounts, two sets of order-book credentials for one account on one network, the same proxy
 * twice on one network. What a service issued on another network is never a duplicate.
 */
function findConflict(records: StoredRecord[], entry: RecordIndexEntry): string | null {
  for (const other of records) {
    if (other.id === entry.id || other.kind !== entry.kind) continue;
    if (isNetworkScoped(entry.kind) && other.network !== entry.network) continue;
    const sameAccount = other.accountId === entry.accountId;
    if (entry.kind === 'signingKey' && sameAccount) return `Account "${entry.accountId}" already has a signing key.`;
    if (entry.kind === 'signingKey' && other.hint === entry.hint) {
      return `This key is already stored for account "${other.accountId}".`;
    }
    if (entry.kind === 'clobCredentials' && sameAccount) {
      return `Account "${entry.accountId}" already has order-book credentials on network "${entry.network}"; replace them instead.`;
    }
    if (entry.kind === 'perpsProxy' && sameAccount && other.hint === entry.hint) {
      return `This proxy is already stored for account "${entry.accountId}" on network "${entry.network}".`;
    }
  }
  return null;
}

export async function addRecord(
  records: StoredRecord[],
  input: PutRecordInput,
  context: { vaultId: string; dataKey: Uint8Array; createdAt: string; newId: () => string },
): Promise<{ records: StoredRecord[]; entry: RecordIndexEntry }> {
  if (typeof input.accountId !== 'string' || !ID_PATTERN.test(input.accountId)) {
    throw new InvalidRecordError('Invalid record: accountId must be 1-128 letters, digits, ".", "_", ":" or "-".');
  }
  const network = checkedNetwork(input);
  const id = input.id ?? context.newId();
  if (!ID_PATTERN.test(id)) throw new InvalidRecordError('Invalid record: id must be 1-128 letters, digits, ".", "_", ":" or "-".');
  const existing = records.find((r) => r.id === id);
  if (existing && !input.replace) throw new DuplicateRecordError(`A record with id "${id}" already exists.`);
  if (existing && existing.kind !== input.kind) {
    throw new InvalidRecordError(`Record "${id}" is a ${existing.kind}; it cannot be replaced by a ${input.kind}.`);
  }
  if (existing && existing.network !== network) {
    throw new InvalidRecordError(`Record "${id}" belongs to network "${existing.network}"; it cannot be replaced from network "${network}".`);
  }

  const { plaintext, hint } = await encodePayload(input);
  try {
    const entry: RecordIndexEntry = {
      id,
      kind: input.kind,
      accountId: input.accountId,
      createdAt: context.createdAt,
      hint,
      ...(network !== undefined && { network }),
    };
    const conflict = findConflict(records, entry);
    if (conflict) throw new DuplicateRecordError(conflict);
    const sealed = seal(context.dataKey, plaintext, associatedData.record(context.vaultId, entry, VAULT_VERSION));
    const stored: StoredRecord = { ...entry, sealed };
    const next = existing ? records.map((r) => (r.id === id ? stored : r)) : [...records, stored];
    return { records: next, entry };
  } finally {
    wipe(plaintext);
  }
}

function checkedNetwork(input: PutRecordInput): string | undefined {
  if (!isNetworkScoped(input.kind)) {
    if (input.network !== undefined) throw new InvalidRecordError(`Invalid record: a ${input.kind} is shared by all networks and takes no network.`);
    return undefined;
  }
  if (typeof input.network !== 'string' || !NETWORK_ID_PATTERN.test(input.network)) {
    throw new InvalidRecordError(`Invalid record: a ${input.kind} needs the id of the network it was issued on.`);
  }
  return input.network;
}

export function openRecordPlaintext(vaultId: string, version: VaultVersion, dataKey: Uint8Array, record: StoredRecord): Uint8Array {
  const plaintext = open(dataKey, record.sealed, associatedData.record(vaultId, record, version));
  if (!plaintext) {
    throw new VaultTamperedError(`The vault record "${record.id}" failed authentication: the file was modified outside Marketdesk.`);
  }
  return plaintext;
}

export function readRecord(
  state: { vaultId: string; version: VaultVersion; records: StoredRecord[] },
  dataKey: Uint8Array,
  id: string,
): VaultRecord {
  const record = state.records.find((r) => r.id === id);
  if (!record) throw new RecordNotFoundError(`No vault record with id "${id}".`);
  const payload = decodePayload(record.kind, record.id, openRecordPlaintext(state.vaultId, state.version, dataKey, record));
  const { kind: _kind, ...index } = indexEntryOf(record);
  return { ...index, ...payload };
}

/** An issued record that `bindOrigins` gave an origin, and the origin it got. */
export interface BoundRecord {
  entry: RecordIndexEntry;
  origin: string | null;
}

/**
 * Gives every issued record that has no origin yet the one `originOf` names (the first unlock
 * after upgrading: docs/decisions/42-credentials-bound-to-origin/). Each record is opened
 * (authenticated), its payload re-encoded with the origin and sealed again under the same
 * associated data: id, index entry and creation time stay as they were. Records that already
 * have an origin (null included) are left byte for byte. The state must be at the current version.
 */
export async function bindOrigins(
  state: { vaultId: string; version: VaultVersion; records: StoredRecord[] },
  dataKey: Uint8Array,
  originOf: (entry: RecordIndexEntry) => string | null,
): Promise<{ records: StoredRecord[]; bound: BoundRecord[] }> {
  const bound: BoundRecord[] = [];
  const records: StoredRecord[] = [];
  for (const record of state.records) {
    if (!isNetworkScoped(record.kind)) {
      records.push(record);
      continue;
    }
    const payload = decodePayload(record.kind, record.id, openRecordPlaintext(state.vaultId, state.version, dataKey, record));
    try {
      if (payload.kind === 'signingKey' || payload.origin !== undefined) {
        records.push(record);
        continue;
      }
      const entry = indexEntryOf(record);
      const origin = originOf(entry);
      const { plaintext } = await encodePayload({ ...payload, origin });
      try {
        records.push({ ...record, sealed: seal(dataKey, plaintext, associatedData.record(state.vaultId, entry, VAULT_VERSION)) });
      } finally {
        wipe(plaintext);
      }
      bound.push({ entry, origin });
    } finally {
      if (payload.kind === 'perpsProxy' && payload.proxy.proxyPrivateKey) wipe(payload.proxy.proxyPrivateKey);
      if (payload.kind === 'signingKey') wipe(payload.privateKey);
    }
  }
  return { records, bound };
}

/**
 * Re-encrypts every record under `newKey` with the current version's associated data: a password
 * change re-keys the vault (old and new key differ), the v1→v2 migration re-seals under the same
 * key with the network bound in (`fromVersion` 1). Each record is authenticated before it is
 * re-sealed, so a tampered record is never laundered into a valid one.
 */
export function resealRecords(
  vaultId: string,
  fromVersion: VaultVersion,
  oldKey: Uint8Array,
  newKey: Uint8Array,
  records: StoredRecord[],
): StoredRecord[] {
  return records.map((record) => {
    const plaintext = openRecordPlaintext(vaultId, fromVersion, oldKey, record);
    try {
      return { ...record, sealed: seal(newKey, plaintext, associatedData.record(vaultId, record, VAULT_VERSION)) };
    } finally {
      wipe(plaintext);
    }
  });
}
