import { randomUUID, timingSafeEqual } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { backupPathOf, refreshBackup, removeStaleTempFiles, writeFileAtomic, type WriteStep } from './atomicWrite';
import {
  errnoOf,
  OsKeyStoreUnavailableError,
  OsUnlockFailedError,
  OsUnlockNotEnabledError,
  RecordNotFoundError,
  VaultConflictError,
  VaultExistsError,
  VaultIoError,
  VaultLockedError,
  VaultTamperedError,
} from './errors';
import type { OsKeyStore } from './osKeyStorePort';
import { PasswordChecks } from './passwordChecks';
import { storageFaultKind, storageFaultMessage } from '../dataFolder/storageFaults';
import { constantTimeEqual, randomSecretBytes, wipe } from './secretBytes';
import { computeIndexMac, indexMacMatches, newDataKey } from './vaultCrypto';
import { assertOnDiskGeneration, loadVaultFile } from './vaultFile';
import { serializeVaultFile, VAULT_VERSION, type RecordIndexEntry, type VaultState, type VaultVersion } from './vaultFormat';
import { migratedState } from './vaultMigration';
import { addRecord, bindOrigins, indexEntryOf, readRecord, resealRecords, type BoundRecord, type PutRecordInput, type VaultRecord } from './vaultRecords';
import {
  checkNewPassword,
  DEFAULT_VAULT_SCRYPT,
  makeOsSlot,
  makePasswordSlot,
  openOsSlot,
  openPasswordSlot,
  type ScryptCost,
} from './vaultSlots';

/**
 * The vault handle: opened locked, unlocked by the password or the OS keychain, and the only
 * object that ever holds the data key (in a private field, so it does not show up when the
 * handle is logged, inspected or serialised). Every change builds the next state, writes it
 * atomically, and adopts it only once it is on disk: a failed operation leaves both the file and
 * the in-memory state as they were. Operations that touch the file run one at a time.
 */

export interface VaultOptions {
  osKeyStore?: OsKeyStore;
  /** The session's password-check path (throttle + KDF gate); a vault opened alone gets its own. */
  passwordChecks?: PasswordChecks;
  now?: () => Date;
  /** Test seam for crash tests; see atomicWrite. */
  onWriteStep?: (step: WriteStep) => void;
}

export interface CreateVaultOptions extends VaultOptions {
  /** scrypt cost; defaults to DEFAULT_VAULT_SCRYPT. Tests pass lighter values. */
  kdf?: ScryptCost;
}

export class Vault {
  readonly path: string;
  #state: VaultState;
  #dataKey: Uint8Array | null = null;
  /** The password slot the data key was adopted with: what a re-entered password is checked against. */
  #unlockedSlot: Pick<VaultState, 'vaultId' | 'passwordSlot'> | null = null;
  #options: VaultOptions;
  #passwordChecks: PasswordChecks;
  #recovered: { reason: string } | null;
  // After recovery from .bak the main file is damaged: the next write must not back it up over the good copy.
  #mainIsDamaged: boolean;
  #queue: Promise<unknown> = Promise.resolve();

  /** @internal use createVault / openVault */
  constructor(
    file: string,
    state: VaultState,
    options: VaultOptions,
    recovered: { reason: string } | null,
    dataKey: Uint8Array | null = null,
  ) {
    this.path = file;
    this.#state = state;
    this.#options = options;
    this.#passwordChecks = options.passwordChecks ?? new PasswordChecks();
    this.#recovered = recovered;
    this.#mainIsDamaged = recovered !== null;
    if (dataKey) this.#adopt(dataKey);
  }

  get vaultId(): string {
    return this.#state.vaultId;
  }
  get isUnlocked(): boolean {
    return this.#dataKey !== null;
  }
  get osUnlockEnabled(): boolean {
    return this.#state.osSlot !== null;
  }
  /** Non-null when the main file was missing or unreadable and `<name>.bak` was opened instead. */
  get recoveredFromBackup(): { reason: string } | null {
    return this.#recovered;
  }
  /** The format version of the file as read; 1 until the first unlock migrates it (vaultMigration.ts). */
  get formatVersion(): VaultVersion {
    return this.#state.version;
  }
  get kdfCost(): ScryptCost {
    const { N, r, p } = this.#state.passwordSlot.kdf;
    return { N, r, p };
  }

  /** The clear index; available while locked. */
  listRecords(): RecordIndexEntry[] {
    return this.#state.records.map(indexEntryOf);
  }

  unlockWithPassword(password: string): Promise<void> {
    return this.#exclusive(async () => {
      this.#adopt(await this.#dataKeyFromPassword(password));
      await this.#migrateAtUnlock();
    });
  }

  /**
   * The password given again before revealing, exporting or removing. Checked against this
   * unlocked vault as it is held in memory, never against the file on disk (which anyone who can
   * write the profile could have replaced with a vault under a password of their own): the KEK
   * is derived with the KDF parameters and salt of the password slot held since unlock (or since
   * this process last changed the password), that slot is opened, and the data key it yields
   * must be the one this vault was unlocked with, compared in constant time. Refused with `locked` while locked, before the password is looked at.
   * Not queued behind writes: the password-check path refuses concurrent checks instead.
   */
  async verifyPassword(password: string): Promise<void> {
    this.#requireKey();
    const slot = this.#unlockedSlot;
    if (!slot) throw new VaultLockedError();
    await this.#passwordChecks.check(async () => {
      const candidate = await openPasswordSlot(slot, password);
      if (!candidate) return null;
      try {
        const held = this.#requireKey(); // locked while the key was derived: refused as locked
        return candidate.length === held.length && timingSafeEqual(candidate, held) ? true : null;
      } finally {
        wipe(candidate);
      }
    });
  }

  unlockWithOsKeyStore(): Promise<void> {
    return this.#exclusive(async () => {
      if (!this.#state.osSlot) throw new OsUnlockNotEnabledError('Unlock with the OS keychain is not enabled for this vault.');
      const store = this.#requireOsKeyStore();
      const osKey = await store.get(this.#state.osSlot.keyRef);
      if (!osKey) throw new OsUnlockFailedError('The OS keychain holds no key for this vault; unlock with the password.');
      try {
        const dataKey = openOsSlot(this.#state, osKey);
        if (!dataKey) throw new OsUnlockFailedError('The key in the OS keychain does not open this vault; unlock with the password.');
        this.#adopt(dataKey);
      } finally {
        wipe(osKey);
      }
      await this.#migrateAtUnlock();
    });
  }

  /**
   * Takes effect at once for every new operation. The key bytes are wiped once the write in
   * flight (if any) has finished: wiping them under it would seal its records with a zeroed key.
   */
  lock(): void {
    const key = this.#dataKey;
    this.#dataKey = null;
    this.#unlockedSlot = null;
    if (key) void this.#queue.then(() => wipe(key));
  }

  async getRecord(id: string): Promise<VaultRecord> {
    return readRecord(this.#state, this.#requireKey(), id);
  }

  putRecord(input: PutRecordInput): Promise<RecordIndexEntry> {
    return this.#exclusive(async () => {
      const dataKey = await this.#migratedKey();
      const { records, entry } = await addRecord(this.#state.records, input, {
        vaultId: this.#state.vaultId,
        dataKey,
        createdAt: this.#now(),
        newId: randomUUID,
      });
      await this.#write({ ...this.#state, records }, dataKey);
      return entry;
    });
  }

  /** Removing a key also refreshes the backup copy, so the removed secret does not linger in `.bak`. */
  deleteRecord(id: string): Promise<void> {
    return this.#exclusive(async () => {
      const dataKey = await this.#migratedKey();
      if (!this.#state.records.some((r) => r.id === id)) throw new RecordNotFoundError(`No vault record with id "${id}".`);
      await this.#write({ ...this.#state, records: this.#state.records.filter((r) => r.id !== id) }, dataKey, true);
    });
  }

  /**
   * Binds the issued records that have no origin yet to the one `originOf` names, in one write
   * (none when every record has one); returns what was bound. See vaultRecords.bindOrigins.
   */
  bindRecordOrigins(originOf: (entry: RecordIndexEntry) => string | null): Promise<BoundRecord[]> {
    return this.#exclusive(async () => {
      const dataKey = await this.#migratedKey();
      const { records, bound } = await bindOrigins(this.#state, dataKey, originOf);
      if (bound.length > 0) await this.#write({ ...this.#state, records }, dataKey);
      return bound;
    });
  }

  /** Removes every record of an account in one write; returns how many were removed. */
  deleteRecordsOfAccount(accountId: string): Promise<number> {
    return this.#exclusive(async () => {
      const dataKey = await this.#migratedKey();
      const kept = this.#state.records.filter((r) => r.accountId !== accountId);
      const removed = this.#state.records.length - kept.length;
      if (removed > 0) await this.#write({ ...this.#state, records: kept }, dataKey, true);
      return removed;
    });
  }

  /**
   * Verifies the old password, then re-keys: a new data key, every record re-encrypted, a new
   * salt. The backup is refreshed afterwards so no copy on disk still opens with the old
   * password. The OS slot is kept (re-wrapped with the same keychain key) when the keychain
   * answers, dropped otherwise — `osUnlockKept` tells the UI which.
   */
  changePassword(oldPassword: string, newPassword: string, options: { kdf?: ScryptCost } = {}): Promise<{ osUnlockKept: boolean }> {
    return this.#exclusive(async () => {
      checkNewPassword(newPassword);
      const oldKey = await this.#dataKeyFromPassword(oldPassword);
      const newKey = newDataKey();
      try {
        if (!indexMacMatches(oldKey, this.#state)) throw this.#tampered();
        const { vaultId } = this.#state;
        // Re-sealed under the current version's rules: a v1 vault is migrated by the same write.
        const records = resealRecords(vaultId, this.#state.version, oldKey, newKey, this.#state.records);
        const passwordSlot = await makePasswordSlot(vaultId, newPassword, options.kdf ?? this.kdfCost, newKey);
        const osSlot = await this.#rewrapOsSlot(oldKey, newKey);
        await this.#write({ ...this.#state, version: VAULT_VERSION, passwordSlot, osSlot, records }, newKey, true);
        this.#adopt(Uint8Array.from(newKey));
        return { osUnlockKept: osSlot !== null };
      } finally {
        wipe(oldKey, newKey);
      }
    });
  }

  /** "Remember on this device": a random key in the OS keychain wraps the data key. */
  enableOsUnlock(): Promise<void> {
    return this.#exclusive(async () => {
      const dataKey = await this.#migratedKey();
      const store = this.#requireOsKeyStore();
      const availability = await store.available();
      if (!availability.ok) throw new OsKeyStoreUnavailableError(availability.reason);
      const osKey = randomSecretBytes(32);
      const hadSlot = this.#state.osSlot !== null;
      try {
        await store.put(this.#state.vaultId, osKey);
        const osSlot = makeOsSlot(this.#state.vaultId, osKey, dataKey);
        await this.#write({ ...this.#state, osSlot }, dataKey).catch(async (error: unknown) => {
          if (!hadSlot) await store.delete(this.#state.vaultId).catch(() => false);
          throw error;
        });
      } finally {
        wipe(osKey);
      }
    });
  }

  /**
   * Forgets this device. The keychain entry is removed first (it is the real revocation); the
   * slot is then dropped from the file and from the backup even if the keychain could not be
   * reached, so no file on disk can be opened with a stale keychain key.
   */
  disableOsUnlock(): Promise<{ keychainEntryRemoved: boolean }> {
    return this.#exclusive(async () => {
      const dataKey = await this.#migratedKey();
      const slot = this.#state.osSlot;
      if (!slot) return { keychainEntryRemoved: false };
      const store = this.#options.osKeyStore;
      const keychainEntryRemoved = store ? await store.delete(slot.keyRef).catch(() => false) : false;
      await this.#write({ ...this.#state, osSlot: null }, dataKey, true);
      return { keychainEntryRemoved };
    });
  }

  // ---- internals ----

  /**
   * The v1→v2 migration at unlock, written at once. A write that fails here (a read-only disk,
   * another process's change) does not undo the unlock: the vault stays readable as version 1 in
   * memory, and the migration is tried again before the next change, where its error is reported.
   */
  async #migrateAtUnlock(): Promise<void> {
    await this.#migratedKey().catch(() => undefined);
  }

  /** The data key, after migrating the file to the current version if it is older (every change needs that). */
  async #migratedKey(): Promise<Uint8Array> {
    const dataKey = this.#requireKey();
    const next = migratedState(this.#state, dataKey);
    if (next) await this.#write(next, dataKey);
    return dataKey;
  }

  #exclusive<T>(operation: () => Promise<T>): Promise<T> {
    const run = this.#queue.then(operation, operation);
    this.#queue = run.catch(() => undefined);
    return run;
  }

  #now(): string {
    return (this.#options.now?.() ?? new Date()).toISOString();
  }

  #requireKey(): Uint8Array {
    if (!this.#dataKey) throw new VaultLockedError();
    return this.#dataKey;
  }

  #requireOsKeyStore(): OsKeyStore {
    if (!this.#options.osKeyStore) throw new OsKeyStoreUnavailableError('No OS keychain is available in this environment.');
    return this.#options.osKeyStore;
  }

  #tampered(): VaultTamperedError {
    return new VaultTamperedError('The vault file was modified outside Marketdesk: its record index does not authenticate.');
  }

  /** Through the session's one password-check path: throttled, counted, one derivation at a time. */
  #dataKeyFromPassword(password: string): Promise<Uint8Array> {
    const state = this.#state;
    return this.#passwordChecks.check(() => openPasswordSlot(state, password));
  }

  /** Takes ownership of `dataKey` after checking it authenticates the record index. */
  #adopt(dataKey: Uint8Array): void {
    if (!indexMacMatches(dataKey, this.#state)) {
      wipe(dataKey);
      throw this.#tampered();
    }
    if (this.#dataKey !== dataKey) wipe(this.#dataKey);
    this.#dataKey = dataKey;
    this.#unlockedSlot = { vaultId: this.#state.vaultId, passwordSlot: this.#state.passwordSlot };
  }

  async #rewrapOsSlot(oldKey: Uint8Array, newKey: Uint8Array): Promise<VaultState['osSlot']> {
    const slot = this.#state.osSlot;
    const store = this.#options.osKeyStore;
    if (!slot || !store) return null;
    const osKey = await store.get(slot.keyRef).catch(() => null);
    if (!osKey) return null;
    const unwrapped = openOsSlot(this.#state, osKey);
    try {
      return unwrapped && constantTimeEqual(unwrapped, oldKey) ? makeOsSlot(this.#state.vaultId, osKey, newKey) : null;
    } finally {
      wipe(osKey, unwrapped);
    }
  }

  async #write(next: VaultState, dataKey: Uint8Array, refreshBackupAfter = false): Promise<void> {
    const state: VaultState = { ...next, generation: this.#state.generation + 1 };
    state.indexMac = computeIndexMac(dataKey, state);
    let renamed = false;
    try {
      await writeFileAtomic(this.path, serializeVaultFile(state), {
        keepBackup: !this.#mainIsDamaged,
        // Compare and swap: never over a generation this handle did not read (another process's key).
        beforeReplace: () => assertOnDiskGeneration(this.path, this.#state),
        onStep: (step) => {
          if (step === 'renamed') renamed = true;
          this.#options.onWriteStep?.(step);
        },
      });
    } catch (error) {
      if (error instanceof VaultConflictError) throw error;
      // Once the rename happened the new file is in place; only the directory sync failed.
      if (!renamed) throw new VaultIoError(vaultWriteRefusal(error, this.path, `The vault could not be saved (${errnoOf(error) ?? 'I/O error'}); the file on disk is unchanged.`));
    }
    this.#state = state;
    this.#mainIsDamaged = false;
    this.#recovered = null;
    if (refreshBackupAfter) await refreshBackup(this.path).catch(() => undefined);
  }
}

/**
 * The vault's directory is made 0700 (created so, or tightened when it is ours and group/other
 * can read it): file names and the .bak copy are then not even listable by other users.
 * Tightening is best effort — a shared directory we do not own is left as it is.
 */
async function ensurePrivateDirectory(dir: string): Promise<void> {
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  if (process.platform === 'win32') return;
  const stat = await fs.stat(dir);
  if ((stat.mode & 0o077) !== 0 && stat.uid === process.getuid?.()) await fs.chmod(dir, 0o700).catch(() => undefined);
}

export async function createVault(file: string, password: string, options: CreateVaultOptions = {}): Promise<Vault> {
  checkNewPassword(password);
  for (const candidate of [file, backupPathOf(file)]) {
    if (await fs.stat(candidate).then(() => true, () => false)) {
      throw new VaultExistsError('A vault already exists at this location; open it or choose another location.');
    }
  }
  await ensurePrivateDirectory(path.dirname(file));
  const vaultId = randomUUID();
  const dataKey = newDataKey();
  try {
    const passwordSlot = await makePasswordSlot(vaultId, password, options.kdf ?? DEFAULT_VAULT_SCRYPT, dataKey);
    const createdAt = (options.now?.() ?? new Date()).toISOString();
    const state: VaultState = {
      version: VAULT_VERSION,
      vaultId,
      createdAt,
      generation: 0,
      passwordSlot,
      osSlot: null,
      records: [],
      indexMac: new Uint8Array(0),
    };
    state.indexMac = computeIndexMac(dataKey, state);
    try {
      await writeFileAtomic(file, serializeVaultFile(state), { exclusive: true, onStep: options.onWriteStep });
    } catch (error) {
      if (errnoOf(error) === 'EEXIST') throw new VaultExistsError('A vault already exists at this location.');
      throw new VaultIoError(vaultWriteRefusal(error, file, `The vault could not be created (${errnoOf(error) ?? 'I/O error'}).`));
    }
    return new Vault(file, state, options, null, Uint8Array.from(dataKey));
  } finally {
    wipe(dataKey);
  }
}

export async function openVault(file: string, options: VaultOptions = {}): Promise<Vault> {
  await removeStaleTempFiles(file);
  const { state, recoveredFromBackup } = await loadVaultFile(file);
  return new Vault(file, state, options, recoveredFromBackup);
}

/** A full or read-only disk in the words every write uses; any other I/O failure as `otherwise`. */
function vaultWriteRefusal(error: unknown, file: string, otherwise: string): string {
  const kind = storageFaultKind(error);
  return kind ? storageFaultMessage(kind, 'the vault', { folder: path.dirname(file) }) : otherwise;
}
