/**
 * The vault as this window knows it: whether one exists, whether it is unlocked, the device-unlock
 * option, auto-lock and the unlock throttle. Loaded once, then kept current by `vaultStateChanged`
 * and by the results of the calls that change it. It never holds a password or a key.
 */
import { create } from 'zustand';
import type { VaultState } from '../../shared/custodyViews';
import type { BridgeError } from '../../shared/result';
import { api } from '../bridge/api';
import { useAccountsStore } from './accountsStore';

interface VaultStoreState {
  vault: VaultState | null;
  loadError: BridgeError | null;
  /** When the next unlock attempt is allowed (epoch ms); `retryAfterMs` counts from arrival. */
  retryAt: number;
  load: () => Promise<void>;
  receive: (vault: VaultState) => void;
}

export const useVaultStore = create<VaultStoreState>()((set) => ({
  vault: null,
  loadError: null,
  retryAt: 0,
  load: async () => {
    const result = await api.getVaultState({});
    if (result.ok) useVaultStore.getState().receive(result.value);
    else set({ loadError: result.error });
  },
  receive: (vault) => {
    const wasUnlocked = useVaultStore.getState().vault?.unlocked === true;
    set({ vault, loadError: null, retryAt: vault.retryAfterMs > 0 ? Date.now() + vault.retryAfterMs : 0 });
    // An unlock can reveal accounts a locked vault could not list; main also pushes
    // `accountsChanged`, and the two answers agree.
    if (vault.unlocked && !wasUnlocked) void useAccountsStore.getState().load();
  },
}));

/** `unknown` until the first answer; then no vault yet, locked, or unlocked. */
export type LockStatus = 'unknown' | 'none' | 'locked' | 'unlocked';

export const selectLockStatus = (s: VaultStoreState): LockStatus => {
  if (!s.vault) return 'unknown';
  if (!s.vault.exists) return 'none';
  return s.vault.unlocked ? 'unlocked' : 'locked';
};

export const selectVault = (s: VaultStoreState): VaultState | null => s.vault;
export const selectIsUnlocked = (s: VaultStoreState): boolean => s.vault?.unlocked === true;
export const selectRetryAt = (s: VaultStoreState): number => s.retryAt;
export const selectDeviceUnlock = (s: VaultStoreState): VaultState['deviceUnlock'] | null => s.vault?.deviceUnlock ?? null;
export const selectVaultLoadError = (s: VaultStoreState): BridgeError | null => s.loadError;

const LOCK_REASONS: Record<NonNullable<VaultState['lockReason']>, string> = {
  startup: 'Locked since Marketdesk started.',
  manual: 'Locked by you.',
  idle: 'Locked after a period without activity.',
  sleep: 'Locked when the computer went to sleep.',
  'screen-locked': 'Locked when the screen was locked.',
};

export const describeLockReason = (vault: VaultState | null): string | null =>
  vault?.lockReason ? LOCK_REASONS[vault.lockReason] : null;
