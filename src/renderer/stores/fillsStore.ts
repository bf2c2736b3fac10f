/**
 * Fill notifications: the list main keeps (`listFillNotifications`), every new `orderFilled`,
 * and the short-lived toasts that announce them wherever the user is in the app.
 */
import { create } from 'zustand';
import type { BridgeError } from '../../shared/result';
import type { FillNotification } from '../../shared/tradingViews';
import { api } from '../bridge/api';
import { currentTradingBlock } from './tradingAccess';

export const TOAST_MS = 8_000;
const MAX_TOASTS = 4;

interface FillsState {
  fills: FillNotification[];
  toasts: FillNotification[];
  error: BridgeError | null;
  load: () => Promise<void>;
  receive: (fill: FillNotification) => void;
  dismiss: (ids: string[]) => Promise<void>;
  closeToast: (id: string) => void;
}

const newestFirst = (a: FillNotification, b: FillNotification) => b.at - a.at;

export const useFillsStore = create<FillsState>()((set, get) => ({
  fills: [],
  toasts: [],
  error: null,
  load: async () => {
    const result = await api.listFillNotifications({});
    if (result.ok) set({ fills: [...result.value].sort(newestFirst), error: null });
    else set({ error: result.error });
  },
  receive: (fill) => {
    if (get().fills.some((f) => f.id === fill.id)) return;
    set((s) => ({ fills: [fill, ...s.fills].sort(newestFirst), toasts: [fill, ...s.toasts].slice(0, MAX_TOASTS) }));
    setTimeout(() => get().closeToast(fill.id), TOAST_MS);
  },
  dismiss: async (ids) => {
    if (ids.length === 0 || currentTradingBlock() !== null) return;
    const result = await api.dismissFillNotifications({ ids });
    if (result.ok) set((s) => ({ fills: s.fills.filter((f) => !ids.includes(f.id)), error: null }));
    else set({ error: result.error });
  },
  closeToast: (id) => set((s) => (s.toasts.some((t) => t.id === id) ? { toasts: s.toasts.filter((t) => t.id !== id) } : s)),
}));

export const selectFills = (s: FillsState): FillNotification[] => s.fills;
export const selectToasts = (s: FillsState): FillNotification[] => s.toasts;
