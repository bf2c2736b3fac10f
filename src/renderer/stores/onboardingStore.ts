/**
 * Order-book credentials created for the user rather than by them: on the sandbox the first
 * time an account needs them (the Trade view, the faucet), or from the ticket's inline button on
 * other networks. Keeps, per account, what happened, so the ticket can say it in one line.
 */
import { create } from 'zustand';
import type { AccountsState } from '../../shared/custodyViews';
import type { BridgeError } from '../../shared/result';
import { api } from '../bridge/api';
import { useAccountsStore } from './accountsStore';

export type CredentialsStep =
  | { phase: 'creating'; automatic: boolean }
  | { phase: 'created'; automatic: boolean; label: string }
  | { phase: 'failed'; automatic: boolean; error: BridgeError };

interface OnboardingState {
  /** Account id → the last credentials step taken for it in this session. */
  steps: Record<string, CredentialsStep>;
  /** Creates the active account's credentials; `automatic` when nobody clicked for it. */
  createCredentials: (accountId: string, label: string, automatic: boolean) => Promise<AccountsState | null>;
  /** Notes that another action (the faucet) created them on the way. */
  noteCreated: (accountId: string, label: string) => void;
  dismiss: (accountId: string) => void;
}

export const useOnboardingStore = create<OnboardingState>()((set, get) => ({
  steps: {},
  createCredentials: async (accountId, label, automatic) => {
    if (get().steps[accountId]?.phase === 'creating') return null;
    set((s) => ({ steps: { ...s.steps, [accountId]: { phase: 'creating', automatic } } }));
    const result = await api.createClobCredentials({});
    if (!result.ok) {
      set((s) => ({ steps: { ...s.steps, [accountId]: { phase: 'failed', automatic, error: result.error } } }));
      return null;
    }
    useAccountsStore.getState().receive(result.value);
    set((s) => ({ steps: { ...s.steps, [accountId]: { phase: 'created', automatic, label } } }));
    return result.value;
  },
  noteCreated: (accountId, label) => set((s) => ({ steps: { ...s.steps, [accountId]: { phase: 'created', automatic: true, label } } })),
  dismiss: (accountId) =>
    set((s) => {
      const steps = { ...s.steps };
      delete steps[accountId];
      return { steps };
    }),
}));
