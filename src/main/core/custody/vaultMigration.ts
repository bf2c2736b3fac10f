import { resealRecords } from './vaultRecords';
import { VAULT_VERSION, type VaultState } from './vaultFormat';

/**
 * Vault format migrations, one step per version. Only v1→v2 exists: v1 had no networks, so its
 * order-book credentials and perps proxies were parsed as the sandbox's (vaultFormat.ts); this
 * step re-seals every record with the v2 associated data (the network bound in) under the same
 * data key. It needs the data key, so the vault runs it at unlock (or before its first write),
 * writes the result with the same atomic write as any change (the old file stays whole until the
 * rename, and becomes the `.bak`), and adopts it only once it is on disk. A state already at the
 * current version is returned as null: running it twice does nothing.
 *
 * Each record is authenticated under the v1 rules before it is re-sealed (resealRecords), and the
 * caller has already checked the v1 index MAC, so nothing altered on disk is carried into v2.
 */
export function migratedState(state: VaultState, dataKey: Uint8Array): VaultState | null {
  if (state.version === VAULT_VERSION) return null;
  const records = resealRecords(state.vaultId, state.version, dataKey, dataKey, state.records);
  return { ...state, version: VAULT_VERSION, records };
}
