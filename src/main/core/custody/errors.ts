import type { BridgeErrorCode } from '../../../shared/result';
import { CoreError } from '../coreError';

/**
 * Every custody failure the user can meet, each with its own stable code so the UI can act on it
 * (offer the password after an OS-keychain failure, show "try again in N s", …).
 *
 * Rule for every message here: it names the problem and the field or parameter, never a value
 * that could be a secret, and no error is ever built with a `cause` (a wrapped library error
 * may quote its inputs, and a cause travels wherever the error is logged or serialised).
 */
export type CustodyErrorCode =
  | 'VAULT_WRONG_PASSWORD'
  | 'VAULT_WEAK_PASSWORD'
  | 'VAULT_CORRUPT'
  | 'VAULT_TAMPERED'
  | 'VAULT_UNSUPPORTED_FORMAT'
  | 'VAULT_UNSUPPORTED_VERSION'
  | 'VAULT_HOSTILE_KDF_PARAMS'
  | 'VAULT_DUPLICATE_RECORD'
  | 'VAULT_RECORD_NOT_FOUND'
  | 'VAULT_INVALID_RECORD'
  | 'VAULT_LOCKED'
  | 'VAULT_NOT_FOUND'
  | 'VAULT_EXISTS'
  | 'VAULT_IO'
  | 'VAULT_CONFLICT'
  | 'UNLOCK_THROTTLED'
  | 'OS_KEYSTORE_UNAVAILABLE'
  | 'OS_UNLOCK_NOT_ENABLED'
  | 'OS_UNLOCK_FAILED'
  | 'KEY_INVALID'
  | 'KEYSTORE_MALFORMED'
  | 'KEYSTORE_UNSUPPORTED'
  | 'KEYSTORE_HOSTILE_KDF_PARAMS'
  | 'KEYSTORE_WRONG_PASSWORD'
  | 'KDF_FAILED'
  | 'KDF_BUSY';

// The bridge code the renderer acts on; `custodyCode` keeps the precise reason.
const bridgeCodeOf: Record<CustodyErrorCode, BridgeErrorCode> = {
  VAULT_WRONG_PASSWORD: 'wrong_password',
  VAULT_WEAK_PASSWORD: 'invalid_input',
  VAULT_CORRUPT: 'internal',
  VAULT_TAMPERED: 'internal',
  VAULT_UNSUPPORTED_FORMAT: 'internal',
  VAULT_UNSUPPORTED_VERSION: 'internal',
  VAULT_HOSTILE_KDF_PARAMS: 'internal',
  VAULT_DUPLICATE_RECORD: 'conflict',
  VAULT_RECORD_NOT_FOUND: 'not_found',
  VAULT_INVALID_RECORD: 'invalid_input',
  VAULT_LOCKED: 'locked',
  VAULT_NOT_FOUND: 'no_vault',
  VAULT_EXISTS: 'conflict',
  VAULT_IO: 'internal',
  VAULT_CONFLICT: 'conflict',
  UNLOCK_THROTTLED: 'throttled',
  OS_KEYSTORE_UNAVAILABLE: 'unavailable',
  OS_UNLOCK_NOT_ENABLED: 'invalid_input',
  OS_UNLOCK_FAILED: 'unavailable',
  KEY_INVALID: 'invalid_input',
  KEYSTORE_MALFORMED: 'invalid_input',
  KEYSTORE_UNSUPPORTED: 'invalid_input',
  KEYSTORE_HOSTILE_KDF_PARAMS: 'invalid_input',
  KEYSTORE_WRONG_PASSWORD: 'wrong_password',
  KDF_FAILED: 'internal',
  KDF_BUSY: 'throttled',
};

export class CustodyError extends CoreError {
  readonly custodyCode: CustodyErrorCode;

  constructor(custodyCode: CustodyErrorCode, message: string, options: { retryable?: boolean } = {}) {
    // Deliberately no `cause`: see the rule at the top of this file.
    super(bridgeCodeOf[custodyCode], message, { retryable: options.retryable ?? false });
    this.name = new.target.name;
    this.custodyCode = custodyCode;
  }
}

const define = (code: CustodyErrorCode) =>
  class extends CustodyError {
    constructor(message: string, options: { retryable?: boolean } = {}) {
      super(code, message, options);
    }
  };

export class WrongPasswordError extends define('VAULT_WRONG_PASSWORD') {
  constructor() {
    super('Wrong password: the vault could not be unlocked.');
  }
}
export class WeakPasswordError extends define('VAULT_WEAK_PASSWORD') {}
/** The file is not valid JSON, is truncated, or a field is missing or malformed. */
export class VaultCorruptError extends define('VAULT_CORRUPT') {}
/** The file parses but its authenticated contents were changed (GCM tag or index MAC mismatch). */
export class VaultTamperedError extends define('VAULT_TAMPERED') {}
export class UnsupportedVaultFormatError extends define('VAULT_UNSUPPORTED_FORMAT') {}
export class UnsupportedVaultVersionError extends define('VAULT_UNSUPPORTED_VERSION') {}
export class HostileKdfParamsError extends define('VAULT_HOSTILE_KDF_PARAMS') {}
export class DuplicateRecordError extends define('VAULT_DUPLICATE_RECORD') {}
export class RecordNotFoundError extends define('VAULT_RECORD_NOT_FOUND') {}
export class InvalidRecordError extends define('VAULT_INVALID_RECORD') {}
export class VaultLockedError extends define('VAULT_LOCKED') {
  constructor() {
    super('The vault is locked: unlock it to use keys and credentials.');
  }
}
export class VaultNotFoundError extends define('VAULT_NOT_FOUND') {}
export class VaultExistsError extends define('VAULT_EXISTS') {}
export class VaultIoError extends define('VAULT_IO') {}
/** Another process wrote the vault file since this one read it: the write was refused, nothing changed. */
export class VaultConflictError extends define('VAULT_CONFLICT') {}
export class OsKeyStoreUnavailableError extends define('OS_KEYSTORE_UNAVAILABLE') {}
export class OsUnlockNotEnabledError extends define('OS_UNLOCK_NOT_ENABLED') {}
export class OsUnlockFailedError extends define('OS_UNLOCK_FAILED') {}
export class InvalidPrivateKeyError extends define('KEY_INVALID') {}
export class KeystoreMalformedError extends define('KEYSTORE_MALFORMED') {}
export class KeystoreUnsupportedError extends define('KEYSTORE_UNSUPPORTED') {}
export class KeystoreHostileKdfParamsError extends define('KEYSTORE_HOSTILE_KDF_PARAMS') {}
export class KeystoreWrongPasswordError extends define('KEYSTORE_WRONG_PASSWORD') {
  constructor() {
    super('Wrong password or corrupted keystore: the keystore MAC does not match.');
  }
}
export class KdfFailedError extends define('KDF_FAILED') {}

/** "N s", rounded up so a refusal never says 0 s while it still refuses. */
const retrySeconds = (retryAfterMs: number) => Math.max(1, Math.ceil(retryAfterMs / 1000));

/** A password check refused before it was evaluated: too many recent attempts, or one in flight. */
export class UnlockThrottledError extends define('UNLOCK_THROTTLED') {
  readonly retryAfterMs: number;
  constructor(retryAfterMs: number) {
    super(`Too many password attempts: try again in ${retrySeconds(retryAfterMs)} s.`, { retryable: true });
    this.retryAfterMs = retryAfterMs;
  }
}

/** Another key derivation holds the process-wide gate (see kdfGate.ts). */
export class KdfBusyError extends define('KDF_BUSY') {
  readonly retryAfterMs: number;
  constructor(retryAfterMs: number) {
    super(`Another key derivation is running: try again in ${retrySeconds(retryAfterMs)} s.`, { retryable: true });
    this.retryAfterMs = retryAfterMs;
  }
}

/** A Node error code (ENOENT, EACCES, …) if there is one; used to branch without reading messages. */
export const errnoOf = (error: unknown): string | undefined =>
  typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string'
    ? error.code
    : undefined;
