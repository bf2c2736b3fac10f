/**
 * Key custody for the core: the encrypted vault, the OS-keychain port, keystore v3 import and
 * export, unlock throttling and secret-handling helpers. Nothing here imports electron.
 */
export * from './errors';
export { createVault, openVault, Vault, type CreateVaultOptions, type VaultOptions } from './vault';
export { DEFAULT_VAULT_SCRYPT, MIN_PASSWORD_LENGTH, MAX_PASSWORD_LENGTH, type ScryptCost } from './vaultSlots';
export {
  VAULT_FORMAT,
  VAULT_VERSION,
  RECORD_KINDS,
  V1_RECORDS_NETWORK,
  isNetworkScoped,
  type RecordKind,
  type RecordIndexEntry,
} from './vaultFormat';
export type { BoundRecord, PutRecordInput, VaultRecord } from './vaultRecords';
export type { ClobCredentials, IssuedOrigin, PerpsProxySecret, RecordPayload } from './recordPayloads';
export { createMemoryOsKeyStore, type OsKeyStore, type OsKeyStoreAvailability } from './osKeyStorePort';
export { createKeyringOsKeyStore, OS_KEYSTORE_SERVICE } from './osKeyStore';
export { importKeystoreV3, exportKeystoreV3, STANDARD_KEYSTORE_SCRYPT, type KeystoreV3Json, type ImportedKey } from './keystoreV3';
export { createUnlockThrottle, retryMessage, THROTTLE_POLICY, type UnlockThrottle } from './unlockThrottle';
export { PasswordChecks, type PasswordChecksOptions } from './passwordChecks';
export { kdfGate, KdfGate, MAX_QUEUED, type KdfGateStats, type WhenBusy } from './kdfGate';
export { maskSecret, wipe, useThenWipe } from './secretBytes';
export { assertValidPrivateKey, parsePrivateKeyHex } from './privateKey';
export { addressOfPrivateKey } from './keyAddress';
export { addressProblem, isAddress, toChecksumAddress, type Address } from './address';
export { writeFileAtomic } from './atomicWrite';
