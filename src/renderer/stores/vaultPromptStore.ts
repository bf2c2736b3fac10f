/**
 * The create/unlock dialog that opens over any view when the user starts something that needs
 * the vault (or clicks "Locked" in the title bar). Markets and other public data keep working
 * while locked, so the app never blocks the whole window; it asks at the moment it must.
 */
import { create } from 'zustand';

interface VaultPromptState {
  open: boolean;
  /** What the user was doing, said in the dialog: "Unlock to create order-book credentials." */
  purpose: string | null;
  show: (purpose?: string) => void;
  close: () => void;
}

export const useVaultPromptStore = create<VaultPromptState>()((set) => ({
  open: false,
  purpose: null,
  show: (purpose) => set({ open: true, purpose: purpose ?? null }),
  close: () => set({ open: false, purpose: null }),
}));

export const selectPromptOpen = (s: VaultPromptState): boolean => s.open;
export const selectPromptPurpose = (s: VaultPromptState): string | null => s.purpose;
export const showVaultPrompt = (purpose?: string): void => useVaultPromptStore.getState().show(purpose);
