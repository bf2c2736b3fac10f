/**
 * The active account's open orders: loaded with `listOpenOrders`, then replaced by every
 * `openOrdersChanged` main pushes for that account (placed, filled, cancelled, expired). They
 * belong to the account that read them (see accountDataPolicy): a switch empties them, a locked
 * vault freezes them with their age, an account that cannot trade has none.
 */
import { create } from 'zustand';
import type { BridgeError, BridgeResult } from '../../shared/result';
import type { OpenOrderView } from '../../shared/tradingViews';
import { api } from '../bridge/api';
import { accountToRead } from './accountDataPolicy';
import { publishResult } from './actionResultsStore';
import { useCancelledOrdersStore } from './cancelledOrdersStore';
import { useAccountsStore } from './accountsStore';

export interface CancelAnswer {
  what: string;
  canceled: string[];
  notCanceled: Record<string, string>;
}

/** The last cancel's answer or failure, whichever button or shortcut sent it (actionResultsStore). */
export type CancelResult = { answer: CancelAnswer; error: null } | { answer: null; error: BridgeError };
export const CANCEL_RESULT = 'orders.cancel';

interface OpenOrdersState {
  accountId: string | null;
  orders: OpenOrderView[];
  /** When `orders` were last read or pushed (epoch ms); 0 before the first read. */
  loadedAt: number;
  phase: 'idle' | 'loading' | 'ready' | 'error';
  error: BridgeError | null;
  load: () => Promise<void>;
  receive: (payload: { accountId: string; orders: OpenOrderView[] }) => void;
  reset: () => void;
}

let generation = 0;

export const useOpenOrdersStore = create<OpenOrdersState>()((set, get) => ({
  accountId: null,
  orders: [],
  loadedAt: 0,
  phase: 'idle',
  error: null,
  load: async () => {
    const accountId = accountToRead(get());
    if (accountId === null) return;
    const mine = ++generation;
    set((s) =>
      s.accountId === accountId
        ? { phase: s.phase === 'ready' ? 'ready' : 'loading', error: null }
        : { accountId, orders: [], loadedAt: 0, phase: 'loading', error: null },
    );
    const result = await api.listOpenOrders({});
    if (mine !== generation || useAccountsStore.getState().activeAccountId !== accountId) return;
    if (result.ok) set({ orders: result.value, loadedAt: Date.now(), phase: 'ready' });
    else set({ phase: 'error', error: result.error });
  },
  receive: ({ accountId, orders }) => {
    if (accountId !== useAccountsStore.getState().activeAccountId) return;
    generation += 1; // a push is newer than any reply still on its way
    set({ accountId, orders, loadedAt: Date.now(), phase: 'ready', error: null });
  },
  reset: () => {
    generation += 1;
    if (get().phase !== 'idle' || get().orders.length > 0 || get().accountId !== null) set({ accountId: null, orders: [], loadedAt: 0, phase: 'idle', error: null });
  },
}));

/** Publishes a cancel's answer (or failure) as the account's last cancel result. */
export function publishCancelResult(what: string, result: BridgeResult<{ canceled: string[]; notCanceled: Record<string, string> }>): void {
  const value: CancelResult = result.ok ? { answer: { what, ...result.value }, error: null } : { answer: null, error: result.error };
  if (result.ok) useCancelledOrdersStore.getState().noteCancelled(result.value.canceled);
  publishResult<CancelResult>(CANCEL_RESULT, value);
}

/** Cancels every open order of the active account; the answer becomes its cancel result. */
export async function cancelEveryOpenOrder(): Promise<BridgeResult<{ canceled: string[]; notCanceled: Record<string, string> }>> {
  const result = await api.cancelAllOrders({});
  publishCancelResult('Cancel all', result);
  return result;
}

export const selectOpenOrders = (s: OpenOrdersState): OpenOrderView[] => s.orders;

/** Shares still open in an order. */
export const remainingSize = (order: OpenOrderView): number => Math.max(0, Number(order.originalSize) - Number(order.sizeMatched || 0));
