/**
 * The active account's trades. Main walks `/data/trades` to the end as a job; we name the job so
 * its progress (rows, pages, ETA) can be shown while it runs and the user can cancel it. Trades
 * an order's answer named (a taker fill) are pushed by main at once (`accountTradesAdded`) and
 * join the list; a walk that ends keeps them (a trade never goes away). Like every per-account
 * table they follow accountDataPolicy: emptied on a switch, frozen while locked.
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
  /** Trades main pushed for an account: added to its list when that list is the one shown. */
  receive: (payload: { accountId: string; trades: TradeView[] }) => void;
  cancel: () => Promise<void>;
  reset: () => void;
}

const newestFirst = (a: TradeView, b: TradeView) => b.matchTime - a.matchTime;
/** A trade can be several rows (one per own maker order, each its own asset): the table's row key. */
export const tradeRowKey = (t: TradeView): string => `${t.id}-${t.role}-${t.assetId}`;

/** `held` with the rows of `added` it does not have yet, newest first. */
function joined(held: readonly TradeView[], added: readonly TradeView[]): TradeView[] {
  const keys = new Set(held.map(tradeRowKey));
  const fresh = added.filter((t) => !keys.has(tradeRowKey(t)));
  return fresh.length === 0 ? [...held] : [...held, ...fresh].sort(newestFirst);
}

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
    if (result.ok) set((s) => ({ trades: joined([...result.value].sort(newestFirst), s.trades), phase: 'ready', jobId: null, loadedAt: Date.now() }));
    else set({ phase: result.error.code === 'cancelled' || get().phase === 'cancelled' ? 'cancelled' : 'error', error: result.error, jobId: null });
  },
  receive: ({ accountId, trades }) => {
    // A list never read stays unread (the panel walks it when shown); another account's is not this one's.
    if (get().accountId !== accountId || get().phase === 'idle') return;
    set((s) => ({ trades: joined(s.trades, trades) }));
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
