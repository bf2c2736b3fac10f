import { promises as fs } from 'node:fs';
import { backupPathOf } from './atomicWrite';
import { errnoOf, VaultConflictError, VaultCorruptError, VaultIoError, VaultNotFoundError } from './errors';
import { MAX_VAULT_FILE_BYTES, parseVaultFile, type VaultState } from './vaultFormat';

/**
 * Reading the vault from disk, falling back to `<name>.bak` when the main file is missing or
 * unreadable (damaged by a disk fault, a sync tool, a user's editor). The fallback is reported,
 * never silent. It is deliberately *not* taken for an unsupported version or refused KDF
 * parameters: those files are intact, and quietly using an older backup would lose data or
 * hide a planted file.
 */

export interface LoadedVault {
  state: VaultState;
  /** Set when the main file could not be used and the backup was loaded instead. */
  recoveredFromBackup: { reason: string } | null;
}

async function readCapped(file: string): Promise<Uint8Array> {
  const handle = await fs.open(file, 'r');
  try {
    const { size } = await handle.stat();
    // A file larger than the cap is refused without being read into memory.
    if (size > MAX_VAULT_FILE_BYTES) return new Uint8Array(MAX_VAULT_FILE_BYTES + 1);
    const buffer = Buffer.alloc(size);
    const { bytesRead } = await handle.read(buffer, 0, size, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

type Attempt = { ok: true; state: VaultState } | { ok: false; missing: boolean; error: unknown };

async function tryLoad(file: string): Promise<Attempt> {
  let bytes: Uint8Array;
  try {
    bytes = await readCapped(file);
  } catch (error) {
    const missing = errnoOf(error) === 'ENOENT';
    return { ok: false, missing, error: missing ? error : new VaultIoError(`The vault file could not be read (${errnoOf(error) ?? 'I/O error'}).`) };
  }
  try {
    return { ok: true, state: parseVaultFile(bytes) };
  } catch (error) {
    return { ok: false, missing: false, error };
  }
}

const recoverable = (attempt: Attempt) =>
  !attempt.ok && (attempt.missing || attempt.error instanceof VaultCorruptError || attempt.error instanceof VaultIoError);

export async function loadVaultFile(file: string): Promise<LoadedVault> {
  const main = await tryLoad(file);
  if (main.ok) return { state: main.state, recoveredFromBackup: null };
  if (!recoverable(main)) throw main.error;

  const backup = await tryLoad(backupPathOf(file));
  if (backup.ok) {
    const why = main.missing ? 'the vault file was missing' : `the vault file was unreadable (${(main.error as Error).message})`;
    return { state: backup.state, recoveredFromBackup: { reason: `Recovered from the backup copy: ${why}.` } };
  }
  if (main.missing && backup.missing) throw new VaultNotFoundError('No vault exists at this location.');
  throw main.missing ? backup.error : main.error;
}

/**
 * Compare and swap: refuses (VaultConflictError) unless the vault file on disk is still the
 * one this handle last read or wrote — same vault id, same generation. Called just before the
 * atomic rename, so a writer that got past the data-folder lock cannot make us erase a key it
 * added: its write and ours cannot both land on one generation. A missing or unreadable main
 * file holds no generation to lose (the write restores it from memory); a file in a format this
 * release cannot read is never overwritten.
 */
export async function assertOnDiskGeneration(file: string, expected: { vaultId: string; generation: number }): Promise<void> {
  const attempt = await tryLoad(file);
  if (!attempt.ok) {
    if (attempt.missing || attempt.error instanceof VaultCorruptError || attempt.error instanceof VaultIoError) return;
    throw new VaultConflictError('The vault file on disk was replaced by one this Marketdesk cannot read: this change was not saved, and the file was left as it is.');
  }
  const { vaultId, generation } = attempt.state;
  if (vaultId !== expected.vaultId) {
    throw new VaultConflictError('The vault file on disk was replaced by another vault since Marketdesk read it: this change was not saved. Restart Marketdesk to load the vault on disk.');
  }
  if (generation !== expected.generation) {
    throw new VaultConflictError(
      `The vault file was changed by another process since Marketdesk read it (generation ${generation} on disk, ${expected.generation} read): this change was not saved. Restart Marketdesk to load the current vault.`,
    );
  }
}
