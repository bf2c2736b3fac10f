/**
 * The answers of the user's actions ("Cancel all: 6 cancelled", a quote grid's results, the
 * ticket's refusal), kept with what makes them true: the action, the account that acted, and the
 * context it was composed in (the ticket's side and outcome, the grid's outcome). A result shows
 * only while all three still hold and it is younger than RESULT_TTL_MS; an account switch or a
 * lock removes every result for good, so one can never be read as the new account's, or survive
 * a walk-away. One mechanism for every panel instead of a patch in each.
 */
import { create } from 'zustand';
import type { Unsubscribe } from '../../shared/contract';
import { useAccountsStore } from './accountsStore';
import { useVaultStore } from './vaultStore';

/** Long enough to read and act on; short enough that it cannot pass for the current state. */
export const RESULT_TTL_MS = 2 * 60_000;

export interface ScopedResult<T = unknown> {
  action: string;
  accountId: string | null;
  /** What the action was composed for, e.g. `BUY|<token id>`; '' when only the account matters. */
  context: string;
  value: T;
  /** Epoch ms when it arrived. */
  at: number;
}

export interface ResultCircumstances {
  accountId: string | null;
  unlocked: boolean;
  context: string;
  now: number;
}

/** Whether a result is still true to show under the current circumstances. */
export function resultHolds(result: Pick<ScopedResult, 'accountId' | 'context' | 'at'>, current: ResultCircumstances, ttlMs = RESULT_TTL_MS): boolean {
  return current.unlocked && result.accountId === current.accountId && result.context === current.context && current.now - result.at < ttlMs;
}

interface ActionResultsState {
  results: Readonly<Record<string, ScopedResult>>;
  publish: <T>(action: string, value: T, context?: string) => void;
  /** Clears the action's result; with `only`, just when that result is still the one held. */
  clear: (action: string, only?: ScopedResult) => void;
  clearAll: () => void;
}

export const useActionResultsStore = create<ActionResultsState>()((set, get) => ({
  results: {},
  publish: (action, value, context = '') => {
    const accountId = useAccountsStore.getState().activeAccountId;
    set((s) => ({ results: { ...s.results, [action]: { action, accountId, context, value, at: Date.now() } } }));
  },
  clear: (action, only) => {
    const held = get().results[action];
    if (!held || (only !== undefined && held !== only)) return;
    set((s) => {
      const { [action]: _gone, ...rest } = s.results;
      return { results: rest };
    });
  },
  clearAll: () => {
    if (Object.keys(get().results).length > 0) set({ results: {} });
  },
}));

/** Shorthand for stores outside React (the cancel-all of the panel and the shortcut share one). */
export const publishResult = <T>(action: string, value: T, context = ''): void => useActionResultsStore.getState().publish(action, value, context);

/** Every result goes when the active account changes or the vault locks. */
export function followResultScope(): Unsubscribe {
  let accountId = useAccountsStore.getState().activeAccountId;
  let unlocked = useVaultStore.getState().vault?.unlocked === true;
  const onChange = () => {
    const nextAccount = useAccountsStore.getState().activeAccountId;
    const nextUnlocked = useVaultStore.getState().vault?.unlocked === true;
    if (nextAccount !== accountId || (unlocked && !nextUnlocked)) useActionResultsStore.getState().clearAll();
    accountId = nextAccount;
    unlocked = nextUnlocked;
  };
  const unsubscribeAccounts = useAccountsStore.subscribe(onChange);
  const unsubscribeVault = useVaultStore.subscribe(onChange);
  return () => {
    unsubscribeAccounts();
    unsubscribeVault();
  };
}
