import { utf8 } from './encoding';
import { HostileKdfParamsError, VaultCorruptError, WeakPasswordError } from './errors';
import { deriveScrypt, findScryptParamProblem, VAULT_SCRYPT_LIMITS, type ScryptParams } from './kdf';
import type { WhenBusy } from './kdfGate';
import { randomSecretBytes, wipe } from './secretBytes';
import { associatedData, DATA_KEY_BYTES, open, seal } from './vaultCrypto';
import type { VaultState } from './vaultFormat';

/**
 * The two ways to reach the data key. Password slot: scrypt(password, salt) wraps the data key
 * with AES-256-GCM. OS slot: a random 32-byte key kept in the OS keychain wraps it the same way.
 * Either slot only ever holds the *data key*, so changing the password or forgetting the device
 * never re-encrypts records and never touches the other slot.
 */

/**
 * Chosen on this project's reference machine (2 cores, Node 20, @noble/hashes scryptAsync):
 * N=2^17, r=8, p=1 uses 128 MiB and unlocks in about 0.8 s; N=2^18 took 1.8 s. See
 * docs/decisions/ (vault format) for the measurement.
 */
export const DEFAULT_VAULT_SCRYPT = { N: 2 ** 17, r: 8, p: 1 } as const;
export type ScryptCost = { N: number; r: number; p: number };

export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 1024;

export function checkNewPassword(password: string): void {
  const length = Array.from(password).length;
  if (length < MIN_PASSWORD_LENGTH) {
    throw new WeakPasswordError(`The vault password must be at least ${MIN_PASSWORD_LENGTH} characters.`);
  }
  if (length > MAX_PASSWORD_LENGTH) {
    throw new WeakPasswordError(`The vault password must be at most ${MAX_PASSWORD_LENGTH} characters.`);
  }
}

/** NFKC first, so the same password typed on another OS or keyboard layout gives the same bytes. */
const passwordBytes = (password: string) => utf8(password.normalize('NFKC'));

async function derivePasswordKey(password: string, kdf: ScryptParams, whenBusy: WhenBusy): Promise<Uint8Array> {
  const bytes = passwordBytes(password);
  try {
    return await deriveScrypt(bytes, kdf, whenBusy);
  } finally {
    wipe(bytes);
  }
}

export async function makePasswordSlot(
  vaultId: string,
  password: string,
  cost: ScryptCost,
  dataKey: Uint8Array,
): Promise<VaultState['passwordSlot']> {
  const kdf: ScryptParams = { ...cost, dkLen: 32, salt: randomSecretBytes(32) };
  const problem = findScryptParamProblem(kdf, VAULT_SCRYPT_LIMITS);
  if (problem) throw new HostileKdfParamsError(`The requested key-derivation parameters are refused: ${problem}.`);
  // Setting a password is authorised work (create, change): it may wait for the gate.
  const key = await derivePasswordKey(password, kdf, 'queue');
  try {
    return { kdf, sealed: seal(key, dataKey, associatedData.passwordSlot(vaultId)) };
  } finally {
    wipe(key);
  }
}

/**
 * The data key, or null when the password is wrong (or the slot was altered: indistinguishable).
 * `state` is the caller's in-memory slot: its KDF parameters, salt and sealed key are used as
 * given, never re-read from disk. A password check never waits for the KDF gate: it is refused.
 */
export async function openPasswordSlot(state: Pick<VaultState, 'vaultId' | 'passwordSlot'>, password: string): Promise<Uint8Array | null> {
  const key = await derivePasswordKey(password, state.passwordSlot.kdf, 'refuse');
  try {
    return checkedDataKey(open(key, state.passwordSlot.sealed, associatedData.passwordSlot(state.vaultId)));
  } finally {
    wipe(key);
  }
}

export function makeOsSlot(vaultId: string, osKey: Uint8Array, dataKey: Uint8Array): NonNullable<VaultState['osSlot']> {
  return { keyRef: vaultId, sealed: seal(osKey, dataKey, associatedData.osSlot(vaultId)) };
}

export function openOsSlot(state: VaultState, osKey: Uint8Array): Uint8Array | null {
  if (!state.osSlot || osKey.length !== DATA_KEY_BYTES) return null;
  return checkedDataKey(open(osKey, state.osSlot.sealed, associatedData.osSlot(state.vaultId)));
}

function checkedDataKey(key: Uint8Array | null): Uint8Array | null {
  if (key && key.length !== DATA_KEY_BYTES) {
    wipe(key);
    throw new VaultCorruptError('The vault file is corrupted: the wrapped data key has the wrong length.');
  }
  return key;
}
