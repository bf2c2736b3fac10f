/**
 * What the exchange accepts right now (normal, cancel-only, post-only…), the active account's
 * restrictions, its heartbeat and its "confirm orders" choice. Kept current by
 * `tradingStateChanged` and by the results of the calls that change it.
 */
import { create } from 'zustand';
import type { BridgeError } from '../../shared/result';
import type { TradingState } from '../../shared/tradingViews';
import { api } from '../bridge/api';
import { modeNotice } from '../views/trade/modeNotice';

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
  return modeNotice(state)?.refusal ?? null;
}
