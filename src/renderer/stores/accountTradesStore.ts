/**
 * The active account's trades. Main walks `/data/trades` to the end as a job; we name the job so
 * its progress (rows, pages, ETA) can be shown while it runs and the user can cancel it. Like
 * every per-account table they follow accountDataPolicy: emptied on a switch, frozen while
 * locked.
 */
import { create } from 'zustand';
import type { BridgeError } from '../../shared/result';
import type { TradeView } from '../../shared/tradingViews';
import { api } from '../bridge/api';
import { accountToRead } from './accountDataPolicy';
import { newJobId, useJobsStore } from './jobsStore';

interface AccountTradesState {
  accountId: string | null;
  trades: TradeView[];
  phase: 'idle' | 'loading' | 'ready' | 'error' | 'cancelled';
  error: BridgeError | null;
  jobId: string | null;
  loadedAt: number;
  load: () => Promise<void>;
  cancel: () => Promise<void>;
  reset: () => void;
}

const newestFirst = (a: TradeView, b: TradeView) => b.matchTime - a.matchTime;

export const useAccountTradesStore = create<AccountTradesState>()((set, get) => ({
  accountId: null,
  trades: [],
  phase: 'idle',
  error: null,
  jobId: null,
  loadedAt: 0,
  load: async () => {
      // A locked vault keeps the last list (marked with its age); anything else empties it.
    const accountId = accountToRead(get());
    if (accountId === null) return;
    if (get().phase === 'loading' && get().accountId === accountId) return;
    const jobId = newJobId('trades');
    set((s) => ({ accountId, jobId, phase: 'loading', error: null, trades: s.accountId === accountId ? s.trades : [] }));
    const result = await api.listAccountTrades({ jobId });
    useJobsStore.getState().forget(jobId);
    if (get().jobId !== jobId) return; // reset or reloaded meanwhile
    if (result.ok) set({ trades: [...result.value].sort(newestFirst), phase: 'ready', jobId: null, loadedAt: Date.now() });
    else set({ phase: result.error.code === 'cancelled' || get().phase === 'cancelled' ? 'cancelled' : 'error', error: result.error, jobId: null });
  },
  cancel: async () => {
    const { jobId } = get();
    if (!jobId) return;
    set({ phase: 'cancelled' });
    await api.cancelJob({ jobId });
  },
  reset: () => set({ accountId: null, trades: [], phase: 'idle', error: null, jobId: null, loadedAt: 0 }),
}));

export const selectAccountTrades = (s: AccountTradesState): TradeView[] => s.trades;
