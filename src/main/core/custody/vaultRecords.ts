import { DuplicateRecordError, InvalidRecordError, RecordNotFoundError, VaultTamperedError } from './errors';
import { decodePayload, encodePayload, type RecordPayload } from './recordPayloads';
import { wipe } from './secretBytes';
import { associatedData, open, seal } from './vaultCrypto';
import { ID_PATTERN, type RecordIndexEntry, type StoredRecord } from './vaultFormat';

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
};

export type VaultRecord = Omit<RecordIndexEntry, 'kind'> & RecordPayload;

export const indexEntryOf = (r: StoredRecord): RecordIndexEntry => ({
  id: r.id,
  kind: r.kind,
  accountId: r.accountId,
  createdAt: r.createdAt,
  hint: r.hint,
});

/**
 * Duplicates a user would regret: two signing keys (or two sets of order-book credentials) for
 * one account, the same key under two accounts, the same proxy twice.
 */
function findConflict(records: StoredRecord[], entry: RecordIndexEntry): string | null {
  for (const other of records) {
    if (other.id === entry.id || other.kind !== entry.kind) continue;
    const sameAccount = other.accountId === entry.accountId;
    if (entry.kind === 'signingKey' && sameAccount) return `Account "${entry.accountId}" already has a signing key.`;
    if (entry.kind === 'signingKey' && other.hint === entry.hint) {
      return `This key is already stored for account "${other.accountId}".`;
    }
    if (entry.kind === 'clobCredentials' && sameAccount) {
      return `Account "${entry.accountId}" already has order-book credentials; replace them instead.`;
    }
    if (entry.kind === 'perpsProxy' && sameAccount && other.hint === entry.hint) {
      return `This proxy is already stored for account "${entry.accountId}".`;
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
  const id = input.id ?? context.newId();
  if (!ID_PATTERN.test(id)) throw new InvalidRecordError('Invalid record: id must be 1-128 letters, digits, ".", "_", ":" or "-".');
  const existing = records.find((r) => r.id === id);
  if (existing && !input.replace) throw new DuplicateRecordError(`A record with id "${id}" already exists.`);
  if (existing && existing.kind !== input.kind) {
    throw new InvalidRecordError(`Record "${id}" is a ${existing.kind}; it cannot be replaced by a ${input.kind}.`);
  }

  const { plaintext, hint } = await encodePayload(input);
  try {
    const entry: RecordIndexEntry = { id, kind: input.kind, accountId: input.accountId, createdAt: context.createdAt, hint };
    const conflict = findConflict(records, entry);
    if (conflict) throw new DuplicateRecordError(conflict);
    const stored: StoredRecord = { ...entry, sealed: seal(context.dataKey, plaintext, associatedData.record(context.vaultId, entry)) };
    const next = existing ? records.map((r) => (r.id === id ? stored : r)) : [...records, stored];
    return { records: next, entry };
  } finally {
    wipe(plaintext);
  }
}

export function openRecordPlaintext(vaultId: string, dataKey: Uint8Array, record: StoredRecord): Uint8Array {
  const plaintext = open(dataKey, record.sealed, associatedData.record(vaultId, record));
  if (!plaintext) {
    throw new VaultTamperedError(`The vault record "${record.id}" failed authentication: the file was modified outside Marketdesk.`);
  }
  return plaintext;
}

export function readRecord(vaultId: string, dataKey: Uint8Array, records: StoredRecord[], id: string): VaultRecord {
  const record = records.find((r) => r.id === id);
  if (!record) throw new RecordNotFoundError(`No vault record with id "${id}".`);
  const payload = decodePayload(record.kind, record.id, openRecordPlaintext(vaultId, dataKey, record));
  const { kind: _kind, ...index } = indexEntryOf(record);
  return { ...index, ...payload };
}

/** Re-encrypts every record under a new data key (password change re-keys the vault). */
export function rekeyRecords(vaultId: string, oldKey: Uint8Array, newKey: Uint8Array, records: StoredRecord[]): StoredRecord[] {
  return records.map((record) => {
    const plaintext = openRecordPlaintext(vaultId, oldKey, record);
    try {
      return { ...record, sealed: seal(newKey, plaintext, associatedData.record(vaultId, record)) };
    } finally {
      wipe(plaintext);
    }
  });
}
