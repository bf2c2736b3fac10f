/**
 * The perpetuals exchange as the user's accounts see it: the exchange's public facts (assets,
 * instruments, weight budget) and each account's proxies, equity and free collateral. Read on
 * demand by the perps views and again when `perpsChanged` says an account moved.
 */
import { create } from 'zustand';
import type { PerpsAccountView, PerpsInfoView } from '../../shared/perpsViews';
import type { BridgeError } from '../../shared/result';
import { api } from '../bridge/api';

interface PerpsState {
  info: PerpsInfoView | null;
  infoError: BridgeError | null;
  accounts: PerpsAccountView[];
  accountsPhase: 'idle' | 'loading' | 'ready' | 'error';
  accountsError: BridgeError | null;
  loadInfo: () => Promise<void>;
  loadAccounts: () => Promise<void>;
  /** One account's fresh view (after a faucet, a paper position, a transfer). */
  receiveAccount: (account: PerpsAccountView) => void;
}

export const usePerpsStore = create<PerpsState>()((set) => ({
  info: null,
  infoError: null,
  accounts: [],
  accountsPhase: 'idle',
  accountsError: null,
  loadInfo: async () => {
    const result = await api.getPerpsInfo({});
    if (result.ok) set({ info: result.value, infoError: null });
    else set({ infoError: result.error });
  },
  loadAccounts: async () => {
    set((s) => ({ accountsPhase: s.accountsPhase === 'ready' ? 'ready' : 'loading' }));
    const result = await api.listPerpsAccounts({});
    if (result.ok) set({ accounts: result.value, accountsPhase: 'ready', accountsError: null });
    else set({ accountsPhase: 'error', accountsError: result.error });
  },
  receiveAccount: (account) =>
    set((s) => ({
      accounts: s.accounts.some((a) => a.accountId === account.accountId)
        ? s.accounts.map((a) => (a.accountId === account.accountId ? account : a))
        : [...s.accounts, account],
    })),
}));

/** Reads the account views again, at most once per burst of `perpsChanged` events. */
let reload: ReturnType<typeof setTimeout> | null = null;
export function reloadPerpsAccountsSoon(): void {
  if (reload) clearTimeout(reload);
  reload = setTimeout(() => {
    reload = null;
    if (usePerpsStore.getState().accountsPhase !== 'idle') void usePerpsStore.getState().loadAccounts();
  }, 300);
}

export const selectPerpsInfo = (s: PerpsState): PerpsInfoView | null => s.info;
export const selectPerpsAccount =
  (accountId: string | null) =>
  (s: PerpsState): PerpsAccountView | null =>
    accountId ? (s.accounts.find((a) => a.accountId === accountId) ?? null) : null;
