/**
 * Fill notifications: the list main keeps (`listFillNotifications`), every new `orderFilled`,
 * and the short-lived toasts that announce them wherever the user is in the app. The list
 * belongs to the account that read it (see accountDataPolicy): a switch empties it, a locked
 * vault freezes it, an account that cannot trade has none.
 */
import { create } from 'zustand';
import type { BridgeError } from '../../shared/result';
import type { FillNotification } from '../../shared/tradingViews';
import { api } from '../bridge/api';
import { accountToRead } from './accountDataPolicy';
import { useAccountsStore } from './accountsStore';
import { currentTradingBlock } from './tradingAccess';

export const TOAST_MS = 8_000;
const MAX_TOASTS = 4;

interface FillsState {
  /** The account `fills` belong to. */
  accountId: string | null;
  fills: FillNotification[];
  /** When the list was last read or added to (epoch ms); 0 before the first read. */
  loadedAt: number;
  toasts: FillNotification[];
  error: BridgeError | null;
  load: () => Promise<void>;
  receive: (fill: FillNotification) => void;
  dismiss: (ids: string[]) => Promise<void>;
  closeToast: (id: string) => void;
  reset: () => void;
}

const newestFirst = (a: FillNotification, b: FillNotification) => b.at - a.at;
let generation = 0;
/**
 * Notices dismissed from this page: a list read that main answered before it handled the
 * dismissal (sent earlier, answered later) must not bring one back.
 */
const dismissed = new Set<string>();

export const useFillsStore = create<FillsState>()((set, get) => ({
  accountId: null,
  fills: [],
  loadedAt: 0,
  toasts: [],
  error: null,
  load: async () => {
    const accountId = accountToRead(get());
    if (accountId === null) return;
    const mine = ++generation;
    if (get().accountId !== accountId) set({ accountId, fills: [], loadedAt: 0, error: null });
    const result = await api.listFillNotifications({});
    if (mine !== generation || useAccountsStore.getState().activeAccountId !== accountId) return;
    if (result.ok) set({ accountId, fills: result.value.filter((f) => !dismissed.has(f.id)).sort(newestFirst), loadedAt: Date.now(), error: null });
    else set({ error: result.error });
  },
  receive: (fill) => {
    // Main announces fills of the active account only; one that lands during a switch is read
    // again with the new account's list, so it is not added to whichever list is showing.
    if (get().accountId !== useAccountsStore.getState().activeAccountId) return;
    if (get().fills.some((f) => f.id === fill.id)) return;
    set((s) => ({ fills: [fill, ...s.fills].sort(newestFirst), loadedAt: Date.now(), toasts: [fill, ...s.toasts].slice(0, MAX_TOASTS) }));
    setTimeout(() => get().closeToast(fill.id), TOAST_MS);
  },
  dismiss: async (ids) => {
    if (ids.length === 0 || currentTradingBlock() !== null) return;
    const result = await api.dismissFillNotifications({ ids });
    if (result.ok) {
      for (const id of ids) dismissed.add(id);
      set((s) => ({ fills: s.fills.filter((f) => !ids.includes(f.id)), error: null }));
    }
    else set({ error: result.error });
  },
  closeToast: (id) => set((s) => (s.toasts.some((t) => t.id === id) ? { toasts: s.toasts.filter((t) => t.id !== id) } : s)),
  reset: () => {
    generation += 1;
    // Toasts stay: they announce something that happened (and leave after TOAST_MS on their own).
    set({ accountId: null, fills: [], loadedAt: 0, error: null });
  },
}));

export const selectFills = (s: FillsState): FillNotification[] => s.fills;
export const selectToasts = (s: FillsState): FillNotification[] => s.toasts;
