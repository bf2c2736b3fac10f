/**
 * The Portfolio view's data: whose positions (the active account, all accounts, one account or a
 * looked-up address), the last portfolio read for that choice and the value-over-time series.
 * A response for an older choice is dropped, so a slow answer never shows under the wrong name.
 * A choice with nothing on screen shows the last synced copy first (marked with its age).
 */
import { create } from 'zustand';
import type { PortfolioHistoryView, PortfolioView, RealisedPeriod, WalletTarget } from '../../shared/portfolioViews';
import type { BridgeError } from '../../shared/result';
import { api } from '../bridge/api';
import { useAccountsStore } from './accountsStore';

/** What the account selector holds; `active` follows the title-bar switcher. */
export type WalletChoice = { kind: 'active' } | WalletTarget;
export type HistoryRange = '1w' | '1m' | '3m' | '1y' | 'all';

interface PortfolioState {
  choice: WalletChoice;
  view: PortfolioView | null;
  /** The target key `view` belongs to. */
  viewKey: string | null;
  phase: 'idle' | 'loading' | 'ready' | 'error';
  error: BridgeError | null;
  range: HistoryRange;
  /** The period of the header's realised P&L. */
  period: RealisedPeriod;
  history: PortfolioHistoryView | null;
  historyKey: string | null;
  historyError: BridgeError | null;
  choose: (choice: WalletChoice) => void;
  setRange: (range: HistoryRange) => void;
  setPeriod: (period: RealisedPeriod) => void;
  load: () => Promise<void>;
  loadHistory: () => Promise<void>;
}

/** The bridge target of a choice; null while there is no active account to follow. */
export function resolveTarget(choice: WalletChoice, activeAccountId: string | null): WalletTarget | null {
  if (choice.kind !== 'active') return choice;
  return activeAccountId ? { kind: 'account', accountId: activeAccountId } : null;
}

export const targetKey = (target: WalletTarget | null): string | null => {
  if (!target) return null;
  if (target.kind === 'account') return `account:${target.accountId}`;
  if (target.kind === 'address') return `address:${target.address.toLowerCase()}`;
  return 'all';
};

const currentTarget = (choice: WalletChoice) => resolveTarget(choice, useAccountsStore.getState().activeAccountId);

export const usePortfolioStore = create<PortfolioState>()((set, get) => ({
  choice: { kind: 'active' },
  view: null,
  viewKey: null,
  phase: 'idle',
  error: null,
  range: '3m',
  period: 'all',
  history: null,
  historyKey: null,
  historyError: null,
  choose: (choice) => set({ choice, phase: 'idle', error: null, historyError: null }),
  setRange: (range) => set({ range, historyError: null }),
  setPeriod: (period) => {
    set({ period });
    void get().load();
  },
  load: async () => {
    const target = currentTarget(get().choice);
    const key = targetKey(target);
    const period = get().period;
    if (!target || !key) return;
    // A re-poll of the same target keeps the table on screen; a new target shows loading.
    const shown = get().viewKey === key && get().view !== null;
    set((s) => ({ phase: shown ? s.phase : 'loading' }));
    if (!shown) {
      // The last synced copy from the local store, at once (no request): the view is not blank
      // while the service is read, at app start above all. The fresh answer replaces it.
      const kept = await api.getKeptPortfolio({ target, period });
      if (targetKey(currentTarget(get().choice)) === key && kept.ok && kept.value && get().viewKey !== key) {
        set({ view: kept.value, viewKey: key, phase: 'ready', error: null });
      }
    }
    const result = await api.getPortfolio({ target, period });
    if (targetKey(currentTarget(get().choice)) !== key || get().period !== period) return;
    if (result.ok) set({ view: result.value, viewKey: key, phase: 'ready', error: null });
    else set((s) => ({ phase: 'error', error: result.error, view: s.viewKey === key ? s.view : null }));
  },
  loadHistory: async () => {
    const target = currentTarget(get().choice);
    const range = get().range;
    const key = targetKey(target);
    if (!target || !key) return;
    const result = await api.getPortfolioHistory({ target, range });
    if (targetKey(currentTarget(get().choice)) !== key || get().range !== range) return;
    if (result.ok) set({ history: result.value, historyKey: `${key}|${range}`, historyError: null });
    else set({ historyError: result.error });
  },
}));

export const selectPortfolioChoice = (s: PortfolioState): WalletChoice => s.choice;
/** The portfolio of the current choice, or null while none has arrived for it. */
export const selectPortfolioFor =
  (key: string | null) =>
  (s: PortfolioState): PortfolioView | null =>
    key !== null && s.viewKey === key ? s.view : null;
