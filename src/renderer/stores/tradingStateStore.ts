/**
 * What the exchange accepts right now (normal, cancel-only, post-only…), the active account's
 * restrictions, its heartbeat and its "confirm orders" choice. Kept current by
 * `tradingStateChanged` and by the results of the calls that change it.
 */
import { create } from 'zustand';
import type { BridgeError } from '../../shared/result';
import type { TradingState } from '../../shared/tradingViews';
import { api } from '../bridge/api';

interface TradingStateStore {
  state: TradingState | null;
  loadError: BridgeError | null;
  /** Bumped on every change; the ticket re-checks its order when it moves. */
  revision: number;
  load: () => Promise<void>;
  receive: (state: TradingState) => void;
}

export const useTradingStateStore = create<TradingStateStore>()((set) => ({
  state: null,
  loadError: null,
  revision: 0,
  load: async () => {
    const result = await api.getTradingState({});
    if (result.ok) useTradingStateStore.getState().receive(result.value);
    else set({ loadError: result.error });
  },
  receive: (state) => set((s) => ({ state, loadError: null, revision: s.revision + 1 })),
}));

export const selectTradingState = (s: TradingStateStore): TradingState | null => s.state;
export const selectTradingRevision = (s: TradingStateStore): number => s.revision;
export const selectConfirmOrders = (s: TradingStateStore): boolean => s.state?.confirmOrders ?? true;

/** Why new orders cannot go out at all in this mode, or null (post-only still takes some). */
export function modeRefusal(state: TradingState | null): string | null {
  if (!state) return null;
  if (state.banned) return 'This address is banned from trading on the exchange.';
  if (state.closedOnly) return 'This address is in closed-only mode: the exchange refuses new orders from it.';
  if (state.mode === 'trading-disabled') return 'Trading is disabled on the exchange right now.';
  if (state.mode === 'cancel-only') return 'The exchange is in cancel-only mode: new orders are refused, cancels work.';
  if (state.mode === 'restarting') return 'The matching engine is restarting: orders wait until it is back.';
  return null;
}
