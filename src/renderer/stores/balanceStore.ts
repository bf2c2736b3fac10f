/**
 * The active account's USD balance and allowance and its shares of the traded outcome. Main
 * pushes `balanceChanged` after fills and orders, often without the outcome's shares; we then
 * keep the shares we had and ask for them again, once, shortly after.
 */
import { create } from 'zustand';
import type { BridgeError, BridgeResult } from '../../shared/result';
import type { BalanceView } from '../../shared/tradingViews';
import { api } from '../bridge/api';
import { useAccountsStore } from './accountsStore';
import { currentTradingBlock } from './tradingAccess';

interface BalanceState {
  accountId: string | null;
  /** The outcome whose shares are shown. */
  tokenId: string | null;
  balance: BalanceView | null;
  phase: 'idle' | 'loading' | 'ready' | 'error';
  error: BridgeError | null;
  /** Bumped on every change; the ticket re-checks its order when it moves. */
  revision: number;
  load: (tokenId: string | null) => Promise<void>;
  /** The answer of refresh or faucet calls. */
  receiveResult: (result: BridgeResult<BalanceView> | null) => void;
  receiveEvent: (payload: { accountId: string; balance: BalanceView }) => void;
  reset: () => void;
}

const SHARES_REREAD_MS = 300;
let rereadTimer: ReturnType<typeof setTimeout> | null = null;
let generation = 0;

function merge(held: BalanceView | null, next: BalanceView, tokenId: string | null): BalanceView {
  if (next.conditional || !held?.conditional || held.conditional.tokenId !== tokenId) return next;
  return { ...next, conditional: held.conditional };
}

export const useBalanceStore = create<BalanceState>()((set, get) => ({
  accountId: null,
  tokenId: null,
  balance: null,
  phase: 'idle',
  error: null,
  revision: 0,
  load: async (tokenId) => {
    const accountId = useAccountsStore.getState().activeAccountId;
    if (currentTradingBlock() !== null || accountId === null) {
      set({ accountId, tokenId, phase: 'idle', error: null });
      return;
    }
    const mine = ++generation;
    set((s) => ({ accountId, tokenId, phase: s.balance && s.accountId === accountId ? s.phase : 'loading', error: null }));
    const result = await api.getBalanceAllowance(tokenId ? { tokenId } : {});
    if (mine !== generation || useAccountsStore.getState().activeAccountId !== accountId) return;
    if (result.ok) set((s) => ({ balance: result.value, phase: 'ready', revision: s.revision + 1 }));
    else set({ phase: 'error', error: result.error });
  },
  receiveResult: (result) => {
    if (!result?.ok) return;
    set((s) => ({ balance: merge(s.balance, result.value, s.tokenId), phase: 'ready', error: null, revision: s.revision + 1 }));
  },
  receiveEvent: ({ accountId, balance }) => {
    const { tokenId } = get();
    if (accountId !== useAccountsStore.getState().activeAccountId) return;
    if (balance.conditional && balance.conditional.tokenId !== tokenId) {
      // Shares of another outcome: only the USD part is ours to show.
      balance = { ...balance, conditional: null };
    }
    set((s) => ({ accountId, balance: merge(s.balance, balance, tokenId), phase: 'ready', error: null, revision: s.revision + 1 }));
    if (!balance.conditional && tokenId) {
      if (rereadTimer) clearTimeout(rereadTimer);
      rereadTimer = setTimeout(() => {
        rereadTimer = null;
        void get().load(get().tokenId);
      }, SHARES_REREAD_MS);
    }
  },
  reset: () => {
    generation += 1;
    set((s) => ({ accountId: null, balance: null, phase: 'idle', error: null, revision: s.revision + 1 }));
  },
}));

export const selectBalance = (s: BalanceState): BalanceView | null => s.balance;
