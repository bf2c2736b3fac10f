/**
 * The accounts and which one is active: the one source every view follows. Kept current by
 * `accountsChanged` and by the results of the calls that change it. Accounts carry addresses,
 * labels and masked hints only.
 */
import { create } from 'zustand';
import type { AccountsState, AccountView } from '../../shared/custodyViews';
import type { IssuingHosts } from '../../shared/issuedOrigin';
import type { BridgeError } from '../../shared/result';
import { api } from '../bridge/api';

interface AccountsStoreState extends AccountsState {
  phase: 'idle' | 'loading' | 'ready' | 'error';
  loadError: BridgeError | null;
  /** The account a switch is under way to, so the switcher can show it and refuse a second one. */
  switchingTo: string | null;
  /** Why the last switch failed; shown by the switcher, cleared by the next attempt. */
  switchError: BridgeError | null;
  load: () => Promise<void>;
  receive: (state: AccountsState) => void;
  /** From the title-bar switcher, Ctrl/Cmd+1…9 and the Accounts view alike. */
  switchTo: (accountId: string) => Promise<boolean>;
}

/**
 * Numbers each list read and switch. A read's answer is applied only if nothing was asked after
 * it: a list read started before a switch (after an unlock, say) and answered after it would
 * otherwise put the previous account back on screen while main trades on the new one.
 */
let lastAsked = 0;

export const useAccountsStore = create<AccountsStoreState>()((set, get) => ({
  accounts: [],
  activeAccountId: null,
  phase: 'idle',
  loadError: null,
  switchingTo: null,
  switchError: null,
  load: async () => {
    set((s) => ({ phase: s.phase === 'ready' ? 'ready' : 'loading' }));
    const asked = ++lastAsked;
    const result = await api.listAccounts({});
    if (asked !== lastAsked) return;
    if (result.ok) useAccountsStore.getState().receive(result.value);
    else set({ phase: 'error', loadError: result.error });
  },
  receive: ({ accounts, activeAccountId, hosts }) => set({ accounts, activeAccountId, hosts, phase: 'ready', loadError: null }),
  switchTo: async (accountId) => {
    if (get().switchingTo !== null) return false;
    if (accountId === get().activeAccountId) return true;
    set({ switchingTo: accountId, switchError: null });
    lastAsked += 1;
    const result = await api.switchAccount({ accountId });
    set({ switchingTo: null, switchError: result.ok ? null : result.error });
    if (result.ok) get().receive(result.value);
    return result.ok;
  },
}));

export const selectAccounts = (s: AccountsStoreState): AccountView[] => s.accounts;
export const selectActiveAccountId = (s: AccountsStoreState): string | null => s.activeAccountId;
export const selectActiveAccount = (s: AccountsStoreState): AccountView | null =>
  s.accounts.find((account) => account.id === s.activeAccountId) ?? null;
export const selectAccountsPhase = (s: AccountsStoreState): AccountsStoreState['phase'] => s.phase;
export const selectSwitchError = (s: AccountsStoreState): BridgeError | null => s.switchError;
export const selectSwitchingTo = (s: AccountsStoreState): string | null => s.switchingTo;
export const selectAccountsLoadError = (s: AccountsStoreState): BridgeError | null => s.loadError;
/** What the current network binds credentials and proxies to (undefined between networks). */
export const selectHosts = (s: AccountsStoreState): IssuingHosts | undefined => s.hosts;
/** One of the user's own accounts: its key is in the vault (not watch-only, not missing). */
export const holdsKey = (account: AccountView): boolean => account.kind === 'key' && !account.keyMissing;
/** Whether the active account can sign: it has a key (not watch-only). Locking is a separate check. */
export const selectActiveCanSign = (s: AccountsStoreState): boolean => selectActiveAccount(s)?.kind === 'key';
